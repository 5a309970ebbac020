import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../../support/gateway.js';
import { at, BLOCK_PAGE, expectEmpty, expectError, expectPaid, fixture, json, rateLimited, text, upstreamUrls } from './support.js';

/** GET /v1/forum/subreddit/details end to end (spec 4.2 rule 7). */

const details = (name: string, extra = '') => `/v1/forum/subreddit/details?subreddit=${encodeURIComponent(name)}${extra}`;
const ABOUT = '/r/examplesub/about.json';
const PAGE = text(fixture('subreddit-page.html'), 'text/html; charset=utf-8');

describe('GET /v1/forum/subreddit/details over loopback', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness.close());
  beforeEach(() => harness.upstream.reset());

  it('reads about.json as a Creator with raw.via json and people online now', async () => {
    harness.upstream.on(at(ABOUT, json(fixture('about-subreddit.json'))));
    const response = await harness.get(details('r/examplesub', '&include_raw=true'));
    expectPaid(response, 'single');
    expect(response.body.data).toMatchObject({
      platform: 'reddit',
      id: '5x4m9',
      handle: 'examplesub',
      displayName: 'Example Gardening',
      bio: 'A place for gardeners.',
      followerCount: 123456,
      isPrivate: false,
      url: 'https://www.reddit.com/r/examplesub/',
      createdAt: '2011-03-13T07:06:40.000Z',
      avatarUrl: 'https://styles.redditmedia.com/t5_5x4m9/styles/communityIcon_abc.png?width=256&s=f00',
    });
    expect(response.body.raw).toMatchObject({ via: 'json', activeUsers: 321, subredditType: 'public' });
    expect(upstreamUrls(harness)).toEqual(['www.reddit.com/r/examplesub/about.json?raw_json=1']);
  });

  it('accepts url naming the same community, and refuses one naming another', async () => {
    harness.upstream.on(at(ABOUT, json(fixture('about-subreddit.json'))));
    expectPaid(await harness.get(details('examplesub', `&url=${encodeURIComponent('https://www.reddit.com/r/ExampleSub/')}`)), 'single');
    const other = await harness.get(details('examplesub', '&url=r/othersub'));
    expectError(other, 400, 'invalid_request');
    expect(other.body.error.details.param).toBe('url');
    expect(harness.upstream.requests).toHaveLength(1);
  });

  it.each([
    ['private', json(fixture('error-private.json'), 403)],
    ['quarantined', json(fixture('error-quarantined.json'), 403)],
    ['banned', json(fixture('error-banned.json'), 404)],
  ])('answers a %s community with an empty result naming the reason, 0 credits, no fallback', async (reason, reply) => {
    harness.upstream.on(at('/r/closedsub/about.json', reply));
    expectEmpty(await harness.get(details('closedsub')), 'single', reason);
    expect(harness.upstream.requests).toHaveLength(1);
  });

  it('answers a community that does not exist (a Listing instead of a t5) with empty not_found', async () => {
    harness.upstream.on(at('/r/nosuchsub/about.json', json(fixture('subreddit-search-redirect.json'))));
    expectEmpty(await harness.get(details('nosuchsub')), 'single', 'not_found');
  });

  it.each([
    ['a 403 block page', BLOCK_PAGE],
    ['a 429', rateLimited(20)],
  ])('reads the HTML community page when JSON answers %s (raw.weeklyVisitors)', async (_what, reply) => {
    harness.upstream.on(at(ABOUT, reply)).on(at('/r/examplesub/', PAGE));
    const response = await harness.get(details('examplesub', '&include_raw=true'));
    expectPaid(response, 'single');
    expect(response.body.data).toMatchObject({
      id: '5x4m9',
      handle: 'examplesub',
      displayName: 'Example Gardening',
      followerCount: null,
      createdAt: null,
      isPrivate: null,
    });
    expect(response.body.raw).toMatchObject({ via: 'html', weeklyVisitors: 48213, weeklyContributions: 1204 });
    expect(upstreamUrls(harness)).toEqual(['www.reddit.com/r/examplesub/about.json?raw_json=1', 'www.reddit.com/r/examplesub/']);
  });

  it('answers 502 upstream_blocked when the page is blocked too, 0 credits', async () => {
    harness.upstream.on(at(ABOUT, BLOCK_PAGE)).on(at('/r/examplesub/', BLOCK_PAGE));
    expectError(await harness.get(details('examplesub')), 502, 'upstream_blocked');
  });
});
