import { afterAll, describe, expect, it } from 'vitest';
import { hashKey } from '../../src/state/key-hash.js';
import { utcDay } from '../../src/state/utc-day.js';
import type { StateAdapters } from '../../src/state/ports.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ContractOptions {
  skip?: boolean;
  /** Runs once after the suite: close connections, delete what the run stored. */
  cleanup?: () => Promise<void>;
}

/** What a contract test may ask of a fresh adapter set. */
export interface CreateOptions {
  cacheRetentionSeconds?: number;
  /** The ledger's hold period for reserve calls that name none. */
  holdMs?: number;
}

/**
 * The behaviour every state adapter must show. The memory adapter runs it always; a Redis
 * adapter runs the same suite when REDIS_URL is set. Each test gets fresh, empty state.
 */
export function stateContract(
  name: string,
  create: (options?: CreateOptions) => Promise<StateAdapters>,
  options: ContractOptions = {},
): void {
  describe.skipIf(options.skip ?? false)(`${name} state adapter contract`, () => {
    const meta = { endpoint: '/v1/test', requestId: 'req-1' };
    if (options.cleanup) afterAll(options.cleanup);

    it('seeds idempotently and never stores the key itself', async () => {
      const state = await create();
      const first = await state.keys.seed('sk_test_contract_a', 10, null);
      await state.keys.seed('sk_test_contract_a', 999, 5);
      expect((await state.ledger.usage(first.id, null)).balance).toBe(10);
      expect(JSON.stringify(await state.keys.list())).not.toContain('sk_test_contract_a');
      expect(await state.keys.lookup('sk_test_contract_a')).toMatchObject({ id: first.id, status: 'active', dailyCap: null });
      expect(await state.keys.lookup('sk_test_contract_b')).toBeNull();
      expect(await state.keys.lookupHash(hashKey('sk_test_contract_a'))).toMatchObject({ id: first.id, status: 'active' });
      expect(await state.keys.lookupHash(hashKey('sk_test_contract_b'))).toBeNull();
      expect(await state.keys.lookupHash('not-a-hash')).toBeNull();
    });

    it('seeds once when several seed the same key at the same time', async () => {
      const state = await create();
      const records = await Promise.all(Array.from({ length: 20 }, () => state.keys.seed('sk_test_contract_race', 7, 3)));
      expect(new Set(records.map((record) => record.id)).size).toBe(1);
      expect((await state.ledger.usage(records[0]!.id, 3)).balance).toBe(7);
      expect(await state.keys.list()).toHaveLength(1);
    });

    it('reserves, commits once and releases once, per reservation id', async () => {
      const state = await create();
      const { id } = await state.keys.seed('sk_test_contract_c', 3, null);
      expect(await state.ledger.reserve(id, 'r1', 1, null, meta)).toMatchObject({ ok: true, balance: 2 });
      expect(await state.ledger.reserve(id, 'r1', 1, null, meta)).toMatchObject({ ok: true, balance: 2 });
      await state.ledger.commit(id, 'r1');
      await state.ledger.commit(id, 'r1');
      await state.ledger.release(id, 'r1');
      expect((await state.ledger.usage(id, null)).balance).toBe(2);
      await state.ledger.reserve(id, 'r2', 1, null, meta);
      await state.ledger.release(id, 'r2');
      await state.ledger.release(id, 'r2');
      await state.ledger.commit(id, 'r2');
      expect((await state.ledger.usage(id, null)).balance).toBe(2);
      expect(await state.ledger.history(id, 10)).toHaveLength(1);
    });

    it('treats a reserve of an already settled reservation id as done (a retried job target pays once)', async () => {
      const state = await create();
      const { id } = await state.keys.seed('sk_test_contract_g', 3, null);
      await state.ledger.reserve(id, 'job:1:0', 1, null, meta);
      await state.ledger.commit(id, 'job:1:0');
      expect(await state.ledger.reserve(id, 'job:1:0', 1, null, meta)).toMatchObject({ ok: true, balance: 2 });
      await state.ledger.commit(id, 'job:1:0');
      expect((await state.ledger.usage(id, null)).balance).toBe(2);
      expect(await state.ledger.history(id, 10)).toHaveLength(1);
    });

    it("scopes reservation ids by account: one account's settlement never touches another's hold", async () => {
      const state = await create();
      const first = await state.keys.seed('sk_test_contract_scope_a', 3, null);
      const second = await state.keys.seed('sk_test_contract_scope_b', 3, null);
      await state.ledger.reserve(first.id, 'same', 1, null, meta);
      await state.ledger.reserve(second.id, 'same', 2, null, meta);
      await state.ledger.commit(first.id, 'same');
      await state.ledger.release(second.id, 'same');
      await state.ledger.release(first.id, 'same');
      expect(await state.ledger.usage(first.id, null)).toMatchObject({ balance: 2, held: 0 });
      expect(await state.ledger.usage(second.id, null)).toMatchObject({ balance: 3, held: 0 });
      expect(await state.ledger.history(first.id, 10)).toHaveLength(1);
      expect(await state.ledger.history(second.id, 10)).toEqual([]);
    });

    it('treats unknown reservation ids as no-ops', async () => {
      const state = await create();
      const { id } = await state.keys.seed('sk_test_contract_unknown', 2, null);
      await state.ledger.commit(id, 'never-reserved');
      await state.ledger.release(id, 'never-reserved');
      expect((await state.ledger.usage(id, null)).balance).toBe(2);
      expect(await state.ledger.history(id, 10)).toEqual([]);
    });

    it('never goes below zero under concurrent reservations', async () => {
      const state = await create();
      const { id } = await state.keys.seed('sk_test_contract_d', 5, null);
      const outcomes = await Promise.all(
        Array.from({ length: 50 }, (_unused, index) => state.ledger.reserve(id, `c${index}`, 1, null, meta)),
      );
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(5);
      expect(new Set(outcomes.flatMap((outcome) => (outcome.ok ? [] : [outcome.reason])))).toEqual(new Set(['insufficient_credits']));
      expect((await state.ledger.usage(id, null)).balance).toBe(0);
    });

    it('refuses a reservation larger than the balance and takes nothing', async () => {
      const state = await create();
      const { id } = await state.keys.seed('sk_test_contract_big', 2, null);
      expect(await state.ledger.reserve(id, 'b1', 3, null, meta)).toEqual({
        ok: false,
        reason: 'insufficient_credits',
        balance: 2,
        dailyUsed: 0,
      });
      expect(await state.ledger.usage(id, null)).toMatchObject({ balance: 2, dailyUsed: 0 });
    });

    it('enforces a daily cap in the same step and frees it on release', async () => {
      const state = await create();
      const { id } = await state.keys.seed('sk_test_contract_e', 100, 2);
      await state.ledger.reserve(id, 'd1', 1, 2, meta);
      await state.ledger.reserve(id, 'd2', 1, 2, meta);
      expect(await state.ledger.reserve(id, 'd3', 1, 2, meta)).toMatchObject({ ok: false, reason: 'daily_cap_exceeded' });
      await state.ledger.release(id, 'd2');
      expect(await state.ledger.reserve(id, 'd4', 1, 2, meta)).toMatchObject({ ok: true });
    });

    it('holds the daily cap exactly under concurrent reservations', async () => {
      const state = await create();
      const { id } = await state.keys.seed('sk_test_contract_cap', 1000, 7);
      const outcomes = await Promise.all(Array.from({ length: 40 }, (_unused, index) => state.ledger.reserve(id, `k${index}`, 1, 7, meta)));
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(7);
      expect(await state.ledger.usage(id, 7)).toEqual({ balance: 993, held: 7, dailyUsed: 7, dailyCap: 7, day: utcDay() });
    });

    it('logs each charge with endpoint, credits, time and request id, newest first', async () => {
      const state = await create();
      const { id } = await state.keys.seed('sk_test_contract_log', 10, null);
      const before = Date.now();
      for (const index of [1, 2, 3]) {
        await state.ledger.reserve(id, `l${index}`, 1, null, { endpoint: `/v1/e${index}`, requestId: `req-${index}` });
        await state.ledger.commit(id, `l${index}`);
      }
      const history = await state.ledger.history(id, 2);
      expect(history.map((entry) => entry.requestId)).toEqual(['req-3', 'req-2']);
      expect(history[0]).toMatchObject({ endpoint: '/v1/e3', credits: 1, kind: 'charge' });
      expect(Date.parse(history[0]!.at)).toBeGreaterThanOrEqual(before - 1000);
      expect(await state.ledger.history(id, 0)).toEqual([]);
    });

    it('tops up a balance and refuses negative or fractional credits', async () => {
      const state = await create();
      const { id } = await state.keys.seed('sk_test_contract_topup', 0, null);
      expect(await state.ledger.credit(id, 25)).toBe(25);
      expect(await state.ledger.credit(id, 5)).toBe(30);
      await expect(state.ledger.credit(id, -1)).rejects.toThrow(RangeError);
      await expect(state.ledger.credit(id, 1.5)).rejects.toThrow(RangeError);
      expect((await state.ledger.usage(id, null)).balance).toBe(30);
    });

    it('reports usage on the UTC day', async () => {
      const state = await create();
      const { id } = await state.keys.seed('sk_test_contract_usage', 4, 9);
      await state.ledger.reserve(id, 'u1', 1, 9, meta);
      await state.ledger.commit(id, 'u1');
      expect(await state.ledger.usage(id, 9)).toEqual({ balance: 3, held: 0, dailyUsed: 1, dailyCap: 9, day: utcDay() });
    });

    it('reports the credits held by unsettled reservations beside the spendable balance', async () => {
      const state = await create();
      const { id } = await state.keys.seed('sk_test_contract_held', 10, null);
      await state.ledger.reserve(id, 'h1', 2, null, meta);
      await state.ledger.reserve(id, 'h2', 3, null, meta);
      expect(await state.ledger.usage(id, null)).toMatchObject({ balance: 5, held: 5 });
      await state.ledger.commit(id, 'h1');
      await state.ledger.commit(id, 'h1');
      expect(await state.ledger.usage(id, null)).toMatchObject({ balance: 5, held: 3 });
      await state.ledger.release(id, 'h2');
      await state.ledger.release(id, 'h2');
      expect(await state.ledger.usage(id, null)).toMatchObject({ balance: 8, held: 0 });
    });

    it('returns an unsettled hold to the balance by its expiry, once; settling it late refunds and charges nothing', async () => {
      const state = await create();
      const { id } = await state.keys.seed('sk_test_contract_expiry', 5, 4);
      // The holder's deadline: it never settles (it died, or lost the store).
      await state.ledger.reserve(id, 'orphan', 2, 4, { ...meta, holdMs: 200 });
      await state.ledger.reserve(id, 'live', 1, 4, { ...meta, holdMs: 60_000 });
      expect(await state.ledger.usage(id, 4)).toMatchObject({ balance: 2, held: 3, dailyUsed: 3 });
      await sleep(400);
      expect(await state.ledger.usage(id, 4)).toMatchObject({ balance: 4, held: 1, dailyUsed: 1 });
      // Late settlements of the expired hold: no second refund, no charge without the credits.
      await state.ledger.release(id, 'orphan');
      await state.ledger.commit(id, 'orphan');
      await state.ledger.commit(id, 'orphan');
      expect(await state.ledger.usage(id, 4)).toMatchObject({ balance: 4, held: 1, dailyUsed: 1 });
      expect(await state.ledger.history(id, 10)).toEqual([]);
      // The hold that has not lapsed settles as usual.
      await state.ledger.commit(id, 'live');
      expect(await state.ledger.usage(id, 4)).toMatchObject({ balance: 4, held: 0, dailyUsed: 1 });
      expect((await state.ledger.history(id, 10)).map((entry) => entry.credits)).toEqual([1]);
    });

    it('refuses a commit that comes after the hold lapsed, even when nothing returned the credits yet', async () => {
      const state = await create();
      const { id } = await state.keys.seed('sk_test_contract_late', 3, null);
      await state.ledger.reserve(id, 'late', 1, null, { ...meta, holdMs: 150 });
      await sleep(300);
      // No read in between: the commit itself finds the hold lapsed.
      await state.ledger.commit(id, 'late');
      expect(await state.ledger.usage(id, null)).toMatchObject({ balance: 3, held: 0 });
      expect(await state.ledger.history(id, 10)).toEqual([]);
    });

    it('holds afresh under the id of an expired reservation, and charges that hold once', async () => {
      const state = await create();
      const { id } = await state.keys.seed('sk_test_contract_rehold', 3, null);
      await state.ledger.reserve(id, 'job:9:0', 1, null, { ...meta, holdMs: 150 });
      await sleep(300);
      // A job target retried after its worker died, past the hold: it pays like any other.
      expect(await state.ledger.reserve(id, 'job:9:0', 1, null, { ...meta, holdMs: 60_000 })).toMatchObject({ ok: true, balance: 2 });
      await state.ledger.commit(id, 'job:9:0');
      await state.ledger.commit(id, 'job:9:0');
      expect(await state.ledger.usage(id, null)).toMatchObject({ balance: 2, held: 0 });
      expect(await state.ledger.history(id, 10)).toHaveLength(1);
    });

    it('never lets an expiry touch a hold settled before it', async () => {
      const state = await create();
      const { id } = await state.keys.seed('sk_test_contract_settled', 3, null);
      await state.ledger.reserve(id, 'done', 1, null, { ...meta, holdMs: 150 });
      await state.ledger.commit(id, 'done');
      await state.ledger.reserve(id, 'back', 1, null, { ...meta, holdMs: 150 });
      await state.ledger.release(id, 'back');
      await sleep(300);
      expect(await state.ledger.usage(id, null)).toMatchObject({ balance: 2, held: 0 });
      expect(await state.ledger.history(id, 10)).toHaveLength(1);
    });

    it("uses the ledger's own hold period when a reserve call names none", async () => {
      const state = await create({ holdMs: 150 });
      const { id } = await state.keys.seed('sk_test_contract_default_hold', 2, null);
      await state.ledger.reserve(id, 'default', 2, null, meta);
      expect(await state.ledger.usage(id, null)).toMatchObject({ balance: 0, held: 2 });
      await sleep(300);
      expect(await state.ledger.usage(id, null)).toMatchObject({ balance: 2, held: 0 });
    });

    it('revokes keys', async () => {
      const state = await create();
      const { id } = await state.keys.seed('sk_test_contract_f', 1, null);
      expect(await state.keys.revoke(id)).toBe(true);
      expect(await state.keys.lookup('sk_test_contract_f')).toMatchObject({ status: 'revoked' });
      expect(await state.keys.revoke('acct_0000000000000000')).toBe(false);
    });

    it('gets, lists and re-caps accounts by id', async () => {
      const state = await create();
      const first = await state.keys.seed('sk_test_contract_g1', 1, null);
      const second = await state.keys.seed('sk_test_contract_g2', 1, 4);
      expect(await state.keys.get(second.id)).toEqual(second);
      expect(await state.keys.get('acct_0000000000000000')).toBeNull();
      expect((await state.keys.list()).map((record) => record.id)).toEqual([first.id, second.id]);
      expect(await state.keys.setDailyCap(first.id, 50)).toBe(true);
      expect(await state.keys.lookup('sk_test_contract_g1')).toMatchObject({ dailyCap: 50 });
      expect(await state.keys.setDailyCap(second.id, null)).toBe(true);
      expect(await state.keys.get(second.id)).toMatchObject({ dailyCap: null, status: 'active' });
      expect(await state.keys.setDailyCap('acct_0000000000000000', 1)).toBe(false);
      await expect(state.keys.setDailyCap(first.id, -1)).rejects.toThrow(RangeError);
    });

    it('caches serialised results with their original fetchedAt', async () => {
      const state = await create();
      await state.cache.set('k', { body: '{"data":1}', raw: 'null', fetchedAt: '2026-01-01T00:00:00.000Z' });
      expect(await state.cache.get('k')).toEqual({ body: '{"data":1}', raw: 'null', fetchedAt: '2026-01-01T00:00:00.000Z' });
      expect(await state.cache.get('missing')).toBeNull();
    });

    it('forgets cached results after the retention period', async () => {
      const state = await create({ cacheRetentionSeconds: 1 });
      await state.cache.set('short', { body: '{"data":2}', raw: '{}', fetchedAt: '2026-01-01T00:00:00.000Z' });
      expect(await state.cache.get('short')).not.toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 1300));
      expect(await state.cache.get('short')).toBeNull();
    });

    it('answers a read bounded by minFetchedAt with the entry, and forgets it after the retention period all the same', async () => {
      const state = await create({ cacheRetentionSeconds: 1 });
      const entry = { body: '{"data":3}', raw: '{}', fetchedAt: new Date().toISOString() };
      await state.cache.set('bounded', entry);
      expect(await state.cache.get('bounded', { minFetchedAt: Date.parse(entry.fetchedAt) })).toEqual(entry);
      expect(await state.cache.get('bounded', { minFetchedAt: Date.parse(entry.fetchedAt) - 60_000 })).toEqual(entry);
      await new Promise((resolve) => setTimeout(resolve, 1300));
      expect(await state.cache.get('bounded', { minFetchedAt: 0 })).toBeNull();
      expect(await state.cache.get('bounded')).toBeNull();
    });

    it('delivers published messages to subscribers until they unsubscribe', async () => {
      const state = await create();
      const received: string[] = [];
      const unsubscribe = await state.pubsub.subscribe('contract-topic', (message) => received.push(message));
      await state.pubsub.publish('contract-topic', 'one');
      await state.pubsub.publish('other-topic', 'not for us');
      await expect.poll(() => received).toEqual(['one']);
      await unsubscribe();
      await state.pubsub.publish('contract-topic', 'two');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(received).toEqual(['one']);
    });

    it('reports itself ready', async () => {
      const state = await create();
      expect(await state.ready()).toBe(true);
    });
  });
}
