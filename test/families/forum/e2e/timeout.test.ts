import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listing, postsByAuthors } from '../forum-data.js';
import { startHarness, type Harness } from '../../../support/gateway.js';
import { at, balanceOf, expectError, expectPaid, fixture, json, text, upstreamUrls } from './support.js';

/** Upstream time-outs end to end: 504 upstream_timeout, never charged, never cached, no fallback. */

const TIMEOUT_MS = 200;
const SLOW_MS = 1500;

describe('forum endpoints when the upstream does not answer in time', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({ UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS) });
  });
  afterAll(() => harness.close());
  beforeEach(() => harness.upstream.reset());

  it('answers 504 upstream_timeout for a slow listing, charges nothing, and does not try the feed', async () => {
    harness.upstream.on(at('/r/slowsub/hot.json', { ...json(listing(postsByAuthors(2, 2))), delayMs: SLOW_MS }));
    const before = await balanceOf(harness);
    const started = Date.now();
    const response = await harness.get('/v1/forum/subreddit?subreddit=slowsub&limit=5&cache_max_age=1h');
    expect(Date.now() - started).toBeLessThan(SLOW_MS);
    expectError(response, 504, 'upstream_timeout');
    expect(response.body.error.retryable).toBe(true);
    expect(await balanceOf(harness)).toBe(before);
    expect(upstreamUrls(harness)).toEqual(['www.reddit.com/r/slowsub/hot.json?limit=5&raw_json=1']);
  });

  it('caches nothing after a time-out: the same request with cache_max_age goes upstream again', async () => {
    harness.upstream.on(at('/r/slowsub/hot.json', { ...json(listing(postsByAuthors(2, 2))), delayMs: SLOW_MS }));
    expectError(await harness.get('/v1/forum/subreddit?subreddit=slowsub&limit=6&cache_max_age=1h'), 504, 'upstream_timeout');
    harness.upstream.reset();
    harness.upstream.on(at('/r/slowsub/hot.json', json(listing(postsByAuthors(2, 2)))));
    expectPaid(await harness.get('/v1/forum/subreddit?subreddit=slowsub&limit=6&cache_max_age=1h'), 'list');
    expect(harness.upstream.requests).toHaveLength(1);
  });

  it('answers 504 when a later hop (the caption file) is slow', async () => {
    harness.upstream
      .on(at('/vid0example1/DASHPlaylist.mpd', text(fixture('dash-with-captions.mpd'), 'application/dash+xml'), 'v.redd.it'))
      .on(at('/vid0example1/wh_ben_en/captions_en.vtt', { ...text(fixture('captions.vtt'), 'text/vtt'), delayMs: SLOW_MS }, 'v.redd.it'));
    expectError(
      await harness.get(`/v1/forum/post/transcript?url=${encodeURIComponent('https://v.redd.it/vid0example1')}`),
      504,
      'upstream_timeout',
    );
  });

  it('answers 504 for a slow single post', async () => {
    harness.upstream.on(at('/comments/tx1a2b.json', { ...json(fixture('post-thread-no-comments.json')), delayMs: SLOW_MS }));
    expectError(await harness.get('/v1/forum/post?url=tx1a2b'), 504, 'upstream_timeout');
    expect(harness.upstream.requests).toHaveLength(1);
  });
});
