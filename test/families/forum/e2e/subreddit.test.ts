import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listing, postsByAuthors } from '../forum-data.js';
import { startHarness, type Harness } from '../../../support/gateway.js';
import {
  at,
  atom,
  balanceOf,
  BLOCK_PAGE,
  expectEmpty,
  expectError,
  expectPaid,
  fixture,
  json,
  queryOf,
  rateLimited,
  requestsTo,
  upstreamUrls,
} from './support.js';

/** GET /v1/forum/subreddit end to end (spec 4.2 rule 6, family README "Fallbacks"). */

const subreddit = (name: string, extra = '') => `/v1/forum/subreddit?subreddit=${encodeURIComponent(name)}${extra}`;

describe('GET /v1/forum/subreddit over loopback', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness.close());
  beforeEach(() => harness.upstream.reset());

  it('reads the hot JSON listing for every community form, with raw.posts extras', async () => {
    harness.upstream.on(at('/r/examplesub/hot.json', json(fixture('listing-subreddit.json'))));
    for (const form of [
      'examplesub',
      'r/examplesub',
      '/r/examplesub',
      'https://www.reddit.com/r/examplesub/',
      'https://old.reddit.com/r/examplesub',
    ]) {
      const response = await harness.get(subreddit(form, '&include_raw=true'));
      expectPaid(response, 'list');
      expect(response.body.data.items.length).toBeGreaterThan(0);
      expect(response.body.raw.via).toBe('json');
      expect(response.body.raw.posts[0]).toEqual(expect.objectContaining({ id: response.body.data.items[0].id, community: 'examplesub' }));
      expect(Object.keys(response.body.raw.posts[0]).sort()).toEqual(['community', 'flair', 'id', 'postType', 'upvoteRatio']);
    }
    expect(new Set(upstreamUrls(harness))).toEqual(new Set(['www.reddit.com/r/examplesub/hot.json?limit=25&raw_json=1']));
  });

  it('sends t only with sort=top and sort=controversial', async () => {
    harness.upstream.on((_request, url) => (url.pathname.startsWith('/r/examplesub/') ? json(listing(postsByAuthors(2, 2))) : undefined));
    await harness.get(subreddit('examplesub', '&sort=top&timeframe=week&limit=5'));
    await harness.get(subreddit('examplesub', '&sort=new&timeframe=week&limit=5'));
    expect(upstreamUrls(harness)).toEqual([
      'www.reddit.com/r/examplesub/top.json?t=week&limit=5&raw_json=1',
      'www.reddit.com/r/examplesub/new.json?limit=5&raw_json=1',
    ]);
  });

  it('round-trips pagination.cursor as cursor to the upstream after', async () => {
    harness.upstream.on((_request, url) => {
      if (url.pathname !== '/r/synthetic/hot.json') return undefined;
      return json(
        url.searchParams.has('after') ? listing([{ id: 'tail01', author: 'late_owl' }]) : listing(postsByAuthors(3, 3), 't3_p2x'),
      );
    });
    const first = await harness.get(subreddit('synthetic', '&limit=3'));
    expect(first.body.pagination).toEqual({ cursor: 't3_p2x', hasMore: true });
    const second = await harness.get(subreddit('synthetic', `&limit=3&cursor=${first.body.pagination.cursor}`));
    expectPaid(second, 'list');
    expect(second.body.pagination).toEqual({ cursor: null, hasMore: false });
    expect(queryOf(requestsTo(harness, '/r/synthetic/hot.json')[1]!)).toEqual({ limit: '3', after: 't3_p2x', raw_json: '1' });
  });

  it.each([
    ['a 403 block page', BLOCK_PAGE],
    ['a 429', rateLimited(45)],
  ])('falls back to the Atom feed when JSON answers %s, and its cursor works on the next page', async (_what, reply) => {
    harness.upstream.on(at('/r/examplesub/hot.json', reply)).on(at('/r/examplesub/hot.rss', atom(fixture('subreddit-feed.xml'))));
    const response = await harness.get(subreddit('examplesub', '&limit=3&include_raw=true'));
    expectPaid(response, 'list');
    expect(response.body.raw.via).toBe('atom');
    expect(response.body.data.items.map((item: { id: string }) => item.id)).toEqual(['tx1a2b', 'im3c4d', 'lk9i0j']);
    expect(
      response.body.data.items.every(
        (item: { likeCount: unknown; commentCount: unknown }) => item.likeCount === null && item.commentCount === null,
      ),
    ).toBe(true);
    expect(response.body.pagination).toEqual({ cursor: 't3_lk9i0j', hasMore: true });

    await harness.get(subreddit('examplesub', `&limit=3&cursor=${response.body.pagination.cursor}`));
    expect(upstreamUrls(harness)).toEqual([
      'www.reddit.com/r/examplesub/hot.json?limit=3&raw_json=1',
      'www.reddit.com/r/examplesub/hot.rss?limit=3',
      'www.reddit.com/r/examplesub/hot.json?limit=3&after=t3_lk9i0j&raw_json=1',
      'www.reddit.com/r/examplesub/hot.rss?limit=3&after=t3_lk9i0j',
    ]);
  });

  it('answers 502 upstream_blocked when both surfaces are blocked; nothing is charged or cached', async () => {
    harness.upstream.on(at('/r/examplesub/hot.json', BLOCK_PAGE)).on(at('/r/examplesub/hot.rss', BLOCK_PAGE));
    const before = await balanceOf(harness);
    const failed = await harness.get(subreddit('examplesub', '&limit=21&cache_max_age=1d'));
    expectError(failed, 502, 'upstream_blocked');
    expect(failed.body.error.details.fallbackCode).toBe('upstream_blocked');
    expect(await balanceOf(harness)).toBe(before);

    harness.upstream.reset();
    harness.upstream.on(at('/r/examplesub/hot.json', json(listing(postsByAuthors(2, 2)))));
    expectPaid(await harness.get(subreddit('examplesub', '&limit=21&cache_max_age=1d')), 'list');
    expect(harness.upstream.requests).toHaveLength(1);
  });

  it('answers 429 upstream_rate_limited with Retry-After when both surfaces are rate-limited; nothing cached', async () => {
    harness.upstream.on(at('/r/examplesub/hot.json', rateLimited(90))).on(at('/r/examplesub/hot.rss', rateLimited(10)));
    const failed = await harness.get(subreddit('examplesub', '&limit=22&cache_max_age=1d'));
    expectError(failed, 429, 'upstream_rate_limited');
    expect(failed.headers.get('retry-after')).toBe('90');

    harness.upstream.reset();
    harness.upstream.on(at('/r/examplesub/hot.json', json(listing(postsByAuthors(2, 2)))));
    expectPaid(await harness.get(subreddit('examplesub', '&limit=22&cache_max_age=1d')), 'list');
    expect(harness.upstream.requests).toHaveLength(1);
  });

  it.each([
    ['private', json(fixture('error-private.json'), 403)],
    ['quarantined', json(fixture('error-quarantined.json'), 403)],
    ['banned', json(fixture('error-banned.json'), 404)],
  ])('answers a %s community with an empty result, never upstream_blocked', async (reason, reply) => {
    harness.upstream.on(at('/r/closedsub/hot.json', reply));
    expectEmpty(await harness.get(subreddit('closedsub')), 'list', reason);
    expect(harness.upstream.requests).toHaveLength(1);
  });

  it('answers a community that does not exist (redirect to community search) with empty not_found', async () => {
    harness.upstream
      .on(at('/r/nosuchsub/hot.json', { status: 302, headers: { location: '/subreddits/search.json?q=nosuchsub' }, body: '' }))
      .on(at('/subreddits/search.json', json(fixture('subreddit-search-redirect.json'))));
    expectEmpty(await harness.get(subreddit('nosuchsub')), 'list', 'not_found');
  });
});
