import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectRedis, type RedisClient } from '../../src/state/redis/connection.js';
import { KeyLayout } from '../../src/state/redis/key-layout.js';
import type { StateClient } from '../../src/state/redis/connection.js';
import { RedisStore } from '../../src/state/redis/store.js';
import { StoreDeadlines } from '../../src/state/redis/store-deadline.js';
import { REDIS_URL, testPrefix } from './redis-support.js';

/** A call that Redis never answers, and whether its deadline has rejected it yet (read after the fake clock moved). */
function unanswered(deadlines: StoreDeadlines): { readonly done: boolean; readonly answer: Promise<unknown> } {
  const state = { done: false, answer: deadlines.run(new Promise(() => {})) };
  state.answer.catch(() => (state.done = true));
  return state;
}

/** The event loop held for `ms` by synchronous work, as a saturated process holds it. */
function blockLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('a state call deadline', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('expires at its time on a loop that is free: a store that does not answer fails within the deadline', async () => {
    vi.useFakeTimers();
    const call = unanswered(new StoreDeadlines(1000, () => Date.now()));
    await vi.advanceTimersByTimeAsync(999);
    expect(call.done).toBe(false);
    // The last step, then one more turn of the loop.
    await vi.advanceTimersByTimeAsync(2);
    expect(call.done).toBe(true);
    await expect(call.answer).rejects.toThrow('no answer within 1000 ms');
  });

  it('counts a step whose timer fired late, because the loop was blocked, as one step only', async () => {
    vi.useFakeTimers();
    const call = unanswered(new StoreDeadlines(1000, () => Date.now()));
    await vi.advanceTimersByTimeAsync(500);
    // Three seconds pass in which no timer could run: the process was busy, not the store.
    vi.setSystemTime(Date.now() + 3000);
    await vi.advanceTimersByTimeAsync(100);
    expect(call.done).toBe(false);
    await vi.advanceTimersByTimeAsync(399);
    expect(call.done).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    expect(call.done).toBe(true);
  });

  it('expires after five deadlines of wall time however busy the loop, so no call waits unbounded', async () => {
    vi.useFakeTimers();
    const call = unanswered(new StoreDeadlines(1000, () => Date.now()));
    // Every step comes 1.2 s late: 100 ms of the store's time each, 1.3 s of wall time.
    for (let step = 0; step < 3; step++) {
      vi.setSystemTime(Date.now() + 1200);
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(call.done).toBe(false);
    vi.setSystemTime(Date.now() + 1200);
    await vi.advanceTimersByTimeAsync(102);
    expect(call.done).toBe(true);
  });

  it('gives each call its own deadline from its own start, on one timer for every call in flight', async () => {
    vi.useFakeTimers();
    const deadlines = new StoreDeadlines(1000, () => Date.now());
    const first = unanswered(deadlines);
    await vi.advanceTimersByTimeAsync(450);
    const calls = Array.from({ length: 50 }, () => unanswered(deadlines));
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(560);
    expect(first.done).toBe(true);
    expect(calls.some((call) => call.done)).toBe(false);
    // Their 1000 ms end at 1450, counted at the step of 1500.
    await vi.advanceTimersByTimeAsync(400);
    expect(calls.some((call) => call.done)).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(calls.every((call) => call.done)).toBe(true);
  });

  it('answers what the store answered, never expires an answered call, and leaves no timer once nothing is in flight', async () => {
    vi.useFakeTimers();
    const deadlines = new StoreDeadlines(300, () => Date.now());
    let answer!: (value: string) => void;
    const answered = deadlines.run(new Promise<string>((resolve) => (answer = resolve)));
    await vi.advanceTimersByTimeAsync(200);
    answer('PONG');
    await expect(answered).resolves.toBe('PONG');
    await expect(deadlines.run(Promise.reject(new Error('WRONGTYPE')))).rejects.toThrow('WRONGTYPE');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(vi.getTimerCount()).toBe(0);
  });
});

/** Whether a call has failed yet (read after the fake clock moved). */
function settledLater(call: Promise<unknown>): { readonly done: boolean } {
  const state = { done: false };
  call.catch(() => (state.done = true));
  return state;
}

describe('state calls started together', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A store whose commands are never answered (a hung server). */
  const hungStore = () =>
    new RedisStore({} as StateClient, new KeyLayout(testPrefix()), 1000, { kind: 'node', url: 'redis://hung' }, () => Date.now());
  const unanswered = () => new Promise<never>(() => {});

  it('share one deadline timer, and each still fails as 503 at the deadline', async () => {
    vi.useFakeTimers();
    const store = hungStore();
    const calls = [store.call(unanswered), store.call(unanswered), store.call(unanswered)];
    const failed = calls.map(settledLater);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(failed.some((call) => call.done)).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    expect(failed.every((call) => call.done)).toBe(true);
    for (const call of calls) await expect(call).rejects.toMatchObject({ code: 'service_unavailable', retryAfter: 1 });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('time a call that starts later from its own start, on the same timer', async () => {
    vi.useFakeTimers();
    const store = hungStore();
    const first = settledLater(store.call(unanswered));
    await vi.advanceTimersByTimeAsync(500);
    const later = store.call(unanswered);
    const second = settledLater(later);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(501);
    expect(first.done).toBe(true);
    expect(second.done).toBe(false);
    await vi.advanceTimersByTimeAsync(500);
    expect(second.done).toBe(true);
    await expect(later).rejects.toMatchObject({ code: 'service_unavailable' });
  });

  it('stop the timer once the last of them is answered', async () => {
    vi.useFakeTimers();
    const store = hungStore();
    let answer: (value: string) => void = () => {};
    const slow = store.call(() => new Promise<string>((resolve) => (answer = resolve)));
    await expect(store.call(async () => 'quick')).resolves.toBe('quick');
    expect(vi.getTimerCount()).toBe(1);
    answer('slow');
    await expect(slow).resolves.toBe('slow');
    // Its next step finds nothing in flight and does not come again.
    await vi.advanceTimersByTimeAsync(100);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe.skipIf(!REDIS_URL)('a state call while the process holds its event loop past the deadline', () => {
  let client: RedisClient;
  beforeAll(async () => {
    client = await connectRedis({ url: REDIS_URL! });
  });
  afterAll(async () => {
    await client?.close();
  });

  it('takes the reply Redis already sent instead of failing as 503', async () => {
    const store = new RedisStore(client, new KeyLayout(testPrefix()), 100, { kind: 'node', url: REDIS_URL! });
    for (let attempt = 0; attempt < 5; attempt++) {
      const answer = store.call((redis) => redis.ping());
      // The command is on the wire and Redis answers at once; the reply waits in the socket
      // while this process is busy for three deadlines.
      blockLoop(300);
      await expect(answer).resolves.toBe('PONG');
    }
  });
});
