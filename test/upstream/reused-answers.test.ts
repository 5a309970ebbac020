import { describe, expect, it } from 'vitest';
import type { Upstream, UpstreamRequest, UpstreamResponse } from '../../src/catalogue/upstream.js';
import { MAX_REUSED_ANSWER_CHARS, reusingAnswers } from '../../src/pipeline/reused-answers.js';
import { MemoryCache } from '../../src/state/memory/cache.js';

/** Answers a family asks to reuse: kept in the shared result cache, served while recent enough, never anything else. */

const URL_A = 'https://store.example.com/meta.json';

function countingUpstream(answer: (request: UpstreamRequest) => UpstreamResponse) {
  const seen: UpstreamRequest[] = [];
  const upstream: Upstream = {
    fetch: async (request) => {
      seen.push(request);
      return answer(request);
    },
  };
  return { upstream, seen };
}

const ok = (body: string, status = 200): UpstreamResponse => ({
  status,
  headers: { 'content-type': 'application/json' },
  body,
  url: URL_A,
});

function setUp(answer: (request: UpstreamRequest) => UpstreamResponse = () => ok('{"name":"A"}')) {
  const cache = new MemoryCache({ maxBytes: 10_000_000, retentionSeconds: 3600 });
  const clock = { ms: Date.parse('2026-01-01T00:00:00Z') };
  const { upstream, seen } = countingUpstream(answer);
  const reusing = (source: Upstream = upstream) => reusingAnswers(source, cache, () => clock.ms);
  return { cache, clock, seen, reusing };
}

describe('reusingAnswers', () => {
  it('serves a kept answer while it is recent enough, in another wrapper over the same cache, and fetches again after', async () => {
    const { clock, seen, reusing } = setUp();
    const request = { url: URL_A, reuse: { maxAgeMs: 600_000 } };
    expect(await reusing().fetch(request)).toEqual(ok('{"name":"A"}'));
    clock.ms += 599_000;
    expect(await reusing().fetch(request)).toEqual(ok('{"name":"A"}'));
    expect(seen).toHaveLength(1);
    // The request that went out carries no reuse option: it is the gateway's, not the upstream's.
    expect(seen[0]).toEqual({ url: URL_A });
    clock.ms += 2000;
    await reusing().fetch(request);
    expect(seen).toHaveLength(2);
  });

  it('always fetches with maxAgeMs 0, and keeps the answer for the next caller', async () => {
    const { seen, reusing } = setUp();
    await reusing().fetch({ url: URL_A, reuse: { maxAgeMs: 0 } });
    await reusing().fetch({ url: URL_A, reuse: { maxAgeMs: 0 } });
    expect(seen).toHaveLength(2);
    await reusing().fetch({ url: URL_A, reuse: { maxAgeMs: 60_000 } });
    expect(seen).toHaveLength(2);
  });

  it('keeps no failed, oversized or unasked-for answer, and no answer of another request shape', async () => {
    let body = '{"name":"A"}';
    let status = 200;
    const { seen, reusing } = setUp(() => ok(body, status));
    const reuse = { maxAgeMs: 600_000 };
    await reusing().fetch({ url: URL_A });
    await reusing().fetch({ url: URL_A, reuse });
    expect(seen).toHaveLength(2);
    status = 404;
    const other = 'https://store.example.com/other.json';
    await reusing().fetch({ url: other, reuse, passStatuses: [404] });
    await reusing().fetch({ url: other, reuse, passStatuses: [404] });
    expect(seen).toHaveLength(4);
    status = 200;
    body = 'x'.repeat(MAX_REUSED_ANSWER_CHARS + 1);
    const big = 'https://store.example.com/big.json';
    await reusing().fetch({ url: big, reuse });
    await reusing().fetch({ url: big, reuse });
    expect(seen).toHaveLength(6);
    // Other headers make another answer.
    await reusing().fetch({ url: URL_A, reuse, headers: { accept: 'text/html' } });
    expect(seen).toHaveLength(7);
  });

  it('passes a POST through without keeping it', async () => {
    const { seen, reusing } = setUp();
    const post = { url: URL_A, method: 'POST' as const, body: '{}', reuse: { maxAgeMs: 600_000 } };
    await reusing().fetch(post);
    await reusing().fetch(post);
    expect(seen).toHaveLength(2);
  });
});
