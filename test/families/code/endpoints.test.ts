import { describe, expect, it } from 'vitest';
import { catalogue } from '../../support/registered-catalogue.js';
import { codeFamily } from '../../../src/families/code/index.js';
import { codeIssueCommentsEndpoint } from '../../../src/families/code/endpoints/issue-comments.js';
import { codeIssueEndpoint } from '../../../src/families/code/endpoints/issue.js';
import { codeRepoIssuesEndpoint } from '../../../src/families/code/endpoints/repo-issues.js';
import { codeRepoEndpoint } from '../../../src/families/code/endpoints/repo.js';
import { codeSearchEndpoint } from '../../../src/families/code/endpoints/search.js';
import { codeTrendingDevelopersEndpoint } from '../../../src/families/code/endpoints/trending-developers.js';
import { codeTrendingEndpoint } from '../../../src/families/code/endpoints/trending.js';
import { codeUserActivityEndpoint } from '../../../src/families/code/endpoints/user-activity.js';
import { codeUserReposEndpoint } from '../../../src/families/code/endpoints/user-repos.js';
import { codeUserEndpoint } from '../../../src/families/code/endpoints/user.js';
import { decodeCursor, encodeCursor, nextPageOf } from '../../../src/families/code/upstream/paging.js';
import { readRateBudget } from '../../../src/families/code/upstream/rate-budget.js';
import { stubUpstream } from '../../support/stub-upstream.js';
import { apiAnswer, asList, asSingle, errorOf, fixture, htmlAnswer, NOW_MS, rawOf, runEndpoint } from './support.js';

const RESET = Math.floor(NOW_MS / 1000) + 1200;
const link = (path: string, page: number, rel = 'next') => `<https://api.github.com${path}?per_page=30&page=${page}>; rel="${rel}"`;
/** `count` synthetic star events, ids numbered from `from` down. */
const eventPage = (count: number, from = 5000) =>
  Array.from({ length: count }, (_, index) => ({
    id: String(from - index),
    type: 'WatchEvent',
    actor: { login: 'tamsin-reyes', id: 1 },
    repo: { name: 'octo-lab/prism' },
    payload: { action: 'started' },
    public: true,
    created_at: '2026-04-01T00:00:00Z',
  }));

describe('the family declaration', () => {
  it('declares ten endpoints with the published flags; only the two boards are not batchable', () => {
    const flags = Object.fromEntries(codeFamily.endpoints.map((endpoint) => [endpoint.path, endpoint.flags]));
    expect(Object.keys(flags)).toEqual([
      '/v1/code/user',
      '/v1/code/user/repos',
      '/v1/code/user/activity',
      '/v1/code/repo',
      '/v1/code/repo/issues',
      '/v1/code/issue',
      '/v1/code/issue/comments',
      '/v1/code/search',
      '/v1/code/trending',
      '/v1/code/trending/developers',
    ]);
    expect(codeFamily.endpoints.map((endpoint) => endpoint.graphqlField)).toEqual([
      'codeUser',
      'codeUserRepos',
      'codeUserActivity',
      'codeRepo',
      'codeRepoIssues',
      'codeIssue',
      'codeIssueComments',
      'codeSearch',
      'codeTrending',
      'codeTrendingDevelopers',
    ]);
    const notBatchable = Object.entries(flags)
      .filter(([, each]) => !each.batchable)
      .map(([path]) => path);
    expect(notBatchable).toEqual(['/v1/code/trending', '/v1/code/trending/developers']);
    const notSubscribable = Object.entries(flags)
      .filter(([, each]) => !each.subscribable)
      .map(([path]) => path);
    expect(notSubscribable).toEqual(['/v1/code/issue/comments', '/v1/code/search']);
    expect(
      Object.values(flags).every((each) => each.creditCost === 1 && each.cacheable && !each.requiresResidentialProxy && !each.experimental),
    ).toBe(true);
    expect(codeFamily).toMatchObject({
      name: 'code',
      hosts: ['api.github.com', 'github.com'],
      proxyEnv: 'CODE_PROXY_URL',
      requiresResidentialProxy: false,
    });
    expect(catalogue.byPath.get('/v1/code/trending')).toBe(codeTrendingEndpoint);
  });

  it('publishes the parameters with their names, enums, bounds and defaults', () => {
    expect(Object.keys(codeRepoIssuesEndpoint.params.shape)).toEqual(['repo', 'state', 'kind', 'sort', 'limit', 'cursor']);
    expect(codeRepoIssuesEndpoint.params.parse({ repo: 'a/b' })).toEqual({
      repo: 'a/b',
      state: 'open',
      kind: 'all',
      sort: 'created',
      limit: 30,
    });
    expect(codeUserReposEndpoint.params.parse({ username: 'a' })).toMatchObject({ sort: 'updated', limit: 30 });
    expect(codeSearchEndpoint.params.parse({ query: 'x' })).toMatchObject({ sort: 'best-match', limit: 30 });
    expect(Object.keys(codeTrendingEndpoint.params.shape)).toEqual(['language', 'since', 'spoken_language']);
    expect(Object.keys(codeTrendingDevelopersEndpoint.params.shape)).toEqual(['language', 'since']);
    for (const bad of [{ limit: 0 }, { limit: 101 }, { state: 'merged' }, { kind: 'pr' }, { sort: 'stars' }]) {
      expect(codeRepoIssuesEndpoint.params.safeParse({ repo: 'a/b', ...bad }).success).toBe(false);
    }
    expect(codeUserReposEndpoint.params.safeParse({ username: 'a', sort: 'stars' }).success).toBe(false);
    expect(codeSearchEndpoint.params.safeParse({ query: 'x', sort: 'score' }).success).toBe(false);
  });
});

describe('requests', () => {
  it('sends the API media type and version, no credentials, and the canonical path', async () => {
    const upstream = stubUpstream(() => apiAnswer(fixture('user-person.json')));
    await runEndpoint(codeUserEndpoint, { username: '@Tamsin-Reyes' }, upstream);
    expect(upstream.calls).toHaveLength(1);
    const [call] = upstream.calls;
    expect(call!.url).toBe('https://api.github.com/users/tamsin-reyes');
    expect(call!.headers).toEqual({ accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' });
    expect(call!.passStatuses).toEqual([403, 404, 410, 429, 451]);
  });

  it('asks the platform for exactly the page and order requested', async () => {
    const cases: [Parameters<typeof runEndpoint>[0], Record<string, unknown>, string][] = [
      [
        codeUserReposEndpoint,
        { username: 'lumen-works', sort: 'full_name', limit: 5 },
        'https://api.github.com/users/lumen-works/repos?type=owner&sort=full_name&direction=asc&per_page=5&page=1',
      ],
      [
        codeUserReposEndpoint,
        { username: 'lumen-works', cursor: encodeCursor({ page: 3, perPage: 30 }) },
        'https://api.github.com/users/lumen-works/repos?type=owner&sort=updated&direction=desc&per_page=30&page=3',
      ],
      [
        codeRepoIssuesEndpoint,
        { repo: 'lumen-works/ferrite', state: 'all', sort: 'comments', limit: 10 },
        'https://api.github.com/repos/lumen-works/ferrite/issues?state=all&sort=comments&direction=desc&per_page=10&page=1',
      ],
      [
        codeIssueEndpoint,
        { url: 'https://github.com/lumen-works/ferrite/pull/41' },
        'https://api.github.com/repos/lumen-works/ferrite/issues/41',
      ],
      [
        codeIssueCommentsEndpoint,
        { url: 'lumen-works/ferrite#42', limit: 2 },
        'https://api.github.com/repos/lumen-works/ferrite/issues/42/comments?per_page=2&page=1',
      ],
      [codeSearchEndpoint, { query: '  build   cache  ' }, 'https://api.github.com/search/repositories?q=build+cache&per_page=30&page=1'],
      [
        codeSearchEndpoint,
        { query: 'cache language:rust', sort: 'forks' },
        'https://api.github.com/search/repositories?q=cache+language%3Arust&sort=forks&order=desc&per_page=30&page=1',
      ],
    ];
    for (const [endpoint, input, url] of cases) {
      const upstream = stubUpstream((request) =>
        apiAnswer(
          request.url.includes('/search/')
            ? fixture('search.json')
            : request.url.includes('/comments')
              ? fixture('comments.json')
              : request.url.includes('/issues/')
                ? fixture('issue.json')
                : request.url.includes('/issues')
                  ? fixture('issues.json')
                  : fixture('repo-list.json'),
        ),
      );
      await runEndpoint(endpoint, input, upstream);
      expect(upstream.calls.map((call) => call.url)).toEqual([url]);
    }
  });

  it('fetches the trending pages with the language, period and spoken language', async () => {
    const upstream = stubUpstream(() => htmlAnswer(fixture('trending.html')));
    await runEndpoint(codeTrendingEndpoint, { language: 'C++', since: 'weekly', spoken_language: 'en' }, upstream);
    expect(upstream.calls[0]).toMatchObject({
      url: 'https://github.com/trending/c%2B%2B?since=weekly&spoken_language_code=en',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    const developers = stubUpstream(() => htmlAnswer(fixture('trending-developers.html')));
    await runEndpoint(codeTrendingDevelopersEndpoint, { language: 'rust', since: 'monthly' }, developers);
    expect(developers.calls[0]!.url).toBe('https://github.com/trending/developers/rust?since=monthly');
  });
});

describe('paging', () => {
  it('reads the next page number from the Link header, whatever its path', () => {
    expect(nextPageOf('<https://api.github.com/user/10308/events/public?page=2>; rel="next"')).toBe(2);
    expect(
      nextPageOf(
        '<https://api.github.com/repositories/1/issues?page=3>; rel="prev", <https://api.github.com/repositories/1/issues?page=5>; rel="next", <https://x/?page=9>; rel="last"',
      ),
    ).toBe(5);
    expect(nextPageOf('<https://api.github.com/repositories/1/issues?page=1>; rel="first"')).toBeNull();
    expect(nextPageOf(undefined)).toBeNull();
    expect(nextPageOf('garbage')).toBeNull();
  });

  it('cursors round-trip and carry the page size', () => {
    expect(decodeCursor(encodeCursor({ page: 7, perPage: 25 }))).toEqual({ page: 7, perPage: 25 });
  });

  it('returns at most limit items whatever the platform sends, and a cursor to its next page', async () => {
    const upstream = stubUpstream(() => apiAnswer(fixture('issues.json'), 200, { link: link('/repositories/9/issues', 4) }));
    const result = asList(await runEndpoint(codeRepoIssuesEndpoint, { repo: 'lumen-works/ferrite', limit: 2 }, upstream));
    expect(result.items).toHaveLength(2);
    expect(decodeCursor(result.pagination.cursor!)).toEqual({ page: 4, perPage: 2 });
    expect((rawOf(result).posts as { kind: string }[]).map((post) => post.kind)).toEqual(['issue', 'pull']);
  });

  it('filters pull requests or issues by kind', async () => {
    const upstream = () => stubUpstream(() => apiAnswer(fixture('issues.json')));
    const pulls = asList(await runEndpoint(codeRepoIssuesEndpoint, { repo: 'lumen-works/ferrite', kind: 'pull' }, upstream()));
    expect(pulls.items.map((post) => post.url)).toEqual(['https://github.com/lumen-works/ferrite/pull/41']);
    expect(rawOf(pulls).posts[0]).toMatchObject({ kind: 'pull', number: 41, labels: [] });
    const issues = asList(await runEndpoint(codeRepoIssuesEndpoint, { repo: 'lumen-works/ferrite', kind: 'issue' }, upstream()));
    expect(rawOf(issues).posts.map((post: { number: number }) => post.number)).toEqual([42, 40]);
    expect(rawOf(issues).posts[0].labels).toEqual(['bug']);
  });
});

describe('the 300-event activity cap', () => {
  it('pages normally below the cap', async () => {
    const upstream = stubUpstream(() => apiAnswer(eventPage(100), 200, { link: link('/user/1/events/public', 2) }));
    const result = asList(await runEndpoint(codeUserActivityEndpoint, { username: 'tamsin-reyes', limit: 100 }, upstream));
    expect(result.items).toHaveLength(100);
    expect(result.pagination.hasMore).toBe(true);
    expect(rawOf(result).cap).toBeUndefined();
  });

  it('stops at the 300th event even when the platform links a next page', async () => {
    const upstream = stubUpstream(() => apiAnswer(eventPage(100), 200, { link: link('/user/1/events/public', 4) }));
    const result = asList(
      await runEndpoint(
        codeUserActivityEndpoint,
        { username: 'tamsin-reyes', limit: 100, cursor: encodeCursor({ page: 3, perPage: 100 }) },
        upstream,
      ),
    );
    expect(upstream.calls[0]!.url).toBe('https://api.github.com/users/tamsin-reyes/events/public?per_page=100&page=3');
    expect(result.items).toHaveLength(100);
    expect(result.pagination).toEqual({ cursor: null, hasMore: false });
    expect(rawOf(result).cap).toMatchObject({ maxEvents: 300 });
  });

  it('cuts a page that straddles the cap at the 300th event', async () => {
    const upstream = stubUpstream(() => apiAnswer(eventPage(40), 200, { link: link('/user/1/events/public', 9) }));
    const result = asList(
      await runEndpoint(
        codeUserActivityEndpoint,
        { username: 'tamsin-reyes', limit: 40, cursor: encodeCursor({ page: 8, perPage: 40 }) },
        upstream,
      ),
    );
    expect(result.items).toHaveLength(20);
    expect(result.pagination.hasMore).toBe(false);
    expect(rawOf(result).cap.reason).toContain('300');
  });

  it("reads the platform's 422 past the cap as an empty result", async () => {
    const upstream = stubUpstream(() =>
      apiAnswer({ message: 'In order to keep the API fast for everyone, pagination is limited for this resource.' }, 422),
    );
    const result = asList(
      await runEndpoint(codeUserActivityEndpoint, { username: 'tamsin-reyes', cursor: encodeCursor({ page: 10, perPage: 30 }) }, upstream),
    );
    expect(result).toMatchObject({ items: [], emptyReason: 'activity_cap', pagination: { hasMore: false } });
  });

  it('a natural end before the cap has no cap note', async () => {
    const result = asList(
      await runEndpoint(
        codeUserActivityEndpoint,
        { username: 'tamsin-reyes' },
        stubUpstream(() => apiAnswer(fixture('events.json'))),
      ),
    );
    expect(result.items).toHaveLength(13);
    expect(result.pagination).toEqual({ cursor: null, hasMore: false });
    expect(rawOf(result).cap).toBeUndefined();
  });
});

describe('statuses', () => {
  it.each([
    [404, 'error-not-found.json', 'not_found'],
    [451, 'error-legal.json', 'unavailable_for_legal_reasons'],
    [410, 'error-not-found.json', 'gone'],
  ])('%i is an empty result (%s)', async (status, file, reason) => {
    const single = asSingle(
      await runEndpoint(
        codeRepoEndpoint,
        { repo: 'lumen-works/ferrite' },
        stubUpstream(() => apiAnswer(fixture(file), status)),
      ),
    );
    expect(single).toMatchObject({ data: null, emptyReason: reason });
    const list = asList(
      await runEndpoint(
        codeRepoIssuesEndpoint,
        { repo: 'lumen-works/ferrite' },
        stubUpstream(() => apiAnswer(fixture(file), status)),
      ),
    );
    expect(list).toMatchObject({ items: [], emptyReason: reason });
  });

  it('a 403 with nothing remaining is upstream_rate_limited until the reset', async () => {
    const upstream = stubUpstream(() =>
      apiAnswer(fixture('error-rate-limit.json'), 403, {
        'x-ratelimit-limit': '60',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': String(RESET),
      }),
    );
    const error = await errorOf(runEndpoint(codeUserEndpoint, { username: 'tamsin-reyes' }, upstream));
    expect(error).toMatchObject({ code: 'upstream_rate_limited', retryAfter: 1200, status: 429 });
    expect(error.details).toMatchObject({ upstreamStatus: 403, limit: 60 });
  });

  it('a 403 or 429 with retry-after (secondary limit) is upstream_rate_limited with that wait', async () => {
    for (const status of [403, 429]) {
      const upstream = stubUpstream(() =>
        apiAnswer({ message: 'You have exceeded a secondary rate limit.' }, status, { 'retry-after': '45', 'x-ratelimit-remaining': '12' }),
      );
      expect(await errorOf(runEndpoint(codeRepoEndpoint, { repo: 'a/b' }, upstream))).toMatchObject({
        code: 'upstream_rate_limited',
        retryAfter: 45,
      });
    }
  });

  it('a 429 with only a reset time waits until the reset', async () => {
    const upstream = stubUpstream(() =>
      apiAnswer({ message: 'rate limited' }, 429, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(RESET - 1140) }),
    );
    expect(await errorOf(runEndpoint(codeRepoEndpoint, { repo: 'a/b' }, upstream))).toMatchObject({
      code: 'upstream_rate_limited',
      retryAfter: 60,
    });
  });

  it('any other 403 is upstream_blocked, with the platform message', async () => {
    const upstream = stubUpstream(() => apiAnswer(fixture('error-forbidden.json'), 403, { 'x-ratelimit-remaining': '41' }));
    const error = await errorOf(runEndpoint(codeRepoEndpoint, { repo: 'a/b' }, upstream));
    expect(error).toMatchObject({ code: 'upstream_blocked', status: 502 });
    expect(error.details?.message).toBe('Repository access blocked');
  });

  it('a 403 on the trending page is upstream_blocked; a 429 there is rate limited', async () => {
    expect(
      await errorOf(
        runEndpoint(
          codeTrendingEndpoint,
          {},
          stubUpstream(() => htmlAnswer('<html><body>Access denied</body></html>', 403)),
        ),
      ),
    ).toMatchObject({ code: 'upstream_blocked' });
    expect(
      await errorOf(
        runEndpoint(
          codeTrendingEndpoint,
          {},
          stubUpstream(() => ({ ...htmlAnswer('<html><body>Too many</body></html>', 429), headers: { 'retry-after': '30' } })),
        ),
      ),
    ).toMatchObject({ code: 'upstream_rate_limited', retryAfter: 30 });
  });

  it('a search the platform cannot run is 400 naming query', async () => {
    const upstream = stubUpstream(() =>
      apiAnswer(
        {
          message: 'Validation Failed',
          errors: [{ message: 'The search contains only logical operators (AND / OR / NOT) without any search terms.' }],
        },
        422,
      ),
    );
    const error = await errorOf(runEndpoint(codeSearchEndpoint, { query: 'AND' }, upstream));
    expect(error).toMatchObject({ code: 'invalid_request', details: { param: 'query' } });
    expect(error.message).toContain('only logical operators');
  });

  it('a body that is not the expected shape is upstream_schema_drift', async () => {
    expect(
      await errorOf(
        runEndpoint(
          codeRepoEndpoint,
          { repo: 'a/b' },
          stubUpstream(() => apiAnswer({ unexpected: true })),
        ),
      ),
    ).toMatchObject({ code: 'upstream_schema_drift' });
    expect(
      await errorOf(
        runEndpoint(
          codeUserActivityEndpoint,
          { username: 'a' },
          stubUpstream(() => apiAnswer('not json')),
        ),
      ),
    ).toMatchObject({ code: 'upstream_schema_drift' });
    expect(
      await errorOf(
        runEndpoint(
          codeTrendingEndpoint,
          {},
          stubUpstream(() => htmlAnswer('<html><head><title>Sign in</title></head></html>')),
        ),
      ),
    ).toMatchObject({ code: 'upstream_schema_drift' });
  });
});

describe('readRateBudget', () => {
  it('reads remaining and the reset epoch', () => {
    expect(readRateBudget({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1700000000' }, 0)).toEqual({
      remaining: 0,
      resetAtMs: 1_700_000_000_000,
    });
  });

  it('assumes the longest window when no reset is stated, and nothing when no budget is stated', () => {
    expect(readRateBudget({ 'x-ratelimit-remaining': '44' }, 5000)).toEqual({ remaining: 44, resetAtMs: 5000 + 3_600_000 });
    expect(readRateBudget({}, 0)).toBeNull();
    expect(readRateBudget({ 'x-ratelimit-remaining': 'lots' }, 0)).toBeNull();
    expect(readRateBudget({ 'x-ratelimit-remaining': '-1' }, 0)).toBeNull();
  });
});

describe('trending boards', () => {
  it('reads both markups in served order, with stars in the period', async () => {
    const result = asList(
      await runEndpoint(
        codeTrendingEndpoint,
        {},
        stubUpstream(() => htmlAnswer(fixture('trending.html'))),
      ),
    );
    expect(
      result.items.map((repository) => [
        repository.id,
        repository.fullName,
        repository.starCount,
        repository.forkCount,
        repository.starsInPeriod,
        repository.language,
      ]),
    ).toEqual([
      ['50010001', 'lumen-works/ferrite', 12480, 1041, 1203, 'Rust'],
      ['octo-lab/prism', 'octo-lab/prism', 980, 12, 77, null],
      ['tamsin-reyes/dotfiles', 'tamsin-reyes/dotfiles', 1200, 40, 5, 'Shell'],
    ]);
    expect(result.items[0]!.description).toBe('A small, fast build cache & ⚡ friends');
    expect(result.items[1]!.description).toBeNull();
    expect(rawOf(result).repositories).toEqual([
      { rank: 1, builtBy: ['tamsin-reyes', 'ivo-marsh'], period: 'stars today' },
      { rank: 2, builtBy: [], period: 'stars today' },
      { rank: 3, builtBy: [], period: 'stars today' },
    ]);
  });

  it('an empty board is an empty result', async () => {
    const result = asList(
      await runEndpoint(
        codeTrendingEndpoint,
        { language: 'brainfuck' },
        stubUpstream(() => htmlAnswer(fixture('trending-empty.html'))),
      ),
    );
    expect(result).toMatchObject({ items: [], emptyReason: 'no_trending_repositories' });
  });

  it('reads developers with rank, popular repository or employer', async () => {
    const result = asList(
      await runEndpoint(
        codeTrendingDevelopersEndpoint,
        {},
        stubUpstream(() => htmlAnswer(fixture('trending-developers.html'))),
      ),
    );
    expect(result.items.map((developer) => [developer.id, developer.handle, developer.displayName, developer.avatarUrl])).toEqual([
      ['4100201', 'tamsin-reyes', 'Tamsin Reyes', 'https://avatars.githubusercontent.com/u/4100201?s=96&v=4'],
      ['4100202', 'ivo-marsh', 'ivo-marsh', 'https://avatars.githubusercontent.com/u/4100202?s=96&v=4'],
    ]);
    expect(rawOf(result).developers).toEqual([
      { rank: 1, popularRepo: { fullName: 'tamsin-reyes/dotfiles', description: 'My shell and editor setup.' }, worksFor: null },
      { rank: 2, popularRepo: null, worksFor: '@lumen-works' },
    ]);
  });
});

describe('rateResourceOf', () => {
  it('names the budget an answer reports, core by default', async () => {
    const { rateResourceOf } = await import('../../../src/families/code/index.js');
    expect(rateResourceOf({ 'x-ratelimit-resource': 'search' })).toBe('search');
    expect(rateResourceOf({})).toBe('core');
    expect(rateResourceOf({ 'x-ratelimit-resource': 'bad value!' })).toBe('core');
  });
});
