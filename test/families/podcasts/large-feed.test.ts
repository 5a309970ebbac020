import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../support/gateway.js';
import { appleBody, showRecord } from './fixtures/world.js';
import { feedPieces, itemDateMs, sendFeed } from './large-feed.js';

/**
 * A feed of 20,000 items (about 42 MB) served through the real gateway for a page of episodes:
 * it is read as a stream keeping one page, so the process's resident memory grows by less than
 * the family's bound of 128 MiB, where holding the text and a parsed tree would take several
 * times the document.
 */

const ITEMS = 20_000;
const BOUND_BYTES = 128 * 1024 * 1024;
const LONG_FEED_HOST = 'long-feed.example.org';
const SHOW = '700000099';

describe('a feed of 20,000 items', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({ UPSTREAM_TIMEOUT_MS: '60000', PODCASTS_ITUNES_PER_MINUTE: '600' }, { callerHosts: [LONG_FEED_HOST] });
    harness.upstream.on((request, url) => {
      if (request.host === 'itunes.apple.com')
        return {
          status: 200,
          body: appleBody([showRecord(SHOW, `https://${LONG_FEED_HOST}/feed.xml`)]),
          headers: { 'content-type': 'text/javascript' },
        };
      if (request.host === LONG_FEED_HOST && url.pathname === '/feed.xml') return { respond: (response) => void sendFeed(response, ITEMS) };
      return undefined;
    });
  });
  afterAll(() => harness?.close());

  it('is about 42 MB', () => {
    let bytes = 0;
    for (const piece of feedPieces(ITEMS)) bytes += Buffer.byteLength(piece);
    expect(bytes).toBeGreaterThan(40_000_000);
    expect(bytes).toBeLessThan(46_000_000);
  });

  it('serves its newest page and the next within the memory bound, every episode counted', async () => {
    // Warm the code paths before the baseline is taken.
    await harness.get('/v1/podcasts/show?show=1');
    let peak = process.memoryUsage().rss;
    const baseline = peak;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    try {
      const first = await harness.get(`/v1/podcasts/show/episodes?show=${SHOW}&limit=100&include_raw=true`);
      expect(first.status, JSON.stringify(first.body).slice(0, 300)).toBe(200);
      expect(first.body.raw).toMatchObject({ itemCount: ITEMS, skipped: 0 });
      expect(first.body.data.items).toHaveLength(100);
      expect(first.body.data.items[0]).toMatchObject({
        id: `long-${ITEMS - 1}`,
        publishedAt: new Date(itemDateMs(ITEMS - 1)).toISOString().replace('.000Z', 'Z'),
      });
      const next = await harness.get(`/v1/podcasts/show/episodes?show=${SHOW}&limit=100&cursor=${first.body.pagination.cursor}`);
      expect(next.status).toBe(200);
      expect(next.body.data.items[0].id).toBe(`long-${ITEMS - 101}`);
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(peak - baseline, `resident memory grew by ${((peak - baseline) / 2 ** 20).toFixed(0)} MiB`).toBeLessThan(BOUND_BYTES);
    expect(harness.upstream.requests.filter((request) => request.host === LONG_FEED_HOST)).toHaveLength(2);
  }, 120_000);
});
