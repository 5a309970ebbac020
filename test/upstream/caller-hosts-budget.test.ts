import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BudgetStore } from '../../src/state/budget-store.js';
import { MemoryBudgetStore, MAX_BUDGET_TARGETS } from '../../src/state/memory/budgets.js';
import { RedisBudgetStore } from '../../src/state/redis/budgets.js';
import { createRedisState, type RedisState } from '../../src/state/redis/index.js';
import { BudgetGuard, MAX_KNOWN_TARGETS } from '../../src/upstream/budget/guard.js';
import { FakeUpstream } from '../support/fake-upstream-server.js';
import { deletePrefix, REDIS_URL, testPrefix } from '../state/redis-support.js';
import { failureOf, gatedClient, STORE_A, STORE_B, stubResolver, type GatedClient } from './caller-hosts-support.js';

/**
 * Per-host economy of hosts callers name, as two gateway processes see it: two clients, each
 * with its own guard, on one budget store (memory shared in-process, or two Redis connections).
 */
function perHostEconomy(name: string, storesFor: () => Promise<[BudgetStore, BudgetStore]>) {
  describe(name, () => {
    const fake = new FakeUpstream();
    let origins: Map<string, URL>;
    const opened: GatedClient[] = [];
    const twoProcesses = async (policy = {}) => {
      const [first, second] = await storesFor();
      const made = [first, second].map((store) => gatedClient({ origins, resolveAll: stubResolver({}), store, policy }));
      opened.push(...made);
      return [made[0]!.upstream, made[1]!.upstream] as const;
    };

    beforeAll(async () => {
      const origin = new URL(await fake.start());
      origins = new Map([STORE_A, STORE_B].map((host) => [host, origin]));
    });
    afterAll(() => fake.stop());
    beforeEach(() => fake.reset());
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((each) => each.close()));
    });

    const requestsTo = (host: string) => fake.requests.filter((request) => request.host === host).length;

    it('a 429 without Retry-After spends that host (not the family) in every process, for the default time', async () => {
      fake.on((request) => (request.host === STORE_A ? { status: 429, body: { error: 'Too many requests' } } : { body: { ok: 1 } }));
      const [one, two] = await twoProcesses();
      const first = await failureOf(one.fetch({ url: `https://${STORE_A}/products.json`, hostParam: 'domain' }));
      expect(first.code).toBe('upstream_rate_limited');
      const elsewhere = await failureOf(two.fetch({ url: `https://${STORE_A}/products.json?page=2`, hostParam: 'domain' }));
      expect(elsewhere.code).toBe('upstream_rate_limited');
      expect(elsewhere.details).toMatchObject({ host: STORE_A, budget: 'announced' });
      expect(elsewhere.retryAfter).toBeGreaterThan(30);
      expect(elsewhere.retryAfter).toBeLessThanOrEqual(60);
      expect(requestsTo(STORE_A)).toBe(1);
      // Another store of the same family still answers, in both processes.
      expect((await two.fetch({ url: `https://${STORE_B}/products.json` })).status).toBe(200);
      expect((await one.fetch({ url: `https://${STORE_B}/products.json` })).status).toBe(200);
    });

    it('X-RateLimit-Remaining 0 with an ISO reset spends that host until the reset, everywhere', async () => {
      const reset = new Date(Date.now() + 240_000).toISOString();
      fake.on((request) => ({
        headers: request.host === STORE_A ? { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset } : ({} as Record<string, string>),
        body: { ok: 1 },
      }));
      const [one, two] = await twoProcesses();
      // The answer that says "spent" is itself served.
      expect((await one.fetch({ url: `https://${STORE_A}/api/v1/timelines/public` })).status).toBe(200);
      const refused = await failureOf(two.fetch({ url: `https://${STORE_A}/api/v1/accounts/lookup?acct=a` }));
      expect(refused.code).toBe('upstream_rate_limited');
      expect(refused.retryAfter).toBeGreaterThan(200);
      expect(refused.retryAfter).toBeLessThanOrEqual(240);
      expect(requestsTo(STORE_A)).toBe(1);
      expect((await two.fetch({ url: `https://${STORE_B}/api/v1/instance` })).status).toBe(200);
    });

    it('bounds calls per host across processes with the family’s per-host ceiling', async () => {
      fake.on(() => ({ body: { ok: 1 } }));
      const [one, two] = await twoProcesses({ hostCeiling: { limit: 3, windowMs: 60_000 } });
      await one.fetch({ url: `https://${STORE_A}/1` });
      await two.fetch({ url: `https://${STORE_A}/2` });
      await one.fetch({ url: `https://${STORE_A}/3` });
      const beyond = await failureOf(two.fetch({ url: `https://${STORE_A}/4` }));
      expect(beyond.code).toBe('upstream_rate_limited');
      expect(beyond.details).toMatchObject({ host: STORE_A, budget: 'ceiling' });
      expect(requestsTo(STORE_A)).toBe(3);
      // One store's ceiling never stops another.
      expect((await two.fetch({ url: `https://${STORE_B}/1` })).status).toBe(200);
    });
  });
}

perHostEconomy('per-host budgets of caller-named hosts, on one memory store', async () => {
  const shared = new MemoryBudgetStore();
  return [shared, shared];
});

describe.skipIf(!REDIS_URL)('on Redis', () => {
  const prefix = testPrefix();
  const states: RedisState[] = [];
  afterAll(async () => {
    await Promise.all(states.map((state) => state.close()));
    await deletePrefix(prefix, REDIS_URL);
  });
  perHostEconomy('per-host budgets of caller-named hosts, across two Redis clients', async () => {
    // A prefix per test, so one test's spent host is not the next one's.
    const own = `${prefix}${states.length}:`;
    const made = await Promise.all(
      [0, 1].map(() => createRedisState({ url: REDIS_URL!, prefix: own, cacheRetentionSeconds: 60, sweepIntervalMs: 0 })),
    );
    states.push(...made);
    const [first, second] = made.map((state) => new RedisBudgetStore(state.store, state.pubsub));
    return [first!, second!];
  });
});

describe('the table of hosts is bounded', () => {
  it('keeps at most MAX_KNOWN_TARGETS hosts in a process, least recently called dropped first', async () => {
    const guard = new BudgetGuard({ store: new MemoryBudgetStore() });
    for (let index = 0; index <= MAX_KNOWN_TARGETS; index++)
      await guard.observe({ host: `store-${index}.example.com`, egress: 'direct' }, { status: 200, headers: { 'retry-after': '30' } });
    const hosts = guard.snapshot().map((line) => line.host);
    expect(hosts).toHaveLength(MAX_KNOWN_TARGETS);
    expect(hosts).not.toContain('store-0.example.com');
    expect(hosts).toContain(`store-${MAX_KNOWN_TARGETS}.example.com`);
    await guard.close();
  }, 60_000);

  it('keeps at most MAX_BUDGET_TARGETS records and windows in the memory store', async () => {
    const store = new MemoryBudgetStore();
    const now = Date.now();
    for (let index = 0; index <= MAX_BUDGET_TARGETS; index++) {
      const target = { host: `store-${index}.example.com`, egress: 'direct' };
      await store.record(target, { remaining: 0, resetAtMs: now + 60_000 }, now);
      await store.take(target, 1, 60_000, now);
    }
    expect(await store.get({ host: 'store-0.example.com', egress: 'direct' }, now)).toBeNull();
    expect(await store.get({ host: `store-${MAX_BUDGET_TARGETS}.example.com`, egress: 'direct' }, now)).not.toBeNull();
    // The dropped window starts afresh; a kept one still refuses.
    expect((await store.take({ host: 'store-0.example.com', egress: 'direct' }, 1, 60_000, now)).allowed).toBe(true);
    expect((await store.take({ host: `store-${MAX_BUDGET_TARGETS}.example.com`, egress: 'direct' }, 1, 60_000, now)).allowed).toBe(false);
  });
});
