import { REDDIT_ORIGIN, VIDEO_HOST_ORIGIN } from '../constants.js';

/**
 * Builders for every upstream URL the forum family requests. Callers pass only values
 * that already passed the identifier rules in input/identifiers.ts; query values are
 * encoded here. JSON URLs always end with raw_json=1 so text arrives unescaped.
 */

type QueryValue = string | number | undefined;

function build(path: string, query: Record<string, QueryValue>, rawJson: boolean): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  if (rawJson) search.set('raw_json', '1');
  const text = search.toString();
  return `${REDDIT_ORIGIN}${path}${text === '' ? '' : `?${text}`}`;
}

/** The JSON URL and its Atom-feed twin (same path with `.rss`, same query minus raw_json). */
export interface SurfaceUrls {
  json: string;
  feed: string;
}

function surfaces(pathWithoutSuffix: string, query: Record<string, QueryValue>): SurfaceUrls {
  return { json: build(`${pathWithoutSuffix}.json`, query, true), feed: build(`${pathWithoutSuffix}.rss`, query, false) };
}

/** Page size and the cursor (a t3_ fullname) of the page to start after. */
export interface PageQuery {
  limit: number;
  after?: string | undefined;
}

/** /r/{sub}/{sort}: `t` only travels with the sorts that use it. */
export function subredditListingUrls(sub: string, sort: string, timeframe: string | undefined, page: PageQuery): SurfaceUrls {
  return surfaces(`/r/${sub}/${sort}`, { t: timeframe, limit: page.limit, after: page.after });
}

/** /search or /r/{sub}/search with restrict_sr=1. */
export function searchUrls(query: string, sub: string | undefined, sort: string, timeframe: string, page: PageQuery): SurfaceUrls {
  const path = sub === undefined ? '/search' : `/r/${sub}/search`;
  return surfaces(path, {
    q: query,
    restrict_sr: sub === undefined ? undefined : 1,
    sort,
    t: timeframe,
    limit: page.limit,
    after: page.after,
  });
}

/** /user/{name}/submitted. */
export function userSubmittedUrls(name: string, sort: string, timeframe: string | undefined, page: PageQuery): SurfaceUrls {
  return surfaces(`/user/${name}/submitted`, { sort, t: timeframe, limit: page.limit, after: page.after });
}

/** The post with the smallest comment tree Reddit will serve (the post endpoint needs only element 0). */
export function postOnlyUrls(postId: string): SurfaceUrls {
  return surfaces(`/comments/${postId}`, { limit: 1, depth: 1 });
}

/** The post and its comment tree. */
export function postCommentsUrl(postId: string, options: { sort: string; depth: number; limit: number }): string {
  return build(`/comments/${postId}.json`, { sort: options.sort, depth: options.depth, limit: options.limit }, true);
}

/** The comment permalink view: the post plus the thread rooted at one comment. */
export function commentThreadUrl(postId: string, commentId: string, options: { sort: string; depth: number }): string {
  return build(`/comments/${postId}/_/${commentId}.json`, { sort: options.sort, depth: options.depth }, true);
}

/** The community's about.json (a t5). */
export function subredditAboutUrl(sub: string): string {
  return build(`/r/${sub}/about.json`, {}, true);
}

/** The community's HTML page (the alternate surface for details when JSON is blocked). */
export function subredditPageUrl(sub: string): string {
  return `${REDDIT_ORIGIN}/r/${sub}/`;
}

/** The account's about.json (a t2). */
export function userAboutUrl(name: string): string {
  return build(`/user/${name}/about.json`, {}, true);
}

/** Unsigned manifest URLs of a v.redd.it video. */
export function videoManifestUrls(videoId: string): { dash: string; hls: string } {
  return { dash: `${VIDEO_HOST_ORIGIN}/${videoId}/DASHPlaylist.mpd`, hls: `${VIDEO_HOST_ORIGIN}/${videoId}/HLSPlaylist.m3u8` };
}
