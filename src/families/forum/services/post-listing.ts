import { emptyListResult } from '../../../catalogue/empty-results.js';
import type { ListResult } from '../../../catalogue/results.js';
import type { Upstream } from '../../../catalogue/upstream.js';
import type { Post } from '../../../model/content.js';
import { parseAtomFeed, type AtomEntry } from '../atom/feed.js';
import { entryListingExtra, entryToPost } from '../atom/entry-to-post.js';
import { normalisePost, postListingExtra, type PostListingExtra } from '../normalise/post.js';
import { listingSchema } from '../schemas/listing.js';
import { postDataSchema, type PostData } from '../schemas/post.js';
import { withFallback } from '../upstream/fallback.js';
import type { SurfaceUrls } from '../upstream/reddit-urls.js';
import { isRedirectToCommunitySearch, isRefusal, readRefusal, REFUSAL_STATUSES } from '../upstream/refusals.js';
import { parseJsonBody, parseShape } from '../../../upstream/json-body.js';

/**
 * Post listings (community, search, account submissions): the JSON Listing first, its Atom
 * feed when JSON is blocked or rate-limited. raw = { via, url, payload, posts } where
 * payload is the untouched upstream body and posts the per-post extras of spec rules 5-6.
 */

export type JsonListingPage =
  | { kind: 'posts'; url: string; posts: PostData[]; after: string | null; payload: unknown }
  | { kind: 'empty'; url: string; reason: string; payload: unknown };

/** Fetches and reads one JSON Listing of t3 posts (other kinds are skipped). */
export async function fetchJsonListing(upstream: Upstream, url: string, what: string): Promise<JsonListingPage> {
  const response = await upstream.fetch({ url, passStatuses: REFUSAL_STATUSES });
  if (isRefusal(response)) return { kind: 'empty', url, ...readRefusal(response) };
  const payload = parseJsonBody(response, what);
  if (isRedirectToCommunitySearch(response)) return { kind: 'empty', url, reason: 'not_found', payload };
  const listing = parseShape(listingSchema, payload, what);
  const posts = listing.data.children
    .filter((child) => child.kind === 't3')
    .map((child) => parseShape(postDataSchema, child.data, `${what} post`));
  return { kind: 'posts', url, posts, after: listing.data.after ?? null, payload };
}

/**
 * A JSON page as a list result, at most `limit` posts whatever the platform sent (search has
 * been seen answering 31 for 25): when it sent more, the cursor continues after the last post
 * kept, so nothing is skipped.
 */
export function jsonPageResult(
  page: JsonListingPage,
  fetchedAt: string,
  limit: number,
  extraRaw: Record<string, unknown> = {},
): ListResult<Post> {
  if (page.kind === 'empty')
    return emptyListResult(page.reason, { via: 'json', url: page.url, payload: page.payload, posts: [], ...extraRaw });
  const posts = page.posts.slice(0, limit);
  const cut = page.posts.length > limit;
  const items = posts.map((post) => normalisePost(post, fetchedAt));
  const cursor = cut ? `t3_${posts.at(-1)!.id}` : page.after;
  return {
    items,
    pagination: { cursor, hasMore: cursor !== null },
    raw: { via: 'json', url: page.url, payload: page.payload, posts: posts.map(postListingExtra), ...extraRaw },
    ...(items.length === 0 ? { emptyReason: 'no_results' } : {}),
  };
}

/** A fetched Atom feed: its entries and the untouched body (for raw). */
export interface FeedPage {
  url: string;
  entries: AtomEntry[];
  body: string;
}

/** Fetches an Atom feed; refusals are not interpreted (the JSON answer already was). */
export async function fetchFeed(upstream: Upstream, url: string): Promise<FeedPage> {
  const response = await upstream.fetch({ url, headers: { accept: 'application/atom+xml' } });
  return { url, entries: parseAtomFeed(response.body), body: response.body };
}

/**
 * A feed page as a list result. Feeds carry no `after`, so the cursor is the last post's
 * fullname when the page came back full (Reddit's feeds accept it as `after`).
 */
export function feedPageResult(page: FeedPage, limit: number, fetchedAt: string): ListResult<Post> {
  const items: Post[] = [];
  const extras: PostListingExtra[] = [];
  for (const entry of page.entries) {
    const post = entryToPost(entry, fetchedAt);
    if (post === null) continue;
    items.push(post);
    extras.push(entryListingExtra(entry, post.id));
  }
  const last = items.at(-1);
  const full = last !== undefined && items.length >= limit;
  return {
    items,
    pagination: { cursor: full ? `t3_${last.id}` : null, hasMore: full },
    raw: { via: 'atom', url: page.url, payload: page.body, posts: extras },
    ...(items.length === 0 ? { emptyReason: 'no_results' } : {}),
  };
}

/** JSON listing with Atom fallback, as one list result. */
export async function fetchPostListing(
  upstream: Upstream,
  urls: SurfaceUrls,
  options: { limit: number; fetchedAt: string; what: string },
): Promise<ListResult<Post>> {
  return withFallback(
    async () => jsonPageResult(await fetchJsonListing(upstream, urls.json, options.what), options.fetchedAt, options.limit),
    async () => feedPageResult(await fetchFeed(upstream, urls.feed), options.limit, options.fetchedAt),
  );
}
