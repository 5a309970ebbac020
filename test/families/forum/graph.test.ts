import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ForumUserDocument, SubredditAuthorsDocument } from '../../graphql/generated/graphql.js';
import { listing, postsByAuthors, userAbout } from './forum-data.js';
import { POOR_KEY, startHarness, type Harness } from '../../support/gateway.js';
import { execute } from '../../support/typed-graphql.js';

const USER_DELAY_MS = 150;

describe('the forum graph over GraphQL', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness.close());
  beforeEach(() => {
    harness.upstream.reset();
    harness.upstream
      .on((_request, url) => (url.pathname === '/r/synthetic/hot.json' ? { body: listing(postsByAuthors(25, 10), 't3_next1') } : undefined))
      .on((_request, url) => {
        const match = /^\/user\/([^/]+)\/about\.json$/.exec(url.pathname);
        return match ? { body: userAbout(match[1]!, 7), delayMs: USER_DELAY_MS } : undefined;
      });
  });

  it('loads 25 posts by 10 authors with exactly 1 + 10 upstream requests, the ten concurrently, billing 11', async () => {
    const result = await execute(harness, SubredditAuthorsDocument, { subreddit: 'synthetic', limit: 25 });
    expect(result.errors).toBeUndefined();
    const items = result.data!.forumSubreddit.items;
    expect(items).toHaveLength(25);
    expect(items.every((item) => item.author?.handle === item.authorHandle && item.author?.followerCount === 7)).toBe(true);
    expect(result.data!.forumSubreddit.pagination).toEqual({ cursor: 't3_next1', hasMore: true });

    const listingRequests = harness.upstream.requests.filter((request) => request.url.startsWith('/r/synthetic/hot.json'));
    const userRequests = harness.upstream.requests.filter((request) => request.url.startsWith('/user/'));
    expect(listingRequests).toHaveLength(1);
    expect(userRequests).toHaveLength(10);
    expect(new Set(userRequests.map((request) => request.url)).size).toBe(10);
    expect(harness.upstream.maxConcurrent).toBe(10);
    expect(result.extensions.billing).toEqual({ creditsCharged: 11, liveFetches: 11, cacheHits: 0 });
  });

  it('answers a field that cannot be paid for with insufficient_credits and resolves the rest', async () => {
    await harness.gateway.state.keys.seed('sk_test_three_001', 3, null);
    const result = await execute(harness, SubredditAuthorsDocument, { subreddit: 'synthetic', limit: 25 }, 'sk_test_three_001');
    expect(result.data!.forumSubreddit.items).toHaveLength(25);
    const codes = new Set(result.errors!.map((error) => error.extensions.code));
    expect(codes).toEqual(new Set(['insufficient_credits']));
    expect(result.data!.forumSubreddit.items.filter((item) => item.author !== null).length).toBeGreaterThanOrEqual(2);
    expect(result.extensions.billing.creditsCharged).toBe(3);
  });

  it('gives raw only with includeRaw, and serves cache hits for free with the original fetchedAt', async () => {
    const first = await execute(harness, ForumUserDocument, { username: 'author_1', includeRaw: true });
    expect(first.data!.forumUser).toMatchObject({ handle: 'author_1', followerCount: 7 });
    expect(first.data!.forumUser!.raw).not.toBeNull();
    const hit = await execute(harness, ForumUserDocument, { username: 'author_1', cacheMaxAge: '1h' });
    expect(hit.data!.forumUser!.fetchedAt).toBe(first.data!.forumUser!.fetchedAt);
    expect(hit.data!.forumUser!.raw).toBeNull();
    expect(hit.extensions.billing).toEqual({ creditsCharged: 0, liveFetches: 0, cacheHits: 1 });
  });

  it('validates arguments with the REST schema and the same error code', async () => {
    const result = await execute(harness, SubredditAuthorsDocument, { subreddit: 'synthetic', limit: 500 });
    expect(result.errors![0]!.extensions).toMatchObject({ code: 'invalid_request', param: 'limit' });
    expect(harness.upstream.requests).toHaveLength(0);
  });

  it('refuses a missing or bad key with 401 and the spec code', async () => {
    const missing = await harness.graphql('{ __typename }', undefined, null);
    expect(missing.status).toBe(401);
    expect(missing.body.errors[0].extensions.code).toBe('missing_api_key');
    const poor = await execute(harness, ForumUserDocument, { username: 'author_1' }, POOR_KEY);
    expect(poor.errors![0]!.extensions).toMatchObject({ code: 'insufficient_credits', http: { status: 402 } });
    expect(poor.extensions.billing.creditsCharged).toBe(0);
  });
});
