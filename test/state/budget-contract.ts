import { afterAll, describe, expect, it } from 'vitest';
import type { BudgetAnnouncement, BudgetStore } from '../../src/state/budget-store.js';

/**
 * The behaviour every budget store must show. The memory store runs it always; the Redis store
 * runs the same suite when REDIS_URL is set. Each test gets a fresh, empty store. Times are
 * passed in, so nothing here waits on a clock except the Redis expiry check.
 */
export function budgetStoreContract(
  name: string,
  create: () => Promise<BudgetStore>,
  options: { skip?: boolean; cleanup?: () => Promise<void> } = {},
): void {
  describe.skipIf(options.skip ?? false)(`${name} budget store contract`, () => {
    if (options.cleanup) afterAll(options.cleanup);
    const booksHost = { host: 'books.example.test', egress: 'direct' };
    const now = Date.now();

    it('keeps an announced budget until its reset, per host and egress', async () => {
      const store = await create();
      expect(await store.record(booksHost, { remaining: 40, resetAtMs: now + 60_000 }, now)).toEqual({
        remaining: 40,
        resetAtMs: now + 60_000,
      });
      expect(await store.get(booksHost, now + 1000)).toEqual({ remaining: 40, resetAtMs: now + 60_000 });
      expect(await store.get(booksHost, now + 60_000)).toBeNull();
      expect(await store.get({ ...booksHost, egress: 'proxy-1' }, now)).toBeNull();
      expect(await store.get({ ...booksHost, host: 'covers.example.test' }, now)).toBeNull();
    });

    it('ignores an announcement whose reset has passed', async () => {
      const store = await create();
      expect(await store.record(booksHost, { remaining: 0, resetAtMs: now - 1 }, now)).toBeNull();
      expect(await store.get(booksHost, now)).toBeNull();
    });

    it('lets the newest answer win while budget remains', async () => {
      const store = await create();
      await store.record(booksHost, { remaining: 40, resetAtMs: now + 60_000 }, now);
      expect(await store.record(booksHost, { remaining: 39, resetAtMs: now + 59_000 }, now + 1000)).toEqual({
        remaining: 39,
        resetAtMs: now + 59_000,
      });
    });

    it('keeps a spent record against a late answer of the same window, and yields to the next window', async () => {
      const store = await create();
      await store.record(booksHost, { remaining: 0, resetAtMs: now + 20_000 }, now);
      // An answer from earlier in the window, arriving late (its reset jittered by a second).
      expect(await store.record(booksHost, { remaining: 5, resetAtMs: now + 21_000 }, now + 10)).toEqual({
        remaining: 0,
        resetAtMs: now + 20_000,
      });
      // Another spent answer with a later reset extends the wait.
      expect(await store.record(booksHost, { remaining: 0, resetAtMs: now + 30_000 }, now + 20)).toEqual({
        remaining: 0,
        resetAtMs: now + 30_000,
      });
      // An answer with a reset well past the spent one's belongs to a later window.
      expect(await store.record(booksHost, { remaining: 99, resetAtMs: now + 700_000 }, now + 30)).toEqual({
        remaining: 99,
        resetAtMs: now + 700_000,
      });
    });

    it('announces spent records to watchers, and only spent ones', async () => {
      const store = await create();
      const heard: BudgetAnnouncement[] = [];
      const stop = await store.watch((announcement) => heard.push(announcement));
      await store.record(booksHost, { remaining: 3, resetAtMs: now + 60_000 }, now);
      await store.record(booksHost, { remaining: 0, resetAtMs: now + 60_000 }, now);
      await expect.poll(() => heard).toEqual([{ ...booksHost, remaining: 0, resetAtMs: now + 60_000 }]);
      await stop();
      await store.record(booksHost, { remaining: 0, resetAtMs: now + 70_000 }, now);
      await store.get(booksHost, now); // one round trip, so a message sent before it has arrived
      expect(heard).toHaveLength(1);
    });

    it('forgets a target: its record and its ceiling window', async () => {
      const store = await create();
      const target = { host: 'homes.example.test', egress: 'direct' };
      await store.record(target, { remaining: 0, resetAtMs: now + 60_000 }, now);
      await store.take(target, 1, 60_000, now);
      await store.forget(target);
      expect(await store.get(target, now)).toBeNull();
      expect((await store.take(target, 1, 60_000, now)).allowed).toBe(true);
    });

    it('counts a ceiling per window: the limit passes, the rest is refused until the window ends', async () => {
      const store = await create();
      const target = { host: 'homes.example.test', egress: 'direct' };
      const takes = await Promise.all(Array.from({ length: 5 }, () => store.take(target, 3, 60_000, now)));
      expect(takes.filter((take) => take.allowed)).toHaveLength(3);
      expect(takes.map((take) => take.remaining).sort()).toEqual([0, 0, 0, 1, 2]);
      for (const take of takes) expect(take.resetAtMs - now).toBeGreaterThan(50_000);
      for (const take of takes) expect(take.resetAtMs - now).toBeLessThanOrEqual(60_000);
      expect((await store.take({ ...target, egress: 'proxy-1' }, 3, 60_000, now)).allowed).toBe(true);
    });
  });
}
