import { afterAll, describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../src/limits/rate-limiter.js';
import { RedisRateWindows } from '../../src/state/redis/rate-windows.js';
import { redisStates, STATE_REDIS, withMasters } from './redis-support.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The request-rate window on Redis: one counter per account, counted by one script per request. */
describe.skipIf(!STATE_REDIS)('redis request-rate windows', () => {
  const states = redisStates();
  afterAll(() => states.cleanup());

  it('opens a window at the first request, counts within it, and keeps one per account', async () => {
    const state = await states.create();
    const windows = new RedisRateWindows(state.store, 60_000);
    const first = await windows.take('acct_window_a');
    expect(first).toEqual({ count: 1, leftMs: 60_000 });
    const second = await windows.take('acct_window_a');
    expect(second.count).toBe(2);
    expect(second.leftMs).toBeGreaterThan(58_000);
    expect(second.leftMs).toBeLessThanOrEqual(60_000);
    expect(await windows.take('acct_window_b')).toEqual({ count: 1, leftMs: 60_000 });
    // The counter is the account's, tagged like its other keys, and ends with the window.
    const key = state.store.keys.rateWindow('acct_window_a');
    expect(key).toBe(`${state.prefix}ratelimit:{acct_window_a}`);
    expect(await state.store.client.get(key)).toBe('2');
    const left = await state.store.client.pTTL(key);
    expect(left).toBeGreaterThan(58_000);
    expect(left).toBeLessThanOrEqual(60_000);
  });

  it('opens a new window at the first request after the last one ended', async () => {
    const state = await states.create();
    const windows = new RedisRateWindows(state.store, 150);
    await windows.take('acct_window_reset');
    expect((await windows.take('acct_window_reset')).count).toBe(2);
    await sleep(250);
    const reopened = await windows.take('acct_window_reset');
    expect(reopened).toEqual({ count: 1, leftMs: 150 });
  });

  it('gives a counter found without an expiry a whole window instead of counting it for ever', async () => {
    const state = await states.create();
    const key = state.store.keys.rateWindow('acct_window_stuck');
    await state.store.client.set(key, '7');
    const windows = new RedisRateWindows(state.store, 60_000);
    expect(await windows.take('acct_window_stuck')).toEqual({ count: 8, leftMs: 60_000 });
    expect(await state.store.client.pTTL(key)).toBeGreaterThan(58_000);
  });

  it('counts N requests sent at once from two connections exactly N times, each count once', async () => {
    const first = await states.create();
    const second = await states.create({ prefix: first.prefix });
    const windows = [new RedisRateWindows(first.store, 60_000), new RedisRateWindows(second.store, 60_000)];
    const requests = 300;
    const counts = await Promise.all(Array.from({ length: requests }, (_unused, index) => windows[index % 2]!.take('acct_window_race')));
    expect(counts.map((taken) => taken.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: requests }, (_unused, index) => index + 1),
    );
    expect(await first.store.client.get(first.store.keys.rateWindow('acct_window_race'))).toBe(String(requests));
  });

  it('as the limiter: counts down to the quota, then refuses with nothing remaining until the window ends', async () => {
    const state = await states.create();
    const limiter = createRateLimiter(2, state)!;
    expect(await limiter.take('acct_limiter')).toEqual({ allowed: true, quota: 2, remaining: 1, resetSeconds: 60 });
    const second = await limiter.take('acct_limiter');
    expect(second).toMatchObject({ allowed: true, quota: 2, remaining: 0 });
    expect(second.resetSeconds).toBeGreaterThanOrEqual(59);
    expect(second.resetSeconds).toBeLessThanOrEqual(60);
    for (let index = 0; index < 3; index += 1) expect(await limiter.take('acct_limiter')).toMatchObject({ allowed: false, remaining: 0 });
    // Refused requests still count: the key stays refused until its window ends.
    expect(await state.store.client.get(state.store.keys.rateWindow('acct_limiter'))).toBe('5');
    expect(await limiter.take('acct_limiter_other')).toMatchObject({ allowed: true, remaining: 1 });
  });

  it('reports a window about to end as 1 second left, never 0', async () => {
    const state = await states.create();
    const limiter = createRateLimiter(5, state)!;
    const key = state.store.keys.rateWindow('acct_limiter_ending');
    await state.store.client.set(key, '1', { expiration: { type: 'PX', value: 300 } });
    expect(await limiter.take('acct_limiter_ending')).toEqual({ allowed: true, quota: 5, remaining: 3, resetSeconds: 1 });
  });

  it('fails as the store does (503 service_unavailable) when Redis cannot answer', async () => {
    const state = await states.create();
    const limiter = createRateLimiter(5, state)!;
    state.store.client.destroy();
    await expect(limiter.take('acct_limiter_away')).rejects.toMatchObject({ code: 'service_unavailable', retryAfter: 1 });
  });

  it('stores nothing but the one counter per account', async () => {
    const state = await states.create();
    await createRateLimiter(5, state)!.take('acct_limiter_keys');
    const keys = await withMasters(async (masters) => {
      const found: string[] = [];
      for (const master of masters)
        for await (const batch of master.scanIterator({ MATCH: `${state.prefix}ratelimit*`, COUNT: 500 })) found.push(...batch);
      return found;
    });
    expect(keys).toEqual([state.store.keys.rateWindow('acct_limiter_keys')]);
  });
});
