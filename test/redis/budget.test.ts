import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisBudgetStore } from '../../src/state/redis/budgets.js';
import { createRedisState } from '../../src/state/redis/index.js';
import { BOOKS_HOST } from '../families/bookshelf/family.js';
import { FakeUpstream } from '../support/fake-upstream-server.js';
import { REDIS_URL, testPrefix } from '../state/redis-support.js';
import { BudgetGateways, type BudgetAnswer } from './budget-gateways.js';
import type { ChildGateway } from './processes.js';

const KEY = 'sk_test_budget_multi';
/** Long enough that a busy machine still refuses within it, short enough to wait out. */
const SHORT_RESET_SECONDS = 4;

/**
 * Platform budgets across processes: two gateways on one Redis, the test family's catalogue host
 * (test/families/bookshelf) faked, its x-ratelimit headers set by the test. Every call asks for a
 * shelf of its own, so the result cache never answers in the platform's place.
 */
describe.skipIf(!REDIS_URL)('upstream budgets across two gateway processes', () => {
  const prefix = testPrefix();
  /** What the fake platform announces on its next answers. */
  const budget = { remaining: '50.0', reset: '600' };
  const upstream = new FakeUpstream();
  let world: BudgetGateways;
  let gateways: ChildGateway[] = [];
  let shelf = 0;

  function call(gateway: ChildGateway): Promise<BudgetAnswer> {
    shelf += 1;
    return world.get(gateway, `/v1/bookshelf/shelf?shelf=budget${shelf}&limit=3`);
  }
  const balance = () => world.balance();
  const remainingSeenBy = (gateway: ChildGateway) => world.remainingSeenBy(gateway, BOOKS_HOST);

  /** Ten calls alternating between the processes, all at once. */
  const tenCalls = () => Promise.all(Array.from({ length: 10 }, (_unused, index) => call(gateways[index % 2]!)));

  beforeAll(async () => {
    upstream.on((request, url) => {
      const name = request.host === BOOKS_HOST ? /^\/shelves\/(budget\d+)\.json$/.exec(url.pathname)?.[1] : undefined;
      if (name === undefined) return undefined;
      const books = [1, 2, 3].map((index) => ({ id: `${name}-${index}`, title: `Book ${index}`, shelf: name, pages: null }));
      return { body: { books }, headers: { 'x-ratelimit-remaining': budget.remaining, 'x-ratelimit-reset': budget.reset } };
    });
    world = await BudgetGateways.start(upstream, { key: KEY, prefix, hosts: [BOOKS_HOST] });
    gateways = world.gateways;
  }, 150_000);

  afterAll(() => world?.stop());

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
    const late = await world.spawn();
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
