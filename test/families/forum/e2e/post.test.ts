import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../../support/gateway.js';
import { atom, at, BLOCK_PAGE, expectEmpty, expectError, expectPaid, fixture, json, NOT_FOUND, thread, upstreamUrls } from './support.js';

/** GET /v1/forum/post end to end (spec 4.2 rule 1, family README "Empty results"). */

const POST_JSON = '/comments/tx1a2b.json';
const EXPECTED_UPSTREAM = 'www.reddit.com/comments/tx1a2b.json?limit=1&depth=1&raw_json=1';
const post = (url: string, extra = '') => `/v1/forum/post?url=${encodeURIComponent(url)}${extra}`;

describe('GET /v1/forum/post over loopback', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness.close());
  beforeEach(() => harness.upstream.reset());

  it('reads every URL form of one post from the same upstream URL, with raw_json=1', async () => {
    harness.upstream.on(at(POST_JSON, json(fixture('post-thread-comments.json'))));
    const forms = [
      'https://www.reddit.com/r/examplesub/comments/tx1a2b/weekend_gardening_thread/',
      'https://www.reddit.com/r/examplesub/comments/tx1a2b/weekend_gardening_thread',
      'https://www.reddit.com/r/examplesub/comments/tx1a2b/',
      'https://www.reddit.com/r/examplesub/comments/tx1a2b',
      'https://old.reddit.com/r/examplesub/comments/tx1a2b/weekend_gardening_thread/',
      'https://new.reddit.com/r/examplesub/comments/tx1a2b/weekend_gardening_thread/',
      'https://np.reddit.com/r/examplesub/comments/tx1a2b/',
      'https://reddit.com/r/examplesub/comments/tx1a2b/weekend_gardening_thread/?utm_source=share',
      'https://www.reddit.com/comments/tx1a2b',
      'https://redd.it/tx1a2b',
      'tx1a2b',
      't3_tx1a2b',
    ];
    for (const form of forms) {
      const response = await harness.get(post(form));
      expectPaid(response, 'single');
      expect(response.body.data).toMatchObject({
        platform: 'reddit',
        id: 'tx1a2b',
        type: 'text',
        likeCount: 42,
        commentCount: 25,
        authorHandle: 'maple_writer',
        authorId: 'k1x9q',
      });
      expect(response.body.raw).toBeUndefined();
    }
    expect(upstreamUrls(harness)).toEqual(forms.map(() => EXPECTED_UPSTREAM));
  });

  it('charges 1 credit for a post without comments and returns the full Post', async () => {
    harness.upstream.on(
      at('/comments/nc0001.json', json(thread({ id: 'nc0001', author: 'quiet_poster', numComments: 0, selftext: 'Nobody answered.' }))),
    );
    const response = await harness.get(post('nc0001'));
    expectPaid(response, 'single');
    expect(response.body.data).toMatchObject({
      id: 'nc0001',
      url: 'https://www.reddit.com/r/synthetic/comments/nc0001/synthetic_post/',
      text: 'Nobody answered.',
      commentCount: 0,
      mediaUrls: [],
      viewCount: null,
      shareCount: null,
    });
  });

  it('returns the untouched upstream payload under raw with include_raw=true', async () => {
    const body = fixture('post-thread-no-comments.json');
    harness.upstream.on(at(POST_JSON, json(body)));
    const response = await harness.get(post('tx1a2b', '&include_raw=true'));
    expectPaid(response, 'single');
    expect(response.body.raw).toEqual({ via: 'json', url: `https://${EXPECTED_UPSTREAM}`, payload: JSON.parse(body) });
  });

  it('serves a repeat with cache_max_age from the cache: 0 credits, original fetchedAt, raw kept, no upstream request', async () => {
    harness.upstream.on(at('/comments/ch0001.json', json(thread({ id: 'ch0001', author: 'cache_user' }))));
    const live = await harness.get(post('ch0001', '&include_raw=true'));
    expectPaid(live, 'single');
    const hit = await harness.get(post('ch0001', '&include_raw=true&cache_max_age=1h'));
    expect(hit.status).toBe(200);
    expect(hit.body.meta).toMatchObject({ creditsCharged: 0, cached: true, fetchedAt: live.body.meta.fetchedAt });
    expect(hit.headers.get('x-credits-charged')).toBe('0');
    expect(hit.body.data).toEqual(live.body.data);
    expect(hit.body.raw).toEqual(live.body.raw);
    expect(harness.upstream.requests).toHaveLength(1);
  });

  it('classifies a missing post (404 {"error":404}) as empty not_found, not charged', async () => {
    harness.upstream.on(at('/comments/gone01.json', NOT_FOUND));
    expectEmpty(await harness.get(post('gone01')), 'single', 'not_found');
  });

  it('classifies a post listing with no post as empty not_found', async () => {
    harness.upstream.on(
      at(
        '/comments/gone02.json',
        json([
          { kind: 'Listing', data: { children: [], after: null } },
          { kind: 'Listing', data: { children: [], after: null } },
        ]),
      ),
    );
    expectEmpty(await harness.get(post('gone02')), 'single', 'not_found');
  });

  it.each([
    ['private', json({ reason: 'private', message: 'Forbidden', error: 403 }, 403)],
    ['quarantined', json(fixture('error-quarantined.json'), 403)],
    ['banned', json(fixture('error-banned.json'), 404)],
    ['deleted', json({ reason: 'deleted', message: 'Not Found', error: 404 }, 404)],
  ])('classifies a refusal stating %s as an empty result with that reason', async (reason, reply) => {
    harness.upstream.on(at('/comments/rf0001.json', reply));
    const response = await harness.get(post('rf0001', `&include_raw=true`));
    expectEmpty(response, 'single', reason);
    expect(response.body.raw.via).toBe('json');
  });

  it('keeps a deleted post Reddit still serves as a paid Post without an author', async () => {
    harness.upstream.on(at('/comments/dl0001.json', json(thread({ id: 'dl0001', author: '[deleted]', selftext: '[deleted]' }))));
    const response = await harness.get(post('dl0001'));
    expectPaid(response, 'single');
    expect(response.body.data).toMatchObject({ id: 'dl0001', authorHandle: null });
  });

  it('falls back to the post feed when the JSON surface is blocked (raw.via atom, null counts)', async () => {
    harness.upstream.on(at(POST_JSON, BLOCK_PAGE)).on(at('/comments/tx1a2b.rss', atom(fixture('post-feed.xml'))));
    const response = await harness.get(post('https://www.reddit.com/r/examplesub/comments/tx1a2b/', '&include_raw=true'));
    expectPaid(response, 'single');
    expect(response.body.data).toMatchObject({
      id: 'tx1a2b',
      title: 'Weekend gardening thread',
      likeCount: null,
      commentCount: null,
      authorId: null,
    });
    expect(response.body.raw.via).toBe('atom');
    expect(upstreamUrls(harness)).toEqual([EXPECTED_UPSTREAM, 'www.reddit.com/comments/tx1a2b.rss?limit=1&depth=1']);
  });

  it('answers 502 upstream_blocked for a 403 without a reason when the feed fails too', async () => {
    harness.upstream
      .on(at('/comments/bk0001.json', json(fixture('error-forbidden-no-reason.json'), 403)))
      .on(at('/comments/bk0001.rss', BLOCK_PAGE));
    expectError(await harness.get(post('bk0001')), 502, 'upstream_blocked');
  });

  it('refuses an input that names no post with 400 invalid_request before any upstream request', async () => {
    const response = await harness.get(post('https://example.org/r/x/comments/tx1a2b/'));
    expectError(response, 400, 'invalid_request');
    expect(response.body.error.details.param).toBe('url');
    expect(harness.upstream.requests).toHaveLength(0);
  });
});
