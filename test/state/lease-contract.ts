import { describe, expect, it } from 'vitest';
import { holdLease, LeaseLostError, type Leases } from '../../src/state/lease/index.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `probe` is true, or fails after `timeoutMs` (generous: the machine may be busy). */
async function until(probe: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/**
 * What every lease adapter must do. `create` gives leases on a fresh namespace; two calls
 * with `shared: true` give two holders (two processes) on the same one.
 */
export function leaseContract(name: string, create: () => Promise<{ one: Leases; two: Leases }>, options: { skip?: boolean } = {}): void {
  describe.skipIf(options.skip ?? false)(`${name} lease contract`, () => {
    it('gives a name to one holder at a time and frees it only for its own token', async () => {
      const { one, two } = await create();
      const token = await one.acquire('a', 60_000);
      expect(token).toEqual(expect.any(String));
      expect(await two.acquire('a', 60_000)).toBeNull();
      expect(await one.acquire('b', 60_000)).toEqual(expect.any(String));
      await two.release('a', 'not-the-token');
      expect(await two.acquire('a', 60_000)).toBeNull();
      await one.release('a', token!);
      expect(await two.acquire('a', 60_000)).toEqual(expect.any(String));
    });

    it('lets a lease its holder stopped renewing lapse after its ttl, and never revives it', async () => {
      const { one, two } = await create();
      const stale = await one.acquire('lapse', 100);
      await sleep(250);
      const fresh = await two.acquire('lapse', 60_000);
      expect(fresh).toEqual(expect.any(String));
      expect(await one.renew('lapse', stale!, 60_000)).toBe(false);
      // The old holder's release does not free the new holder's lease.
      await one.release('lapse', stale!);
      expect(await one.acquire('lapse', 60_000)).toBeNull();
      // Lapsed with nobody taking it: still not renewable by the old token.
      const alone = await one.acquire('alone', 100);
      await sleep(250);
      expect(await one.renew('alone', alone!, 60_000)).toBe(false);
    });

    it('extends a lease on renewal by its holder only', async () => {
      const { one, two } = await create();
      const token = await one.acquire('renewed', 150);
      expect(await two.renew('renewed', 'not-the-token', 60_000)).toBe(false);
      expect(await one.renew('renewed', token!, 60_000)).toBe(true);
      await sleep(400);
      expect(await two.acquire('renewed', 60_000)).toBeNull();
    });

    it('keeps a held lease renewed past its ttl while the work runs, and frees it on release', async () => {
      const { one, two } = await create();
      const lease = await holdLease(one, 'held', { ttlMs: 1000, renewEveryMs: 100 });
      expect(lease).not.toBeNull();
      expect(await holdLease(two, 'held', { ttlMs: 1000 })).toBeNull();
      await sleep(2500);
      expect(lease!.signal.aborted).toBe(false);
      expect(await two.acquire('held', 60_000)).toBeNull();
      expect(await lease!.confirm()).toBe(true);
      await lease!.release();
      expect(await two.acquire('held', 60_000)).toEqual(expect.any(String));
      expect(await lease!.confirm()).toBe(false);
    });

    it('signals the loss when another holder takes the name, and refuses to confirm after it', async () => {
      const { one, two } = await create();
      const lost: LeaseLostError[] = [];
      const lease = await holdLease(one, 'stolen', { ttlMs: 60_000, renewEveryMs: 50, onLost: (error) => lost.push(error) });
      // As if it had lapsed while this holder was paused: the name is freed and taken over.
      await one.release('stolen', lease!.token);
      expect(await two.acquire('stolen', 60_000)).toEqual(expect.any(String));
      await until(() => lease!.signal.aborted, 'the loss to be signalled');
      expect(lease!.signal.reason).toBeInstanceOf(LeaseLostError);
      expect(lost).toHaveLength(1);
      expect(await lease!.confirm()).toBe(false);
      // Releasing a lost lease leaves the new holder's alone.
      await lease!.release();
      expect(await one.acquire('stolen', 60_000)).toBeNull();
    });

    it('confirms a lease that nothing took over, and reports a lapsed one as lost', async () => {
      const { one } = await create();
      const lease = await holdLease(one, 'confirm', { ttlMs: 60_000, renewEveryMs: 60_000 });
      expect(await lease!.confirm()).toBe(true);
      await one.release('confirm', lease!.token);
      expect(await lease!.confirm()).toBe(false);
      expect(lease!.signal.aborted).toBe(true);
    });
  });
}
