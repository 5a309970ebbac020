import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../../src/errors.js';
import { newsItemCommentsEndpoint } from '../../../src/families/news/endpoints/item-comments.js';
import type { Comment } from '../../../src/model/content.js';
import type { UpstreamRequest } from '../../../src/catalogue/upstream.js';
import { stubUpstream, type StubAnswer } from '../../support/stub-upstream.js';
import { asList, errorOf, rawOf, runEndpoint } from '../code/support.js';

/** Unit tests of the comment tree's sources: when the official API is walked, and how far. */

const json = (body: unknown, status = 200): StubAnswer => ({
  status,
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json' },
});
const TIME = 1_767_000_000;

/** A story with `width` direct replies, each with one reply of its own. */
function wideThread(width: number) {
  const kids = Array.from({ length: width }, (_, index) => 10_000 + index);
  const items = new Map<number, unknown>([[1, { by: 'op', id: 1, kids, time: TIME, title: 'Wide', type: 'story' }]]);
  for (const id of kids) {
    items.set(id, { by: `c${id}`, id, kids: [id + 50_000], parent: 1, text: `Comment ${id}`, time: TIME, type: 'comment' });
    items.set(id + 50_000, { by: 'op', id: id + 50_000, parent: id, text: 'Reply', time: TIME, type: 'comment' });
  }
  return items;
}

/** An upstream where HN Search answers `algolia` for the tree and the official API serves `items`, counting concurrency. */
function upstreamOf(algolia: StubAnswer, items: Map<number, unknown>) {
  let inFlight = 0;
  const stats = { maxInFlight: 0, itemGets: 0 };
  const stub = stubUpstream((_request, url) => {
    if (url.host === 'hn.algolia.com') return algolia;
    const id = Number(/^\/v0\/item\/(\d+)\.json$/.exec(url.pathname)?.[1]);
    stats.itemGets += 1;
    return json(items.get(id) ?? null);
  });
  const upstream = {
    calls: stub.calls,
    async fetch(request: UpstreamRequest) {
      inFlight += 1;
      stats.maxInFlight = Math.max(stats.maxInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      try {
        return await stub.fetch(request);
      } finally {
        inFlight -= 1;
      }
    },
  };
  return { upstream, stats };
}

describe('the comment tree', () => {
  it('walks the official API on a 404, 5xx or time-out from HN Search, never on its 429', async () => {
    const fallbacks: StubAnswer[] = [
      json({ status: 404, error: 'Not Found' }, 404),
      json({ status: '500', error: 'Internal Server Error' }, 500),
      json({}, 503),
      new GatewayError('upstream_timeout', 'The platform did not answer in time.'),
    ];
    for (const algolia of fallbacks) {
      const { upstream } = upstreamOf(algolia, wideThread(2));
      const result = asList(await runEndpoint(newsItemCommentsEndpoint, { id: '1' }, upstream));
      expect(rawOf(result).via).toBe('firebase');
      expect(result.items).toHaveLength(4);
    }
    const { upstream, stats } = upstreamOf(json({ message: 'slow down' }, 429), wideThread(2));
    const refused = await errorOf(runEndpoint(newsItemCommentsEndpoint, { id: '1' }, upstream));
    expect(refused.code).toBe('upstream_rate_limited');
    expect(stats.itemGets).toBe(0);
  });

  it('fetches only what it places, at most ten at a time, in reading order', async () => {
    const { upstream, stats } = upstreamOf(json({}, 404), wideThread(40));
    const result = asList(await runEndpoint(newsItemCommentsEndpoint, { id: '1', limit: 5 }, upstream));
    const comments = result.items as Comment[];
    expect(comments.map((comment) => [comment.id, comment.parentId])).toEqual([
      ['10000', null],
      ['60000', '10000'],
      ['10001', null],
      ['60001', '10001'],
      ['10002', null],
    ]);
    expect(result.pagination.hasMore).toBe(true);
    // The root, the five placed, and those in flight that later replies pushed out of the first five places.
    expect(stats.itemGets).toBeLessThanOrEqual(1 + 5 + 10);
    const whole = upstreamOf(json({}, 404), wideThread(40));
    const all = asList(await runEndpoint(newsItemCommentsEndpoint, { id: '1', limit: 500 }, whole.upstream));
    expect(all.items).toHaveLength(80);
    expect(all.pagination.hasMore).toBe(false);
    expect(whole.stats.itemGets).toBe(81);
    expect(whole.stats.maxInFlight).toBeLessThanOrEqual(10);
    expect(whole.stats.maxInFlight).toBeGreaterThan(1);
  });

  it('leaves out replies deeper than depth, and says so', async () => {
    const { upstream } = upstreamOf(json({}, 404), wideThread(3));
    const result = asList(await runEndpoint(newsItemCommentsEndpoint, { id: '1', depth: 1 }, upstream));
    expect((result.items as Comment[]).map((comment) => comment.id)).toEqual(['10000', '10001', '10002']);
    expect(result.pagination.hasMore).toBe(true);
  });

  it('reads a tree that does not have the expected shape as schema drift', async () => {
    const { upstream } = upstreamOf(json({ hits: [] }), wideThread(1));
    expect((await errorOf(runEndpoint(newsItemCommentsEndpoint, { id: '1' }, upstream))).code).toBe('upstream_schema_drift');
  });
});
