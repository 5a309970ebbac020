import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisBudgetStore } from '../../src/state/redis/budgets.js';
import { createRedisState } from '../../src/state/redis/index.js';
import { BOOKS_HOST } from '../families/bookshelf/family.js';
import { FakeUpstream } from '../support/fake-upstream-server.js';
import { deletePrefix, REDIS_URL, testPrefix } from '../state/redis-support.js';
import { spawnGateway, type ChildGateway } from './processes.js';

const KEY = 'sk_test_budget_multi';
/** Long enough that a busy machine still refuses within it, short enough to wait out. */
const SHORT_RESET_SECONDS = 4;
const gaugeOf = (host: string) =>
  new RegExp(
    `^gateway_upstream_budget_remaining\\{host="${host.replaceAll('.', '\\.')}",egress="direct",source="announced"\\} (\\d+)$`,
    'm',
  );

interface Answer {
  status: number;
  retryAfter: string | null;
  charged: string | null;
  code: string | undefined;
}

/**
 * Platform budgets across processes: two gateways on one Redis, the test family's catalogue host
 * (test/families/bookshelf) faked, its x-ratelimit headers set by the test. Every call asks for a
 * shelf of its own, so the result cache never answers in the platform's place.
 */
describe.skipIf(!REDIS_URL)('upstream budgets across two gateway processes', () => {
  const prefix = testPrefix();
  const upstream = new FakeUpstream();
  /** What the fake platform announces on its next answers. */
  const budget = { remaining: '50.0', reset: '600' };
  let gateways: ChildGateway[] = [];
  let origin = '';
  let shelf = 0;

  /** One GET with the key, as the caller sees its answer. */
  async function answerOf(url: string): Promise<Answer> {
    const response = await fetch(url, { headers: { 'x-api-key': KEY } });
    const body = (await response.json()) as { error?: { code: string } };
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      charged: response.headers.get('x-credits-charged'),
      code: body.error?.code,
    };
  }

  async function call(gateway: ChildGateway): Promise<Answer> {
    shelf += 1;
    return answerOf(`${gateway.url}/v1/bookshelf/shelf?shelf=budget${shelf}&limit=3`);
  }

  const balance = async (): Promise<number> => {
    const response = await fetch(`${gateways[0]!.url}/v1/account`, { headers: { 'x-api-key': KEY } });
    return ((await response.json()) as { data: { balance: number } }).data.balance;
  };

  const remainingSeenBy = async (gateway: ChildGateway, host = BOOKS_HOST): Promise<number | null> => {
    const match = gaugeOf(host).exec(await (await fetch(`${gateway.url}/metrics`)).text());
    return match ? Number(match[1]) : null;
  };

  /** Ten calls alternating between the processes, all at once. */
  const tenCalls = () => Promise.all(Array.from({ length: 10 }, (_unused, index) => call(gateways[index % 2]!)));

  beforeAll(async () => {
    upstream.on((request, url) => {
      const name = request.host === BOOKS_HOST ? /^\/shelves\/(budget\d+)\.json$/.exec(url.pathname)?.[1] : undefined;
      if (name === undefined) return undefined;
      const books = [1, 2, 3].map((index) => ({ id: `${name}-${index}`, title: `Book ${index}`, shelf: name, pages: null }));
      return { body: { books }, headers: { 'x-ratelimit-remaining': budget.remaining, 'x-ratelimit-reset': budget.reset } };
    });
    origin = await upstream.start();
    const env = {
      REDIS_URL: REDIS_URL!,
      TEST_REDIS_PREFIX: prefix,
      API_KEYS: `${KEY}=1000`,
      UPSTREAM_ORIGINS: `${BOOKS_HOST}=${origin}`,
      UPSTREAM_TIMEOUT_MS: '10000',
      LOG_LEVEL: 'silent',
      WORKERS: 'off',
    };
    gateways = await Promise.all([spawnGateway('test/redis/gateway-process.ts', env), spawnGateway('test/redis/gateway-process.ts', env)]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(gateways.map((gateway) => gateway.stop()));
    await upstream.stop();
    await deletePrefix(prefix);
  });

  it('refuses a spent host in both processes without a request and without a charge, and calls it again after the reset', async () => {
    // Both processes have called the host and know it has budget left.
    expect((await Promise.all(gateways.map(call))).map((answer) => answer.status)).toEqual([200, 200]);
    expect(await remainingSeenBy(gateways[1]!)).toBe(50);

    // Spent, for a few seconds: the first process hears it, the second learns it through Redis.
    Object.assign(budget, { remaining: '0.0', reset: String(SHORT_RESET_SECONDS) });
    expect((await call(gateways[0]!)).status).toBe(200);
    const resetPassedAt = Date.now() + SHORT_RESET_SECONDS * 1000 + 200;
    await expect.poll(() => remainingSeenBy(gateways[1]!), { timeout: 10_000 }).toBe(0);
    const before = { requests: upstream.requests.length, balance: await balance() };
    const refused = await tenCalls();
    for (const answer of refused) expect(answer).toMatchObject({ status: 429, code: 'upstream_rate_limited', charged: '0' });
    for (const answer of refused) expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
    for (const answer of refused) expect(Number(answer.retryAfter)).toBeLessThanOrEqual(SHORT_RESET_SECONDS);
    expect(upstream.requests.length).toBe(before.requests);
    expect(await balance()).toBe(before.balance);

    // Past the reset, both processes call the platform again (and are charged for it).
    Object.assign(budget, { remaining: '99.0', reset: '600' });
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, resetPassedAt - Date.now())));
    expect((await Promise.all(gateways.map(call))).map((answer) => [answer.status, answer.charged])).toEqual([
      [200, '1'],
      [200, '1'],
    ]);
    expect(upstream.requests.length).toBe(before.requests + 2);
  });

  it('after an answer with remaining 0 and a reset 20 s away, ten calls across both make no request, answer 429 with Retry-After in 1..20 and charge nothing', async () => {
    Object.assign(budget, { remaining: '0.0', reset: '20' });
    expect((await call(gateways[1]!)).status).toBe(200);
    await expect.poll(() => remainingSeenBy(gateways[0]!), { timeout: 10_000 }).toBe(0);
    const before = { requests: upstream.requests.length, balance: await balance() };
    const refused = await tenCalls();
    for (const answer of refused) expect(answer).toMatchObject({ status: 429, code: 'upstream_rate_limited', charged: '0' });
    const waits = refused.map((answer) => Number(answer.retryAfter));
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...waits)).toBeLessThanOrEqual(20);
    expect(upstream.requests.length).toBe(before.requests);
    expect(await balance()).toBe(before.balance);
    const metrics = await (await fetch(`${gateways[0]!.url}/metrics`)).text();
    expect(metrics).toMatch(/^gateway_upstream_budget_refusals_total\{host="books\.example\.test",budget="announced"\} [1-9]\d*$/m);
    expect(metrics).toMatch(/^gateway_upstream_requests_total\{host="books\.example\.test",outcome="ok"\} [1-9]\d*$/m);
  });

  it('refuses the host in a process started after the announcement (it reads what stands in Redis)', async () => {
    // Spent for ten minutes, as announced by another process: the late one cannot start after the reset, however busy the machine.
    const state = await createRedisState({ url: REDIS_URL!, prefix, cacheRetentionSeconds: 60, sweepIntervalMs: 0 });
    try {
      await new RedisBudgetStore(state.store, state.pubsub).record(
        { host: BOOKS_HOST, egress: 'direct' },
        { remaining: 0, resetAtMs: Date.now() + 600_000 },
        Date.now(),
      );
    } finally {
      await state.close();
    }
    const late = await spawnGateway('test/redis/gateway-process.ts', {
      REDIS_URL: REDIS_URL!,
      TEST_REDIS_PREFIX: prefix,
      API_KEYS: `${KEY}=1000`,
      UPSTREAM_ORIGINS: `${BOOKS_HOST}=${origin}`,
      LOG_LEVEL: 'silent',
      WORKERS: 'off',
    });
    try {
      const requests = upstream.requests.length;
      const answer = await call(late);
      expect(upstream.requests.length).toBe(requests);
      expect(answer).toMatchObject({ status: 429, code: 'upstream_rate_limited', charged: '0' });
      expect(Number(answer.retryAfter)).toBeGreaterThan(500);
      expect(Number(answer.retryAfter)).toBeLessThanOrEqual(600);
    } finally {
      await late.stop();
    }
  }, 30_000);
});
