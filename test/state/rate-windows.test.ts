import { afterAll, describe, expect, it } from 'vitest';
import { Admission } from '../../src/admission/admission.js';
import { hashKey } from '../../src/state/key-hash.js';
import { RedisAdmissionReads } from '../../src/state/redis/admission-reads.js';
import type { RedisState } from '../../src/state/redis/index.js';
import { redisStates, STATE_REDIS, withMasters } from './redis-support.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The request-rate window on Redis: one counter per account, counted by the admission's one script per request. */
describe.skipIf(!STATE_REDIS)('redis request-rate windows', () => {
  const states = redisStates();
  afterAll(() => states.cleanup());

  /** Seeds a key and returns its account id and a counter of its requests in windows of `windowMs`. */
  async function counted(state: RedisState, key: string, windowMs: number) {
    const { id } = await state.keys.seed(key, 10, null);
    const reads = new RedisAdmissionReads(state.store);
    return { id, take: async () => (await reads.read(hashKey(key), { windowMs, balance: false })).window! };
  }

  it('opens a window at the first request, counts within it, and keeps one per account', async () => {
    const state = await states.create();
    const a = await counted(state, 'sk_test_window_a', 60_000);
    const b = await counted(state, 'sk_test_window_b', 60_000);
    expect(await a.take()).toEqual({ count: 1, leftMs: 60_000 });
    const second = await a.take();
    expect(second.count).toBe(2);
    expect(second.leftMs).toBeGreaterThan(58_000);
    expect(second.leftMs).toBeLessThanOrEqual(60_000);
    expect(await b.take()).toEqual({ count: 1, leftMs: 60_000 });
    // The counter is the account's, tagged like its other keys, and ends with the window.
    const key = state.store.keys.rateWindow(a.id);
    expect(key).toBe(`${state.prefix}ratelimit:{${a.id}}`);
    expect(await state.store.client.get(key)).toBe('2');
    const left = await state.store.client.pTTL(key);
    expect(left).toBeGreaterThan(58_000);
    expect(left).toBeLessThanOrEqual(60_000);
  });

  it('opens a new window at the first request after the last one ended', async () => {
    const state = await states.create();
    const windows = await counted(state, 'sk_test_window_reset', 150);
    await windows.take();
    expect((await windows.take()).count).toBe(2);
    await sleep(250);
    expect(await windows.take()).toEqual({ count: 1, leftMs: 150 });
  });

  it('gives a counter found without an expiry a whole window instead of counting it for ever', async () => {
    const state = await states.create();
    const windows = await counted(state, 'sk_test_window_stuck', 60_000);
    const key = state.store.keys.rateWindow(windows.id);
    await state.store.client.set(key, '7');
    expect(await windows.take()).toEqual({ count: 8, leftMs: 60_000 });
    expect(await state.store.client.pTTL(key)).toBeGreaterThan(58_000);
  });

  it('counts N requests sent at once from two connections exactly N times, each count once', async () => {
    const first = await states.create();
    const second = await states.create({ prefix: first.prefix });
    const windows = [await counted(first, 'sk_test_window_race', 60_000), await counted(second, 'sk_test_window_race', 60_000)];
    const requests = 300;
    // Ten a turn: each turn's are read together per connection, while earlier turns' commands are still in flight.
    const pending: Promise<{ count: number }>[] = [];
    for (let index = 0; index < requests; index += 1) {
      pending.push(windows[index % 2]!.take());
      if (index % 10 === 9) await new Promise((resolve) => setImmediate(resolve));
    }
    const counts = await Promise.all(pending);
    expect(counts.map((taken) => taken.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: requests }, (_unused, index) => index + 1),
    );
    expect(await first.store.client.get(first.store.keys.rateWindow(windows[0]!.id))).toBe(String(requests));
  });

  it('as the limit: counts down to the quota, then refuses with nothing remaining until the window ends', async () => {
    const state = await states.create();
    const { id } = await state.keys.seed('sk_test_limiter', 10, null);
    await state.keys.seed('sk_test_limiter_other', 10, null);
    const admission = new Admission(state, 2);
    const rate = async (key = 'sk_test_limiter') => (await admission.admit(key, false)).caller?.rate;
    expect(await rate()).toEqual({ allowed: true, quota: 2, remaining: 1, resetSeconds: 60 });
    const second = await rate();
    expect(second).toMatchObject({ allowed: true, quota: 2, remaining: 0 });
    expect(second?.resetSeconds).toBeGreaterThanOrEqual(59);
    expect(second?.resetSeconds).toBeLessThanOrEqual(60);
    for (let index = 0; index < 3; index += 1) {
      const refused = await admission.admit('sk_test_limiter', false);
      expect(refused.refusal?.code).toBe('rate_limited');
      expect(refused.caller?.rate).toMatchObject({ allowed: false, remaining: 0 });
    }
    // Refused requests still count: the key stays refused until its window ends.
    expect(await state.store.client.get(state.store.keys.rateWindow(id))).toBe('5');
    expect(await rate('sk_test_limiter_other')).toMatchObject({ allowed: true, remaining: 1 });
  });

  it('reports a window about to end as 1 second left, never 0', async () => {
    const state = await states.create();
    const { id } = await state.keys.seed('sk_test_limiter_ending', 10, null);
    await state.store.client.set(state.store.keys.rateWindow(id), '1', { expiration: { type: 'PX', value: 300 } });
    const admitted = await new Admission(state, 5).admit('sk_test_limiter_ending', false);
    expect(admitted.caller?.rate).toEqual({ allowed: true, quota: 5, remaining: 3, resetSeconds: 1 });
  });

  it('refuses as the store does (503 service_unavailable) when Redis cannot answer', async () => {
    const state = await states.create();
    await state.keys.seed('sk_test_limiter_away', 10, null);
    const admission = new Admission(state, 5);
    state.store.client.destroy();
    expect((await admission.admit('sk_test_limiter_away', false)).refusal).toMatchObject({ code: 'service_unavailable', retryAfter: 1 });
  });

  it('stores nothing but the one counter per account', async () => {
    const state = await states.create();
    const { id } = await state.keys.seed('sk_test_limiter_keys', 10, null);
    await new Admission(state, 5).admit('sk_test_limiter_keys', false);
    const keys = await withMasters(async (masters) => {
      const found: string[] = [];
      for (const master of masters)
        for await (const batch of master.scanIterator({ MATCH: `${state.prefix}ratelimit*`, COUNT: 500 })) found.push(...batch);
      return found;
    });
    expect(keys).toEqual([state.store.keys.rateWindow(id)]);
  });
});
