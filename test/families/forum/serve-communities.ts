import type { FakeUpstream } from '../../support/fake-upstream-server.js';
import { listing, postsByAuthors } from './forum-data.js';

/**
 * Serves /r/{name}/hot.json for every community: 3 posts after `delayMs`, except names
 * starting with "empty" (no posts) and "broken" (HTTP 500).
 */
export function serveCommunities(upstream: FakeUpstream, delayMs = 0): void {
  upstream.on((_request, url) => {
    const match = /^\/r\/([^/]+)\/hot\.json$/.exec(url.pathname);
    if (!match) return undefined;
    if (match[1]!.startsWith('broken')) return { status: 500, body: 'oops', delayMs };
    return { body: listing(match[1]!.startsWith('empty') ? [] : postsByAuthors(3, 3)), delayMs };
  });
}

/** Batch targets for communities c0…c{n-1}. */
export const communityTargets = (count: number, prefix = 'c'): { subreddit: string }[] =>
  Array.from({ length: count }, (_unused, index) => ({ subreddit: `${prefix}${index}` }));
