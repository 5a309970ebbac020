import { invalidParam } from '../../../errors.js';
import { readBase36Id, VIDEO_ID } from './identifiers.js';
import { readRedditInput, type RedditLocation } from './reddit-url.js';

const POST_FORMS =
  'a post URL (https://www.reddit.com/r/{name}/comments/{id}/..., old./new./np. hosts, https://redd.it/{id}), a post id such as 1abc2d, or a t3_ fullname';
const COMMENT_FORMS =
  'a comment permalink (https://www.reddit.com/r/{name}/comments/{postId}/{slug}/{commentId}/) or postId:commentId (e.g. 98vj9e:e4j4830)';
const TRANSCRIPT_FORMS = `${POST_FORMS}, or a video URL https://v.redd.it/{videoId}`;

/** The post id inside a reddit.com path: /comments/{id}, /r/x/comments/{id}/..., /gallery/{id}. */
function postIdFromPath(location: RedditLocation): string | null {
  const { segments, hostKind } = location;
  if (hostKind === 'short') return segments.length === 1 ? readBase36Id(segments[0] ?? '', 't3_') : null;
  if (hostKind !== 'reddit') return null;
  const commentsAt = segments.findIndex((part) => part.toLowerCase() === 'comments');
  if (commentsAt >= 0) return readBase36Id(segments[commentsAt + 1] ?? '', 't3_');
  if (segments[0]?.toLowerCase() === 'gallery') return readBase36Id(segments[1] ?? '', 't3_');
  return null;
}

/** Parses a post URL or id into the post's base36 id, or throws invalid_request naming `param`. */
export function parsePostRef(raw: string, param = 'url'): string {
  const input = readRedditInput(raw);
  const id = input.kind === 'text' ? readBase36Id(input.text, 't3_') : input.kind === 'location' ? postIdFromPath(input.location) : null;
  if (id === null) throw invalidParam(param, `${param} must be ${POST_FORMS}.`);
  return id;
}

/** A comment and the post it belongs to (plain base36 ids). */
export interface CommentRef {
  postId: string;
  commentId: string;
}

/** Parses `postId:commentId` or a comment permalink, or throws invalid_request naming `param`. */
export function parseCommentRef(raw: string, param = 'url'): CommentRef {
  const input = readRedditInput(raw);
  if (input.kind === 'text') {
    const [post, comment, extra] = input.text.split(':');
    const postId = readBase36Id(post ?? '', 't3_');
    const commentId = readBase36Id(comment ?? '', 't1_');
    if (postId !== null && commentId !== null && extra === undefined) return { postId, commentId };
  } else if (input.kind === 'location' && input.location.hostKind === 'reddit') {
    // /r/x/comments/{post}/{slug}/{comment}, /comments/{post}/_/{comment}, /r/x/comments/{post}/comment/{comment}
    const { segments } = input.location;
    const commentsAt = segments.findIndex((part) => part.toLowerCase() === 'comments');
    const postId = commentsAt >= 0 ? readBase36Id(segments[commentsAt + 1] ?? '', 't3_') : null;
    const commentId = commentsAt >= 0 ? readBase36Id(segments[commentsAt + 3] ?? '', 't1_') : null;
    if (postId !== null && commentId !== null) return { postId, commentId };
  }
  throw invalidParam(param, `${param} must be ${COMMENT_FORMS}.`);
}

/** What a transcript request names: a post to resolve, or a v.redd.it video directly. */
export type VideoRef = { kind: 'post'; postId: string } | { kind: 'video'; videoId: string };

/** Transcript input: a direct v.redd.it URL names the video; anything else must name a post. */
export function parseVideoRef(raw: string, param = 'url'): VideoRef {
  const input = readRedditInput(raw);
  if (input.kind === 'location' && input.location.hostKind === 'video') {
    const videoId = input.location.segments[0]?.toLowerCase() ?? '';
    if (VIDEO_ID.test(videoId)) return { kind: 'video', videoId };
    throw invalidParam(param, `${param} must be ${TRANSCRIPT_FORMS}.`);
  }
  try {
    return { kind: 'post', postId: parsePostRef(raw, param) };
  } catch {
    throw invalidParam(param, `${param} must be ${TRANSCRIPT_FORMS}.`);
  }
}
