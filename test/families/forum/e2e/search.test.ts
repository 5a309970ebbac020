import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listing, postsByAuthors } from '../forum-data.js';
import { startHarness, type Harness } from '../../../support/gateway.js';
import {
  at,
  atom,
  atomFeed,
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

/** GET /v1/forum/search end to end (spec 4.2 rule 5, family README "Fallbacks"). */

const search = (extra: string) => `/v1/forum/search?query=${encodeURIComponent('raised beds')}${extra}`;
const FEED = atomFeed([
  { id: 'af0001', author: 'feed_writer', subreddit: 'gardenhelp', body: 'Feed body one' },
  { id: 'af0002', author: 'feed_reader', subreddit: 'examplesub' },
]);

describe('GET /v1/forum/search over loopback', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness.close());
  beforeEach(() => harness.upstream.reset());

  it('reads the JSON surface site-wide with the defaults, raw_json=1 and raw.posts', async () => {
    harness.upstream.on(
      at(
        '/search.json',
        json(
          listing([{ id: 'sj0001', author: 'maple_writer', subreddit: 'gardenhelp', selftext: 'Use cedar.', score: 12, numComments: 4 }]),
        ),
      ),
    );
    const response = await harness.get(search('&include_raw=true'));
    expectPaid(response, 'list');
    expect(response.body.data.items).toEqual([
      expect.objectContaining({ id: 'sj0001', text: 'Use cedar.', likeCount: 12, commentCount: 4, authorHandle: 'maple_writer' }),
    ]);
    expect(response.body.pagination).toEqual({ cursor: null, hasMore: false });
    expect(response.body.raw).toMatchObject({
      via: 'json',
      posts: [{ id: 'sj0001', community: 'gardenhelp' }],
      companionFeed: { status: 'not_needed' },
    });
    expect(upstreamUrls(harness)).toEqual(['www.reddit.com/search.json?q=raised+beds&sort=relevance&t=all&limit=25&raw_json=1']);
  });

  it('restricts to one community and forwards sort, timeframe and limit', async () => {
    harness.upstream.on(at('/r/gardenhelp/search.json', json(listing(postsByAuthors(2, 2)))));
    expectPaid(await harness.get(search('&subreddit=r/gardenhelp&sort=top&timeframe=week&limit=7')), 'list');
    const [url] = requestsTo(harness, '/r/gardenhelp/search.json');
    expect(queryOf(url!)).toEqual({ q: 'raised beds', restrict_sr: '1', sort: 'top', t: 'week', limit: '7', raw_json: '1' });
  });

  it('round-trips pagination.cursor as cursor (and after) to the upstream after', async () => {
    harness.upstream.on((_request, url) => {
      if (url.pathname !== '/search.json') return undefined;
      const after = url.searchParams.get('after');
      return json(after === null ? listing(postsByAuthors(7, 7), 't3_p6x') : listing([{ id: 'last01', author: 'late_owl' }]));
    });
    const first = await harness.get(search('&limit=7'));
    expectPaid(first, 'list');
    expect(first.body.pagination).toEqual({ cursor: 't3_p6x', hasMore: true });

    const second = await harness.get(search(`&limit=7&cursor=${first.body.pagination.cursor}`));
    expectPaid(second, 'list');
    expect(second.body.data.items.map((item: { id: string }) => item.id)).toEqual(['last01']);
    expect(second.body.pagination).toEqual({ cursor: null, hasMore: false });

    expectPaid(await harness.get(search(`&limit=7&after=${first.body.pagination.cursor}`)), 'list');
    expect(requestsTo(harness, '/search.json').map((url) => queryOf(url).after ?? null)).toEqual([null, 't3_p6x', 't3_p6x']);
  });

  it('returns at most limit posts when the platform sends more, continuing after the last one kept', async () => {
    harness.upstream.on(at('/search.json', json(listing(postsByAuthors(31, 3), 't3_pux'))));
    const response = await harness.get(search('&limit=25'));
    expectPaid(response, 'list');
    expect(response.body.data.items).toHaveLength(25);
    expect(response.body.raw).toBeUndefined();
    expect(response.body.pagination).toEqual({ cursor: `t3_${response.body.data.items[24].id}`, hasMore: true });
  });

  it('fills a withheld self-post body from the companion feed of the same query', async () => {
    harness.upstream
      .on(at('/search.json', json(fixture('search-withheld-bodies.json'))))
      .on(at('/search.rss', atom(fixture('search-feed.xml'))));
    const response = await harness.get(search('&limit=3&include_raw=true'));
    expectPaid(response, 'list');
    const texts = Object.fromEntries(response.body.data.items.map((item: { id: string; text: string | null }) => [item.id, item.text]));
    expect(texts.sr1k2l).toContain('Start with untreated cedar.');
    expect(texts.sr3m4n).toBeNull();
    expect(response.body.raw.companionFeed).toMatchObject({ status: 'used', matched: 1 });
    expect(requestsTo(harness, '/search.rss')).toEqual(['/search.rss?q=raised+beds&sort=relevance&t=all&limit=3']);
  });

  it.each([
    ['a 403 block page', BLOCK_PAGE],
    ['a 429', rateLimited(30)],
  ])('falls back to the Atom feed when JSON answers %s: raw.via atom, null scores and counts', async (_what, reply) => {
    harness.upstream.on(at('/search.json', reply)).on(at('/search.rss', atom(FEED)));
    const response = await harness.get(search('&limit=2&include_raw=true'));
    expectPaid(response, 'list');
    expect(response.body.raw).toMatchObject({
      via: 'atom',
      posts: [
        { id: 'af0001', community: 'gardenhelp' },
        { id: 'af0002', community: 'examplesub' },
      ],
    });
    expect(response.body.data.items).toEqual([
      expect.objectContaining({ id: 'af0001', text: 'Feed body one', likeCount: null, commentCount: null, authorHandle: 'feed_writer' }),
      expect.objectContaining({ id: 'af0002', likeCount: null, commentCount: null }),
    ]);
    // A full feed page: the cursor is the last post's fullname.
    expect(response.body.pagination).toEqual({ cursor: 't3_af0002', hasMore: true });
    expect(upstreamUrls(harness)).toEqual([
      'www.reddit.com/search.json?q=raised+beds&sort=relevance&t=all&limit=2&raw_json=1',
      'www.reddit.com/search.rss?q=raised+beds&sort=relevance&t=all&limit=2',
    ]);
  });

  it('answers 502 upstream_blocked when both surfaces are blocked, charges nothing and caches nothing', async () => {
    harness.upstream.on(at('/search.json', BLOCK_PAGE)).on(at('/search.rss', BLOCK_PAGE));
    const before = await balanceOf(harness);
    const failed = await harness.get(search('&limit=11&cache_max_age=1h'));
    expectError(failed, 502, 'upstream_blocked');
    expect(await balanceOf(harness)).toBe(before);

    harness.upstream.reset();
    harness.upstream.on(at('/search.json', json(listing(postsByAuthors(2, 2)))));
    const retried = await harness.get(search('&limit=11&cache_max_age=1h'));
    expectPaid(retried, 'list');
    expect(requestsTo(harness, '/search.json')).toHaveLength(1);
  });

  it('answers 429 upstream_rate_limited with Retry-After when both surfaces are rate-limited', async () => {
    harness.upstream.on(at('/search.json', rateLimited(120))).on(at('/search.rss', rateLimited(30)));
    const failed = await harness.get(search('&limit=12&cache_max_age=1h'));
    expectError(failed, 429, 'upstream_rate_limited');
    expect(failed.headers.get('retry-after')).toBe('120');

    harness.upstream.reset();
    harness.upstream.on(at('/search.json', json(listing(postsByAuthors(1, 1)))));
    expectPaid(await harness.get(search('&limit=12&cache_max_age=1h')), 'list');
    expect(requestsTo(harness, '/search.json')).toHaveLength(1);
  });

  it('answers no results with an empty no_results list, not charged', async () => {
    harness.upstream.on(at('/search.json', json(fixture('listing-empty.json'))));
    expectEmpty(await harness.get(search('&limit=13')), 'list', 'no_results');
  });
});
