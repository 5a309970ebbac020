import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Harness } from '../../../support/gateway.js';
import { api, at, balanceOf, expectEmpty, expectError, expectPaid, fixture, html, startCodeHarness, upstreamUrls } from './support.js';

/** The code family's REST endpoints end to end: real gateway, loopback fake GitHub. */

const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
const RESET = () => String(Math.floor(Date.now() / 1000) + 900);

describe('code endpoints over loopback', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startCodeHarness();
  });
  afterAll(() => harness.close());
  beforeEach(async () => {
    harness.upstream.reset();
    // A test that spends the budget closes the API host until its reset: the next test starts afresh.
    await harness.gateway.upstreamBudgets.forget();
  });

  it('reads an account for every pasted form from one canonical URL, sharing one cache entry', async () => {
    harness.upstream.on(at('/users/tamsin-reyes', api(fixture('user-person.json'))));
    const first = await harness.get(`/v1/code/user?${q({ username: 'tamsin-reyes' })}`);
    expectPaid(first, 'single');
    expect(first.body.data).toMatchObject({
      platform: 'github',
      id: '4100201',
      handle: 'tamsin-reyes',
      bio: null,
      followerCount: 240,
      isBusiness: false,
    });
    for (const form of ['@Tamsin-Reyes', 'https://github.com/tamsin-reyes/', 'github.com/Tamsin-Reyes?tab=repositories']) {
      const again = await harness.get(`/v1/code/user?${q({ username: form, cache_max_age: '1h' })}`);
      expect(again.body.meta).toMatchObject({ cached: true, creditsCharged: 0 });
    }
    expect(upstreamUrls(harness)).toEqual(['api.github.com/users/tamsin-reyes']);
    const [request] = harness.upstream.requests;
    expect(request!.headers).toMatchObject({ accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' });
    expect(request!.headers.authorization).toBeUndefined();
    expect(request!.headers.cookie).toBeUndefined();
  });

  it('refuses a URL on another host with 400 before any upstream request or charge', async () => {
    const before = await balanceOf(harness);
    for (const path of [
      `/v1/code/user?${q({ username: 'https://gitlab.com/tamsin-reyes' })}`,
      `/v1/code/repo?${q({ repo: 'https://bitbucket.org/lumen-works/ferrite' })}`,
      `/v1/code/issue?${q({ url: 'https://gitlab.com/lumen-works/ferrite/-/issues/1' })}`,
    ]) {
      const response = await harness.get(path);
      expectError(response, 400, 'invalid_request');
    }
    expect(harness.upstream.requests).toHaveLength(0);
    expect(await balanceOf(harness)).toBe(before);
  });

  it('serves a repository with watchers from subscribers_count', async () => {
    harness.upstream.on(at('/repos/lumen-works/ferrite', api(fixture('repo.json'))));
    const response = await harness.get(`/v1/code/repo?${q({ repo: 'https://github.com/Lumen-Works/ferrite.git' })}`);
    expectPaid(response, 'single');
    expect(response.body.data).toMatchObject({ fullName: 'lumen-works/ferrite', starCount: 1280, watcherCount: 37, license: 'Apache-2.0' });
  });

  it.each([
    [404, 'error-not-found.json', 'not_found'],
    [451, 'error-legal.json', 'unavailable_for_legal_reasons'],
  ])('answers %i with an empty result, never charged', async (status, file, reason) => {
    harness.upstream.on(at('/repos/lumen-works/gone', api(fixture(file), status)));
    harness.upstream.on(at('/repos/lumen-works/gone/issues', api(fixture(file), status)));
    const before = await balanceOf(harness);
    expectEmpty(await harness.get(`/v1/code/repo?${q({ repo: 'lumen-works/gone' })}`), 'single', reason);
    expectEmpty(await harness.get(`/v1/code/repo/issues?${q({ repo: 'lumen-works/gone' })}`), 'list', reason);
    expect(await balanceOf(harness)).toBe(before);
  });

  it('turns a spent anonymous budget into 429 upstream_rate_limited with Retry-After, never charged', async () => {
    harness.upstream.on(
      at(
        '/users/tamsin-reyes/repos',
        api(fixture('error-rate-limit.json'), 403, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': RESET() }),
      ),
    );
    const before = await balanceOf(harness);
    const response = await harness.get(`/v1/code/user/repos?${q({ username: 'tamsin-reyes' })}`);
    expectError(response, 429, 'upstream_rate_limited');
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(await balanceOf(harness)).toBe(before);
  });

  it('answers another 403 with 502 upstream_blocked', async () => {
    harness.upstream.on(at('/repos/lumen-works/ferrite', api(fixture('error-forbidden.json'), 403)));
    expectError(await harness.get(`/v1/code/repo?${q({ repo: 'lumen-works/ferrite' })}`), 502, 'upstream_blocked');
  });

  it('pages issues through the Link header with an opaque cursor', async () => {
    harness.upstream.on((_request, url) => {
      if (url.hostname !== 'api.github.com' || url.pathname !== '/repos/lumen-works/ferrite/issues') return undefined;
      const page = url.searchParams.get('page');
      const body = JSON.parse(fixture('issues.json')) as unknown[];
      return page === '1'
        ? api(body.slice(0, 2), 200, { link: '<https://api.github.com/repositories/50010001/issues?per_page=2&page=2>; rel="next"' })
        : api(body.slice(2));
    });
    const first = await harness.get(`/v1/code/repo/issues?${q({ repo: 'lumen-works/ferrite', limit: '2', include_raw: 'true' })}`);
    expectPaid(first, 'list');
    expect(first.body.data.items.map((post: { title: string }) => post.title)).toEqual([
      'Cache misses after upgrading to 2.3',
      'Add a --dry-run flag',
    ]);
    expect(first.body.raw.posts.map((post: { kind: string }) => post.kind)).toEqual(['issue', 'pull']);
    expect(first.body.pagination.hasMore).toBe(true);
    const second = await harness.get(
      `/v1/code/repo/issues?${q({ repo: 'lumen-works/ferrite', limit: '2', cursor: first.body.pagination.cursor })}`,
    );
    expectPaid(second, 'list');
    expect(second.body.data.items).toHaveLength(1);
    expect(second.body.pagination).toEqual({ cursor: null, hasMore: false });
    expect(upstreamUrls(harness)).toEqual([
      'api.github.com/repos/lumen-works/ferrite/issues?state=open&sort=created&direction=desc&per_page=2&page=1',
      'api.github.com/repos/lumen-works/ferrite/issues?state=open&sort=created&direction=desc&per_page=2&page=2',
    ]);
    const mismatched = await harness.get(
      `/v1/code/repo/issues?${q({ repo: 'lumen-works/ferrite', limit: '5', cursor: first.body.pagination.cursor })}`,
    );
    expectError(mismatched, 400, 'invalid_request');
    expect(mismatched.body.error.details.param).toBe('cursor');
  });

  it('serves an issue and its comments', async () => {
    harness.upstream.on(at('/repos/lumen-works/ferrite/issues/42', api(fixture('issue.json'))));
    harness.upstream.on(at('/repos/lumen-works/ferrite/issues/42/comments', api(fixture('comments.json'))));
    const issue = await harness.get(
      `/v1/code/issue?${q({ url: 'https://github.com/lumen-works/ferrite/issues/42#issuecomment-700001', include_raw: 'true' })}`,
    );
    expectPaid(issue, 'single');
    expect(issue.body.data).toMatchObject({
      type: 'text',
      title: 'Cache misses after upgrading to 2.3',
      mentions: ['tamsin-reyes', 'lumen-works'],
      hashtags: [],
    });
    expect(issue.body.raw).toMatchObject({ kind: 'issue', number: 42 });
    const comments = await harness.get(`/v1/code/issue/comments?${q({ url: 'lumen-works/ferrite#42' })}`);
    expectPaid(comments, 'list');
    expect(comments.body.data.items.map((comment: { postId: string }) => comment.postId)).toEqual(['42', '42', '42']);
  });

  it('serves the activity feed with readable summaries', async () => {
    harness.upstream.on(at('/users/tamsin-reyes/events/public', api(fixture('events.json'), 200, { 'x-poll-interval': '60' })));
    const response = await harness.get(`/v1/code/user/activity?${q({ username: 'tamsin-reyes', limit: '5' })}`);
    expectPaid(response, 'list');
    expect(response.body.data.items.map((event: { summary: string }) => event.summary)).toEqual([
      'pushed 3 commits to main',
      'created tag v2.3.1',
      'deleted branch fix-cache',
      'opened issue #42: Cache misses after upgrading to 2.3',
      'commented on issue #42: Cache misses after upgrading to 2.3',
    ]);
  });

  it('serves the trending boards and search', async () => {
    harness.upstream.on(at('/trending/rust', html(fixture('trending.html')), 'github.com'));
    harness.upstream.on(at('/trending/developers', html(fixture('trending-developers.html')), 'github.com'));
    harness.upstream.on(at('/search/repositories', api(fixture('search.json'))));
    const trending = await harness.get(`/v1/code/trending?${q({ language: 'Rust', include_raw: 'true' })}`);
    expectPaid(trending, 'list');
    expect(trending.body.data.items[0]).toMatchObject({ fullName: 'lumen-works/ferrite', starsInPeriod: 1203, createdAt: null });
    expect(trending.body.raw.repositories[0].rank).toBe(1);
    const developers = await harness.get('/v1/code/trending/developers');
    expectPaid(developers, 'list');
    expect(developers.body.data.items.map((creator: { handle: string }) => creator.handle)).toEqual(['tamsin-reyes', 'ivo-marsh']);
    const search = await harness.get(`/v1/code/search?${q({ query: 'cache language:rust', sort: 'stars' })}`);
    expectPaid(search, 'list');
    expect(search.body.data.items).toHaveLength(2);
    expect(upstreamUrls(harness)).toContain('github.com/trending/rust?since=daily');
  });

  it('refuses the trending boards in a batch with a clear 400, and accepts a batchable endpoint', async () => {
    for (const endpoint of ['/v1/code/trending', '/v1/code/trending/developers']) {
      const refused = await harness.post('/v1/jobs/batch', { endpoint, targets: [{ since: 'daily' }] });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'invalid_request' });
      expect(refused.body.error.message).toContain('cannot be batched');
    }
    const accepted = await harness.post('/v1/jobs/batch', { endpoint: '/v1/code/repo', targets: [{ repo: 'lumen-works/ferrite' }] });
    expect(accepted.status).toBe(202);
  });

  it('publishes the endpoints and their flags in OpenAPI', async () => {
    const response = await fetch(`${harness.baseUrl}/openapi.json`);
    const document = (await response.json()) as { paths: Record<string, { get: Record<string, unknown> }> };
    expect(document.paths['/v1/code/trending']!.get).toMatchObject({ 'x-batchable': false, 'x-subscribable': true });
    expect(document.paths['/v1/code/issue/comments']!.get).toMatchObject({ 'x-batchable': true, 'x-subscribable': false });
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/v1/code/'))).toHaveLength(10);
  });
});
