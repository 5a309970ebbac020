import { parseSubredditRef, parseUsernameRef } from '../input/name-ref.js';
import { parseCommentRef, parsePostRef, parseVideoRef } from '../input/post-ref.js';
import { pageCursor } from './params.js';

/**
 * Canonical parameters (the endpoints' normaliseParams): every accepted form of a post,
 * comment, video, community or account becomes one spelling, checked before any credit is
 * reserved, so `u/name` and `name`, or a post URL and its id, share a cache entry.
 */

export const canonicalPost = <T extends { url: string }>(params: T): T => ({ ...params, url: parsePostRef(params.url, 'url') });

export function canonicalComment<T extends { url: string }>(params: T): T {
  const { postId, commentId } = parseCommentRef(params.url, 'url');
  return { ...params, url: `${postId}:${commentId}` };
}

export function canonicalVideo<T extends { url: string }>(params: T): T {
  const ref = parseVideoRef(params.url, 'url');
  return { ...params, url: ref.kind === 'video' ? `https://v.redd.it/${ref.videoId}` : ref.postId };
}

export const canonicalUser = <T extends { username: string }>(params: T): T => ({
  ...params,
  username: parseUsernameRef(params.username, 'username'),
});

/** A listing page: its community by name, and `after` folded into `cursor`. */
export function canonicalListing<T extends { subreddit?: string | undefined; cursor?: string | undefined; after?: string | undefined }>(
  params: T,
): T {
  const subreddit = params.subreddit === undefined ? undefined : parseSubredditRef(params.subreddit, 'subreddit');
  return { ...params, subreddit, cursor: pageCursor(params), after: undefined };
}

export function canonicalCommunity<T extends { subreddit: string; url?: string | undefined }>(params: T): T {
  const subreddit = parseSubredditRef(params.subreddit, 'subreddit');
  return { ...params, subreddit, url: params.url === undefined ? undefined : parseSubredditRef(params.url, 'url') };
}
