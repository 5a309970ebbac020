import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listing, postsByAuthors } from '../forum-data.js';
import { startHarness, type Harness } from '../../../support/gateway.js';
import {
  at,
  atom,
  atomFeed,
  BLOCK_PAGE,
  expectEmpty,
  expectError,
  expectPaid,
  fixture,
  json,
  NOT_FOUND,
  rateLimited,
  upstreamUrls,
} from './support.js';

/** GET /v1/forum/user/posts end to end (spec 4.2 rule 9). */

const userPosts = (name: string, extra = '') => `/v1/forum/user/posts?username=${encodeURIComponent(name)}${extra}`;
const SUBMITTED = '/user/maple_writer/submitted.json';

describe('GET /v1/forum/user/posts over loopback', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness.close());
  beforeEach(() => harness.upstream.reset());

  it('reads submissions newest first by default, with raw_json=1', async () => {
    harness.upstream.on(at(SUBMITTED, json(fixture('user-submitted.json'))));
    const response = await harness.get(userPosts('u/maple_writer', '&include_raw=true'));
    expectPaid(response, 'list');
    expect(response.body.data.items.map((item: { id: string }) => item.id)).toEqual(['tx1a2b', 'lk9i0j']);
    expect(response.body.pagination).toEqual({ cursor: null, hasMore: false });
    expect(response.body.raw.via).toBe('json');
    expect(upstreamUrls(harness)).toEqual(['www.reddit.com/user/maple_writer/submitted.json?sort=new&limit=25&raw_json=1']);
  });

  it('forwards sort, timeframe (sort=top only), limit and cursor', async () => {
    harness.upstream.on(at(SUBMITTED, json(listing(postsByAuthors(2, 1), 't3_p1x'))));
    const first = await harness.get(userPosts('maple_writer', '&sort=top&timeframe=year&limit=2'));
    expectPaid(first, 'list');
    expect(first.body.pagination).toEqual({ cursor: 't3_p1x', hasMore: true });
    await harness.get(userPosts('maple_writer', `&sort=hot&timeframe=year&limit=2&cursor=${first.body.pagination.cursor}`));
    expect(upstreamUrls(harness)).toEqual([
      'www.reddit.com/user/maple_writer/submitted.json?sort=top&t=year&limit=2&raw_json=1',
      'www.reddit.com/user/maple_writer/submitted.json?sort=hot&limit=2&after=t3_p1x&raw_json=1',
    ]);
  });

  it.each([
    ['a 403 block page', BLOCK_PAGE],
    ['a 429', rateLimited(15)],
  ])("falls back to the account's Atom feed when JSON answers %s", async (_what, reply) => {
    const feed = atomFeed([{ id: 'uf0001', author: 'maple_writer', body: 'From the feed' }]);
    harness.upstream.on(at(SUBMITTED, reply)).on(at('/user/maple_writer/submitted.rss', atom(feed)));
    const response = await harness.get(userPosts('maple_writer', '&limit=4&include_raw=true'));
    expectPaid(response, 'list');
    expect(response.body.raw.via).toBe('atom');
    expect(response.body.data.items).toEqual([
      expect.objectContaining({ id: 'uf0001', text: 'From the feed', likeCount: null, commentCount: null }),
    ]);
    expect(response.body.pagination).toEqual({ cursor: null, hasMore: false });
    expect(upstreamUrls(harness)).toEqual([
      'www.reddit.com/user/maple_writer/submitted.json?sort=new&limit=4&raw_json=1',
      'www.reddit.com/user/maple_writer/submitted.rss?sort=new&limit=4',
    ]);
  });

  it('answers 502 upstream_blocked when the feed is blocked too, 0 credits', async () => {
    harness.upstream.on(at(SUBMITTED, BLOCK_PAGE)).on(at('/user/maple_writer/submitted.rss', BLOCK_PAGE));
    expectError(await harness.get(userPosts('maple_writer', '&limit=6')), 502, 'upstream_blocked');
  });

  it('answers a missing account with an empty not_found list', async () => {
    harness.upstream.on(at('/user/ghost_user/submitted.json', NOT_FOUND));
    expectEmpty(await harness.get(userPosts('ghost_user')), 'list', 'not_found');
  });

  it('answers a suspended account with an empty suspended list', async () => {
    harness.upstream.on(at('/user/banned_gardener/submitted.json', json({ reason: 'suspended', message: 'Forbidden', error: 403 }, 403)));
    expectEmpty(await harness.get(userPosts('banned_gardener')), 'list', 'suspended');
  });

  it('answers an account without posts with an empty no_results list', async () => {
    harness.upstream.on(at('/user/quiet_user/submitted.json', json(fixture('listing-empty.json'))));
    expectEmpty(await harness.get(userPosts('quiet_user')), 'list', 'no_results');
  });
});
