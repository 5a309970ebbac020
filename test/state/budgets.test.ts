import { afterAll, describe, expect, it } from 'vitest';
import { mergeBudget } from '../../src/state/budget-store.js';
import { MemoryBudgetStore } from '../../src/state/memory/budgets.js';
import { RedisBudgetStore } from '../../src/state/redis/budgets.js';
import { budgetStoreContract } from './budget-contract.js';
import { redisStates, STATE_REDIS } from './redis-support.js';

budgetStoreContract('memory', async () => new MemoryBudgetStore());

const states = redisStates();
budgetStoreContract(
  'redis',
  async () => {
    const state = await states.create();
    return new RedisBudgetStore(state.store, state.pubsub);
  },
  { skip: !STATE_REDIS, cleanup: () => states.cleanup() },
);

describe('mergeBudget', () => {
  const now = 1_000_000;
  it('takes the new record when nothing stands or the standing one lapsed', () => {
    expect(mergeBudget(null, { remaining: 5, resetAtMs: now + 10 }, now)).toEqual({ remaining: 5, resetAtMs: now + 10 });
    expect(mergeBudget({ remaining: 0, resetAtMs: now }, { remaining: 5, resetAtMs: now + 10 }, now)).toEqual({
      remaining: 5,
      resetAtMs: now + 10,
    });
  });
});

describe.skipIf(!STATE_REDIS)('redis budget store across connections', () => {
  const local = redisStates();
  afterAll(() => local.cleanup());

  it('shares records and announces a spent one to the other connection', async () => {
    const first = await local.create();
    const second = await local.create({ prefix: first.prefix });
    const [a, b] = [new RedisBudgetStore(first.store, first.pubsub), new RedisBudgetStore(second.store, second.pubsub)];
    const heard: unknown[] = [];
    await b.watch((announcement) => heard.push(announcement));
    const now = Date.now();
    await a.record({ host: 'api.github.com', egress: 'direct' }, { remaining: 0, resetAtMs: now + 30_000 }, now);
    expect(await b.get({ host: 'api.github.com', egress: 'direct' }, now)).toEqual({ remaining: 0, resetAtMs: now + 30_000 });
    await expect.poll(() => heard).toEqual([{ host: 'api.github.com', egress: 'direct', remaining: 0, resetAtMs: now + 30_000 }]);
  });

  it('stores a record with the reset as its expiry', async () => {
    const state = await local.create();
    const store = new RedisBudgetStore(state.store, state.pubsub);
    const now = Date.now();
    await store.record({ host: 'www.reddit.com', egress: 'direct' }, { remaining: 0, resetAtMs: now + 20_000 }, now);
    const ttl = await state.store.client.pTTL(state.store.keys.budget('www.reddit.com|direct'));
    expect(ttl).toBeGreaterThan(10_000);
    expect(ttl).toBeLessThanOrEqual(20_000);
  });

  it('holds one ceiling across connections', async () => {
    const first = await local.create();
    const second = await local.create({ prefix: first.prefix });
    const [a, b] = [new RedisBudgetStore(first.store, first.pubsub), new RedisBudgetStore(second.store, second.pubsub)];
    const target = { host: 'www.redfin.com', egress: 'direct' };
    const takes = await Promise.all(
      Array.from({ length: 40 }, (_unused, index) => (index % 2 ? a : b).take(target, 25, 60_000, Date.now())),
    );
    expect(takes.filter((take) => take.allowed)).toHaveLength(25);
  });
});
