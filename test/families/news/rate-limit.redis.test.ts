import { describe, expect, it } from 'vitest';
import { ALGOLIA, FIREBASE, newsWorld } from '../../../src/families/news/demo/hacker-news.js';
import type { ChildGateway } from '../../redis/processes.js';
import { REDIS_URL } from '../../state/redis-support.js';
import type { FakeRoute } from '../../support/fake-upstream-server.js';
import { twoGatewaysOnRedis } from '../../support/gateways-on-redis.js';

/** Long enough that a busy machine still refuses within it, short enough to wait out. */
const SHORT_RETRY_SECONDS = 4;

/**
 * HN Search's 429, with and without Retry-After, holds the search host back in every gateway
 * process sharing one Redis: no request, no charge, while the official API is still called.
 */
describe.skipIf(!REDIS_URL)('HN Search rate limits across two gateway processes', () => {
  /** How the fake HN Search answers searches right now. */
  let limit: { retryAfter: string | null } | null = null;
  let query = 0;
  const limited: FakeRoute = (request) =>
    request.host === ALGOLIA && limit !== null
      ? {
          status: 429,
          body: { message: 'Too many requests' },
          headers: limit.retryAfter === null ? {} : ({ 'retry-after': limit.retryAfter } as Record<string, string>),
        }
      : undefined;
  const { upstream, gateways, call, answer } = twoGatewaysOnRedis({
    key: 'sk_test_news_budget',
    hosts: [FIREBASE, ALGOLIA],
    routes: [limited, newsWorld()],
    env: { UPSTREAM_TIMEOUT_MS: '10000' },
  });
  const search = (gateway: ChildGateway) => answer(gateway, `/v1/news/search?query=budget${(query += 1)}`);
  const searchRequests = () => upstream.requests.filter((request) => request.host === ALGOLIA).length;

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
    const item = await call(gateways[1]!, '/v1/news/item?id=1001');
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
