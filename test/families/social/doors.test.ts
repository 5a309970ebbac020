import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callTool, connectClient } from '../../mcp/support.js';
import { balanceOf, expectEmpty, expectError, expectPaid, upstreamUrls } from '../../support/envelope.js';
import { startHarness, type Harness } from '../../support/gateway.js';
import { appViewRoute, FRIEND, OTHER, QUIET } from '../../../src/families/social/demo/appview.js';
import { didFor, postUri } from '../../../src/families/social/demo/views.js';

/**
 * The social family over the real gateway on loopback, its AppView a synthetic fake: every
 * endpoint on REST, GraphQL and MCP, the billing of live, cached, empty and failed calls, the
 * platform's errors, the opt-out rule on a feed, a list and a thread, and the graph edges.
 */

const ANA = 'ana.example.com';
const q = encodeURIComponent;

describe('the social family on every door', () => {
  let harness: Harness;
  beforeAll(async () => {
    // Subscriptions deliver to a loopback webhook here.
    harness = await startHarness({ WEBHOOK_ALLOW_PRIVATE: 'true' });
  });
  afterAll(() => harness.close());
  beforeEach(() => {
    harness.upstream.reset();
    harness.upstream.on(appViewRoute());
  });

  it('serves the eight endpoints on REST, each live call paid 1 credit', async () => {
    const paths: [string, 'single' | 'list'][] = [
      [`/v1/social/profile?handle=${q(`@${ANA}`)}`, 'single'],
      [`/v1/social/profile/posts?handle=${ANA}&limit=10`, 'list'],
      [`/v1/social/post?url=${q(`https://bsky.app/profile/${ANA}/post/p1`)}`, 'single'],
      [`/v1/social/post/replies?url=${q(postUri(ANA, 'root1'))}`, 'list'],
      [`/v1/social/feed?url=${q(`https://bsky.app/profile/${ANA}/feed/picks`)}`, 'list'],
      [`/v1/social/list?url=${q(`https://bsky.app/profile/${didFor(ANA)}/lists/l1`)}`, 'list'],
      [`/v1/social/profile/followers?handle=${q(`https://bsky.app/profile/${ANA}`)}`, 'list'],
      [`/v1/social/search/users?query=ana`, 'list'],
    ];
    for (const [path, kind] of paths) expectPaid(await harness.get(path), kind);
    expect(harness.upstream.requests.every((request) => request.host === 'public.api.bsky.app')).toBe(true);
    expect(
      harness.upstream.requests.every((request) => request.headers.authorization === undefined && request.headers.cookie === undefined),
    ).toBe(true);
  });

  it('serves a cache hit for 0 credits, and a page with withheld items is cached like any other', async () => {
    const path = `/v1/social/feed?url=${q(`at://${didFor(ANA)}/app.bsky.feed.generator/cached`)}&cache_max_age=1h`;
    const live = await harness.get(path);
    expectPaid(live, 'list');
    expect(live.body.meta.warnings).toEqual(['1 post withheld: author_opted_out']);
    const hit = await harness.get(path);
    expect(hit.body.meta).toMatchObject({ cached: true, creditsCharged: 0 });
    expect(hit.body.data).toEqual(live.body.data);
    expect(harness.upstream.requests).toHaveLength(1);
  });

  it('answers empty results for 0 credits with the platform reason, and failures for 0 credits', async () => {
    const before = await balanceOf(harness);
    expectEmpty(await harness.get('/v1/social/profile?handle=missing.example.com'), 'single', 'not_found');
    expectEmpty(await harness.get('/v1/social/profile?handle=gone.example.com'), 'single', 'account_deactivated');
    expectEmpty(await harness.get('/v1/social/profile?handle=banned.example.com'), 'single', 'account_taken_down');
    expectEmpty(await harness.get('/v1/social/profile/posts?handle=blocker.example.com'), 'list', 'blocked');
    expectEmpty(await harness.get(`/v1/social/feed?url=${q(`https://bsky.app/profile/${ANA}/feed/missing`)}`), 'list', 'not_found');
    expectEmpty(
      await harness.get(`/v1/social/list?url=${q(`https://bsky.app/profile/missing.example.com/lists/l1`)}`),
      'list',
      'not_found',
    );
    expectEmpty(await harness.get(`/v1/social/post?url=${q(postUri(ANA, 'missing1'))}`), 'single', 'not_found');
    expectError(await harness.get('/v1/social/profile?handle=html.example.com'), 502, 'upstream_blocked');
    expectError(await harness.get('/v1/social/profile?handle=drift.example.com'), 502, 'upstream_schema_drift');
    expect(await balanceOf(harness)).toBe(before);
  });

  it('refuses every malformed input with 400 naming the parameter, before any upstream request', async () => {
    for (const [path, param] of [
      ['/v1/social/profile?handle=nodot', 'handle'],
      ['/v1/social/profile/posts?handle=https%3A%2F%2Fexample.com%2Fprofile%2Fa.b', 'handle'],
      [`/v1/social/post?url=${q(`at://${didFor(ANA)}/app.bsky.graph.list/x`)}`, 'url'],
      [`/v1/social/feed?url=${q(`https://bsky.app/profile/${ANA}/post/x`)}`, 'url'],
      [`/v1/social/list?url=${q('https://bsky.app/profile/a.b/lists')}`, 'url'],
      ['/v1/social/search/users?query=%20', 'query'],
      ['/v1/social/profile/followers?handle=a.b&limit=101', 'limit'],
    ]) {
      const response = await harness.get(path!);
      expectError(response, 400, 'invalid_request');
      expect([path, response.body.error.details.param]).toEqual([path, param]);
    }
    expect(harness.upstream.requests).toHaveLength(0);
  });

  it('withholds an opted-out account on every door: its profile, posts and thread are empty, and it leaves feeds, lists and threads', async () => {
    expectEmpty(await harness.get(`/v1/social/profile?handle=${QUIET}`), 'single', 'author_opted_out');
    expectEmpty(await harness.get(`/v1/social/profile/posts?handle=${QUIET}`), 'list', 'author_opted_out');
    expectEmpty(await harness.get(`/v1/social/post?url=${q(postUri(QUIET, 'p1'))}`), 'single', 'author_opted_out');
    expectEmpty(await harness.get(`/v1/social/post/replies?url=${q(postUri(QUIET, 'p1'))}`), 'list', 'author_opted_out');

    const feed = await harness.get(`/v1/social/feed?url=${q(`https://bsky.app/profile/${ANA}/feed/picks2`)}&include_raw=true`);
    expect(feed.body.data.items.map((post: { authorHandle: string }) => post.authorHandle)).toEqual([FRIEND, OTHER]);
    expect(feed.body.meta.warnings).toEqual(['1 post withheld: author_opted_out']);
    const list = await harness.get(`/v1/social/list?url=${q(`https://bsky.app/profile/${ANA}/lists/l2`)}&include_raw=true`);
    expect(list.body.data.items.map((creator: { handle: string }) => creator.handle)).toEqual([FRIEND, OTHER]);
    expect(list.body.meta.warnings).toEqual(['1 account withheld: author_opted_out']);
    const thread = await harness.get(`/v1/social/post/replies?url=${q(postUri(ANA, 'root2'))}&include_raw=true`);
    expect(thread.body.data.items).toHaveLength(2);
    expect(thread.body.meta.warnings).toEqual(['1 reply skipped: not_found', '2 replies withheld: author_opted_out']);
    for (const response of [feed, list, thread]) {
      expect(response.body.meta.creditsCharged).toBe(1);
      expect(JSON.stringify(response.body)).not.toContain(QUIET);
      expect(JSON.stringify(response.body)).not.toContain('!no-unauthenticated');
    }
  });

  it('serves the GraphQL root fields and the edges Post.author, Post.comments, Creator.posts and Creator.followers', async () => {
    const response = await harness.graphql(`{
      socialProfile(handle: "${ANA}") {
        platformId handle followerCount
        posts(limit: 5) { items { platformId text author { handle postCount } } }
        followers(limit: 3) { items { handle } }
      }
      socialPost(url: "${postUri(ANA, 'root3')}") { platformId comments { items { platformId parentId } } }
    }`);
    expect(response.body.errors).toBeUndefined();
    const profile = response.body.data.socialProfile;
    expect(profile).toMatchObject({ platformId: didFor(ANA), handle: ANA, followerCount: 120 });
    expect(profile.posts.items.map((post: { platformId: string }) => post.platformId)).toEqual(
      ['pinned1', 'latest1', 'shared1', 'quoting1'].map((rkey) => postUri(rkey === 'shared1' ? FRIEND : ANA, rkey)),
    );
    expect(new Set(profile.posts.items.map((post: { author: { handle: string } }) => post.author.handle))).toEqual(new Set([ANA, FRIEND]));
    expect(profile.followers.items.map((creator: { handle: string }) => creator.handle)).toEqual([FRIEND, OTHER]);
    expect(response.body.data.socialPost.comments.items).toHaveLength(2);
    // The profile, its posts, its followers, two distinct authors (ana's profile again is the same key: one fetch), the post, its replies.
    const urls = upstreamUrls(harness);
    expect(urls.some((url) => url.includes('getAuthorFeed') && url.includes('limit=5'))).toBe(true);
    expect(urls.some((url) => url.includes('getFollowers') && url.includes('limit=3'))).toBe(true);
    expect(response.body.extensions.billing.creditsCharged).toBe(response.body.extensions.billing.liveFetches);

    const empty = await harness.graphql(
      `{ socialProfile(handle: "${QUIET}") { handle } socialSearchUsers(query: "nobody") { items { handle } } }`,
    );
    expect(empty.body.data).toEqual({ socialProfile: null, socialSearchUsers: { items: [] } });
    expect(empty.body.extensions.billing).toMatchObject({ creditsCharged: 0 });
  });

  it('runs a job and a batch through its own lane, and takes a change subscription on a subscribable endpoint only', async () => {
    const job = await harness.post('/v1/jobs', { endpoint: '/v1/social/profile', params: { handle: `@${ANA}` } });
    expect(job.status).toBe(202);
    expect((await harness.finishedJob(job.body.data.id)).result.data.id).toBe(didFor(ANA));
    const batch = await harness.post('/v1/jobs/batch', {
      endpoint: '/v1/social/post',
      targets: [{ url: postUri(ANA, 'b1') }, { url: postUri(QUIET, 'b2') }],
    });
    expect(batch.status).toBe(202);
    expect(await harness.finishedJob(batch.body.data.id)).toMatchObject({ status: 'succeeded', creditsCharged: 1 });
    const refused = await harness.post('/v1/subscriptions', {
      endpoint: '/v1/social/profile/followers',
      params: { handle: ANA },
      webhookUrl: 'http://127.0.0.1:9/hook',
      intervalSeconds: 60,
    });
    expect(refused.body.error).toMatchObject({ code: 'invalid_request', details: { param: 'endpoint' } });
    const created = await harness.post('/v1/subscriptions', {
      endpoint: '/v1/social/profile/posts',
      params: { handle: `https://bsky.app/profile/${ANA}` },
      webhookUrl: 'http://127.0.0.1:9/hook',
      intervalSeconds: 60,
    });
    expect(created.status).toBe(201);
    expect(created.body.data.params).toMatchObject({ handle: ANA });
  });

  it('serves the MCP tools through the same pipeline', async () => {
    const client = await connectClient(harness.baseUrl);
    try {
      const names = (await client.listTools()).tools.map((tool) => tool.name).filter((name) => name.startsWith('social_'));
      expect(names.sort()).toEqual(
        [
          'social_feed',
          'social_list',
          'social_post',
          'social_post_replies',
          'social_profile',
          'social_profile_followers',
          'social_profile_posts',
          'social_search_users',
        ].sort(),
      );
      const profile = await callTool(client, 'social_profile', { handle: ANA });
      expect(profile.isError).toBeFalsy();
      expect((profile.structuredContent as { data: { id: string } }).data.id).toBe(didFor(ANA));
      const feed = await callTool(client, 'social_profile_posts', { handle: ANA, limit: 5 });
      expect(feed._meta).toMatchObject({ creditsCharged: 1, warnings: ['1 post withheld: author_opted_out'] });
      const quiet = await callTool(client, 'social_profile', { handle: QUIET });
      expect(quiet.structuredContent).toMatchObject({ data: null });
      expect(quiet._meta).toMatchObject({ empty: true, reason: 'author_opted_out', creditsCharged: 0 });
    } finally {
      await client.close();
    }
  });
});

describe("the AppView's rate limit in one process", () => {
  let harness: Harness;
  /** What the fake AppView announces: remaining, and the reset as seconds from now (the draft's form). */
  const budget = { remaining: '10', reset: '600' };
  beforeAll(async () => {
    harness = await startHarness();
    harness.upstream.on(appViewRoute({ rateLimit: () => budget }));
  });
  afterAll(() => harness.close());

  it('after an answer with Remaining 0, refuses calls with 429 and Retry-After without an upstream request or a charge', async () => {
    expectPaid(await harness.get(`/v1/social/profile?handle=${ANA}`), 'single');
    Object.assign(budget, { remaining: '0', reset: '120' });
    expectPaid(await harness.get(`/v1/social/profile?handle=${FRIEND}`), 'single');
    const requests = harness.upstream.requests.length;
    const before = await balanceOf(harness);
    const refused = await harness.get(`/v1/social/profile?handle=${OTHER}`);
    expectError(refused, 429, 'upstream_rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(120);
    expect(harness.upstream.requests.length).toBe(requests);
    expect(await balanceOf(harness)).toBe(before);
  });
});

describe("the AppView's 429", () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
    harness.upstream.on(appViewRoute());
  });
  afterAll(() => harness.close());

  it('is 429 upstream_rate_limited with its Retry-After, never charged, and holds the host back', async () => {
    const before = await balanceOf(harness);
    const limited = await harness.get('/v1/social/profile?handle=limited.example.com');
    expectError(limited, 429, 'upstream_rate_limited');
    expect(limited.headers.get('retry-after')).toBe('30');
    const requests = harness.upstream.requests.length;
    expectError(await harness.get(`/v1/social/profile?handle=${ANA}`), 429, 'upstream_rate_limited');
    expect(harness.upstream.requests.length).toBe(requests);
    expect(await balanceOf(harness)).toBe(before);
  });
});
