import { isGatewayError } from '../../../errors.js';
import type { Upstream } from '../../../catalogue/upstream.js';
import { entryBodyText, entryPostId } from '../atom/entry-to-post.js';
import type { PostData } from '../schemas/post.js';
import { fetchFeed } from './post-listing.js';

/**
 * Search's companion feed. Body text normally comes with the JSON
 * results; the feed of the same query is fetched (one more request) only when a self post
 * arrives without any `selftext` field, i.e. Reddit withheld the body rather than the body
 * being empty. Bodies then come from the feed, null where the feed lacks the result. A
 * failing feed does not fail the search: those bodies stay null and raw says why.
 */

export interface CompanionOutcome {
  posts: PostData[];
  report: { status: 'not_needed' | 'used' | 'failed'; url?: string; code?: string; matched?: number };
}

/** True when some self post came without a body field. */
export function needsCompanionFeed(posts: readonly PostData[]): boolean {
  return posts.some((post) => post.is_self === true && (post.selftext === null || post.selftext === undefined));
}

/** Fills withheld bodies from the feed at `feedUrl` when needed. */
export async function fillBodiesFromFeed(upstream: Upstream, feedUrl: string, posts: PostData[]): Promise<CompanionOutcome> {
  if (!needsCompanionFeed(posts)) return { posts, report: { status: 'not_needed' } };
  let texts: Map<string, string | null>;
  try {
    const feed = await fetchFeed(upstream, feedUrl);
    texts = new Map(feed.entries.map((entry) => [entryPostId(entry) ?? '', entryBodyText(entry)]));
  } catch (error) {
    if (!isGatewayError(error)) throw error;
    return { posts, report: { status: 'failed', url: feedUrl, code: error.code } };
  }
  let matched = 0;
  const filled = posts.map((post) => {
    if (post.selftext !== null && post.selftext !== undefined) return post;
    if (texts.has(post.id)) matched += 1;
    return { ...post, selftext: texts.get(post.id) ?? null };
  });
  return { posts: filled, report: { status: 'used', url: feedUrl, matched } };
}
