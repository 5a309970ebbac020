import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeUpstream } from '../../support/fake-upstream-server.js';
import { deletePrefix, REDIS_URL, testPrefix } from '../../state/redis-support.js';
import { spawnGateway, type ChildGateway } from '../../redis/processes.js';
import { ALGOLIA, FIREBASE, newsWorld } from '../../../src/families/news/demo/hacker-news.js';

const KEY = 'sk_test_news_budget';
/** Long enough that a busy machine still refuses within it, short enough to wait out. */
const SHORT_RETRY_SECONDS = 4;

interface Answer {
  status: number;
  retryAfter: number;
  charged: string | null;
  code: string | undefined;
}

/**
 * HN Search's 429, with and without Retry-After, holds the search host back in every gateway
 * process sharing one Redis: no request, no charge, while the official API is still called.
 */
describe.skipIf(!REDIS_URL)('HN Search rate limits across two gateway processes', () => {
  const prefix = testPrefix();
  const upstream = new FakeUpstream();
  /** How the fake HN Search answers searches right now. */
  let limit: { retryAfter: string | null } | null = null;
  let gateways: ChildGateway[] = [];
  let query = 0;

  async function search(gateway: ChildGateway): Promise<Answer> {
    query += 1;
    const response = await fetch(`${gateway.url}/v1/news/search?query=budget${query}`, { headers: { 'x-api-key': KEY } });
    const body = (await response.json()) as { error?: { code: string } };
    return {
      status: response.status,
      retryAfter: Number(response.headers.get('retry-after')),
      charged: response.headers.get('x-credits-charged'),
      code: body.error?.code,
    };
  }
  const searchRequests = () => upstream.requests.filter((request) => request.host === ALGOLIA).length;

  beforeAll(async () => {
    upstream.on((request) =>
      request.host === ALGOLIA && limit !== null
        ? {
            status: 429,
            body: { message: 'Too many requests' },
            headers: limit.retryAfter === null ? {} : ({ 'retry-after': limit.retryAfter } as Record<string, string>),
          }
        : undefined,
    );
    upstream.on(newsWorld());
    const origin = await upstream.start();
    const env = {
      REDIS_URL: REDIS_URL!,
      TEST_REDIS_PREFIX: prefix,
      API_KEYS: `${KEY}=1000`,
      UPSTREAM_ORIGINS: [FIREBASE, ALGOLIA].map((host) => `${host}=${origin}`).join(','),
      UPSTREAM_TIMEOUT_MS: '10000',
      LOG_LEVEL: 'silent',
      WORKERS: 'off',
    };
    gateways = await Promise.all([0, 1].map(() => spawnGateway('test/redis/gateway-process.ts', env)));
  }, 150_000);

  afterAll(async () => {
    await Promise.all(gateways.map((gateway) => gateway.stop()));
    await upstream.stop();
    await deletePrefix(prefix);
  });

  /** The second process refuses once it has heard; then ten calls across both reach nothing and cost nothing. */
  async function expectHeldBack(maxRetryAfter: number): Promise<void> {
    await expect.poll(async () => (await search(gateways[1]!)).status, { timeout: 10_000 }).toBe(429);
    const before = searchRequests();
    const answers = await Promise.all(Array.from({ length: 10 }, (_unused, index) => search(gateways[index % 2]!)));
    for (const answer of answers) expect(answer).toMatchObject({ status: 429, code: 'upstream_rate_limited', charged: '0' });
    for (const answer of answers) expect(answer.retryAfter).toBeGreaterThanOrEqual(1);
    for (const answer of answers) expect(answer.retryAfter).toBeLessThanOrEqual(maxRetryAfter);
    expect(searchRequests()).toBe(before);
    // The official API is another host: still called.
    const item = await fetch(`${gateways[1]!.url}/v1/news/item?id=1001`, { headers: { 'x-api-key': KEY } });
    expect(item.status).toBe(200);
  }

  it('honours a Retry-After in both processes, then calls HN Search again after it', async () => {
    expect((await Promise.all(gateways.map(search))).map((answer) => answer.status)).toEqual([200, 200]);
    limit = { retryAfter: String(SHORT_RETRY_SECONDS) };
    const first = await search(gateways[0]!);
    const passedAt = Date.now() + SHORT_RETRY_SECONDS * 1000 + 200;
    expect(first).toMatchObject({ status: 429, code: 'upstream_rate_limited', charged: '0' });
    await expectHeldBack(SHORT_RETRY_SECONDS);
    limit = null;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, passedAt - Date.now())));
    expect((await Promise.all(gateways.map(search))).map((answer) => [answer.status, answer.charged])).toEqual([
      [200, '1'],
      [200, '1'],
    ]);
  }, 30_000);

  it('holds HN Search back for a minute after a 429 without Retry-After, in both processes', async () => {
    limit = { retryAfter: null };
    const first = await search(gateways[0]!);
    expect(first).toMatchObject({ status: 429, code: 'upstream_rate_limited', charged: '0' });
    expect(first.retryAfter).toBeGreaterThan(SHORT_RETRY_SECONDS);
    await expectHeldBack(60);
    const later = await search(gateways[1]!);
    expect(later.retryAfter).toBeGreaterThan(30);
  }, 30_000);
});
