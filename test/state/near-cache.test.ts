import { afterAll, describe, expect, it } from 'vitest';
import { NearCache } from '../../src/state/near-cache.js';
import type { Cache, CacheEntry, CacheReadOptions } from '../../src/state/ports.js';
import type { RedisState } from '../../src/state/redis/index.js';
import { redisStates, STATE_REDIS } from './redis-support.js';

const T0 = Date.parse('2026-06-01T12:00:00.000Z');
const at = (ms: number): string => new Date(ms).toISOString();
const entry = (fetchedAtMs: number, body = `{"data":${fetchedAtMs}}`): CacheEntry => ({ body, raw: 'null', fetchedAt: at(fetchedAtMs) });

/** A shared cache in a Map that counts the reads reaching it. */
class CountingShared implements Cache {
  readonly entries = new Map<string, CacheEntry>();
  reads = 0;
  async get(key: string, _options?: CacheReadOptions): Promise<CacheEntry | null> {
    this.reads += 1;
    return this.entries.get(key) ?? null;
  }
  async set(key: string, value: CacheEntry): Promise<void> {
    this.entries.set(key, value);
  }
}

function nearOver(
  shared: Cache,
  options: Partial<{ maxEntries: number; maxBytes: number; retentionSeconds: number; now: () => number }> = {},
) {
  return new NearCache(shared, { maxEntries: 100, maxBytes: 1024 * 1024, retentionSeconds: 3600, now: () => T0 + 1000, ...options });
}

describe('near cache in front of a shared cache', () => {
  it('answers a read from its copy when the copy is as recent as the caller accepts', async () => {
    const shared = new CountingShared();
    shared.entries.set('k', entry(T0));
    const near = nearOver(shared);
    expect(await near.get('k', { minFetchedAt: T0 - 5000 })).toEqual(entry(T0));
    expect(shared.reads).toBe(1);
    expect(await near.get('k', { minFetchedAt: T0 - 5000 })).toEqual(entry(T0));
    expect(await near.get('k', { minFetchedAt: T0 })).toEqual(entry(T0));
    expect(shared.reads).toBe(1);
  });

  it('asks the shared cache when its copy is older than the caller accepts, and keeps the fresher entry found there', async () => {
    const shared = new CountingShared();
    shared.entries.set('k', entry(T0));
    const near = nearOver(shared);
    await near.get('k', { minFetchedAt: 0 });
    // Another process refreshed the entry.
    shared.entries.set('k', entry(T0 + 600));
    expect(await near.get('k', { minFetchedAt: T0 + 1 })).toEqual(entry(T0 + 600));
    expect(shared.reads).toBe(2);
    expect(await near.get('k', { minFetchedAt: T0 + 1 })).toEqual(entry(T0 + 600));
    expect(shared.reads).toBe(2);
  });

  it('returns its newer copy when the shared cache holds an older entry or none, and lets the caller judge it', async () => {
    const shared = new CountingShared();
    const near = nearOver(shared);
    await near.set('k', entry(T0 + 500));
    shared.entries.set('k', entry(T0));
    expect(await near.get('k', { minFetchedAt: T0 + 900 })).toEqual(entry(T0 + 500));
    shared.entries.delete('k');
    expect(await near.get('k', { minFetchedAt: T0 + 900 })).toEqual(entry(T0 + 500));
    expect(shared.reads).toBe(2);
  });

  it('always asks the shared cache when the caller gives no bound', async () => {
    const shared = new CountingShared();
    const near = nearOver(shared);
    await near.set('k', entry(T0));
    shared.entries.set('k', entry(T0 + 100));
    expect(await near.get('k')).toEqual(entry(T0 + 100));
    expect(await near.get('k')).toEqual(entry(T0 + 100));
    expect(shared.reads).toBe(2);
    expect(await near.get('missing')).toBeNull();
  });

  it('writes through and answers the written entry without a shared read', async () => {
    const shared = new CountingShared();
    const near = nearOver(shared);
    await near.set('k', entry(T0));
    expect(shared.entries.get('k')).toEqual(entry(T0));
    expect(await near.get('k', { minFetchedAt: T0 })).toEqual(entry(T0));
    expect(shared.reads).toBe(0);
  });

  it('holds at most maxEntries, least recently used out first', async () => {
    const shared = new CountingShared();
    const near = nearOver(shared, { maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) await near.set(key, entry(T0));
    await near.get('b', { minFetchedAt: T0 });
    await near.get('c', { minFetchedAt: T0 });
    expect(shared.reads).toBe(0);
    await near.get('a', { minFetchedAt: T0 });
    expect(shared.reads).toBe(1);
  });

  it('holds at most maxBytes, and never an entry larger than the bound', async () => {
    const shared = new CountingShared();
    const near = nearOver(shared, { maxBytes: 10_000 });
    await near.set('big', entry(T0, 'x'.repeat(6000)));
    expect(await near.get('big', { minFetchedAt: T0 })).toEqual(entry(T0, 'x'.repeat(6000)));
    expect(shared.reads).toBe(1);
    await near.set('one', entry(T0, 'y'.repeat(2000)));
    await near.set('two', entry(T0, 'z'.repeat(2000)));
    await near.set('three', entry(T0, 'w'.repeat(2000)));
    // 3 x ~4 KB fit in 10 KB only two at a time: the oldest went.
    await near.get('three', { minFetchedAt: T0 });
    await near.get('two', { minFetchedAt: T0 });
    expect(shared.reads).toBe(1);
    await near.get('one', { minFetchedAt: T0 });
    expect(shared.reads).toBe(2);
  });

  it('never keeps a copy past fetchedAt + retention, when the shared one is gone', async () => {
    const shared = new CountingShared();
    // Fetched 3,599 s before "now": one second of retention left.
    const near = nearOver(shared, { retentionSeconds: 3600, now: () => T0 + 3_599_000 });
    await near.set('k', entry(T0));
    await near.set('old', entry(T0 - 5000));
    expect(await near.get('k', { minFetchedAt: 0 })).toEqual(entry(T0));
    expect(shared.reads).toBe(0);
    await near.get('old', { minFetchedAt: 0 });
    expect(shared.reads).toBe(1);
  });

  it('hands out entries no caller can change', async () => {
    const near = nearOver(new CountingShared());
    await near.set('k', entry(T0));
    const served = await near.get('k', { minFetchedAt: T0 });
    expect(Object.isFrozen(served)).toBe(true);
  });
});

describe.skipIf(!STATE_REDIS)('near cache on Redis', () => {
  const states = redisStates();
  afterAll(() => states.cleanup());

  /** Counts the commands a state sends: every adapter call goes through its store's call(). */
  function countCalls(state: RedisState): { readonly count: number } {
    const counter = { count: 0 };
    const original = state.store.call.bind(state.store);
    state.store.call = ((work) => {
      counter.count += 1;
      return original(work);
    }) as typeof state.store.call;
    return counter;
  }

  it('serves a hit from the process without a Redis command', async () => {
    const writer = await states.create();
    const reader = await states.create({ prefix: writer.prefix });
    const now = Date.now();
    await writer.cache.set('hot', entry(now));
    const calls = countCalls(reader);
    expect(await reader.cache.get('hot', { minFetchedAt: now - 60_000 })).toEqual(entry(now));
    expect(calls.count).toBe(1);
    for (let index = 0; index < 20; index += 1) expect(await reader.cache.get('hot', { minFetchedAt: now - 60_000 })).toEqual(entry(now));
    expect(calls.count).toBe(1);
  });

  it('falls through when its copy is too old for the caller and serves the fresher entry another process stored', async () => {
    const first = await states.create();
    const second = await states.create({ prefix: first.prefix });
    const now = Date.now();
    await first.cache.set('refreshed', entry(now - 30_000, '{"data":"old"}'));
    const calls = countCalls(first);
    expect(await first.cache.get('refreshed', { minFetchedAt: now - 60_000 })).toEqual(entry(now - 30_000, '{"data":"old"}'));
    expect(calls.count).toBe(0);
    await second.cache.set('refreshed', entry(now, '{"data":"new"}'));
    // A caller accepting 10 s: the near copy (30 s old) does not do, Redis has the fresh one.
    expect(await first.cache.get('refreshed', { minFetchedAt: now - 10_000 })).toEqual(entry(now, '{"data":"new"}'));
    expect(calls.count).toBe(1);
    expect(await first.cache.get('refreshed', { minFetchedAt: now - 10_000 })).toEqual(entry(now, '{"data":"new"}'));
    expect(calls.count).toBe(1);
  });

  it('reads Redis every time when turned off', async () => {
    const state = await states.create({ nearCache: false });
    const now = Date.now();
    await state.cache.set('plain', entry(now));
    const calls = countCalls(state);
    await state.cache.get('plain', { minFetchedAt: now });
    await state.cache.get('plain', { minFetchedAt: now });
    expect(calls.count).toBe(2);
  });
});
