import { afterAll, describe, expect, it } from 'vitest';
import { GatewayError } from '../../src/errors.js';
import { MemoryPaceStore, type PaceStore } from '../../src/state/pace-store.js';
import { RedisPaceStore } from '../../src/state/redis/pace.js';
import { HostPacer } from '../../src/upstream/pacing.js';
import { REDIS_URL, redisStates } from '../state/redis-support.js';

/** Per-host pacing: slots an interval apart in the order asked, a full queue refused at once, one store for every process. */

const TARGET = { host: 'paced.example.test', egress: 'direct' };

/** The store's contract, with a clock the memory store reads and Redis keeps itself. */
function paceContract(name: string, make: () => Promise<PaceStore>, skip = false) {
  describe.skipIf(skip)(`${name} pace store`, () => {
    it('hands out slots an interval apart, and refuses (taking nothing) a slot beyond the longest wait', async () => {
      const store = await make();
      const key = `k-${Math.random()}`;
      // A long interval: however slow the machine, the time between calls is small beside it.
      const interval = 60_000;
      const waits = [];
      for (let call = 0; call < 4; call += 1) waits.push(await store.reserve(key, interval, 2.5 * interval));
      expect(waits[0]).toBe(0);
      // Each later slot is an interval after the one before (less what time has passed since).
      for (const [index, wait] of waits.slice(1, 3).entries()) {
        expect(wait).toBeGreaterThan((index + 1) * interval - 5000);
        expect(wait).toBeLessThanOrEqual((index + 1) * interval);
      }
      expect(waits[3]).toBeNull();
      // A refusal took nothing: a caller that can wait longer gets the slot right after the third.
      expect(await store.reserve(key, interval, 10 * interval)).toBeGreaterThan(3 * interval - 5000);
      // Keys are independent.
      expect(await store.reserve(`${key}-other`, 1000, 0)).toBe(0);
    });
  });
}

paceContract('memory', async () => new MemoryPaceStore());

const states = redisStates();
afterAll(() => states.cleanup());
paceContract('Redis', async () => new RedisPaceStore((await states.create()).store), !REDIS_URL);

describe('HostPacer', () => {
  it('waits for each slot in turn', async () => {
    let now = 0;
    const pacer = new HostPacer(new MemoryPaceStore(() => now));
    const started = Date.now();
    await pacer.wait(TARGET, 40, 1000);
    await pacer.wait(TARGET, 40, 1000);
    // The second call waited for the slot 40 ms after the first (the store's clock stood still).
    expect(Date.now() - started).toBeGreaterThanOrEqual(35);
    now = 10_000;
    await pacer.wait(TARGET, 40, 0);
  });

  it('refuses a call whose slot is further away than it can wait, as upstream_rate_limited with a Retry-After', async () => {
    const pacer = new HostPacer(new MemoryPaceStore(() => 0));
    await pacer.wait(TARGET, 5000, 1000);
    const error = await pacer.wait(TARGET, 5000, 1000).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({ code: 'upstream_rate_limited', retryAfter: 1, details: { host: TARGET.host } });
  });

  it('stops waiting when the caller goes away', async () => {
    const pacer = new HostPacer(new MemoryPaceStore(() => 0));
    await pacer.wait(TARGET, 60_000, 120_000);
    const controller = new AbortController();
    const waiting = pacer.wait(TARGET, 60_000, 120_000, controller.signal);
    controller.abort();
    await expect(waiting).rejects.toThrow();
  });
});
