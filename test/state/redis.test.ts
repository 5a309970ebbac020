import { afterAll, describe, expect, it } from 'vitest';
import { GatewayError } from '../../src/errors.js';
import { stateContract } from './ledger-contract.js';
import { clusterSeeds, redisStates, STATE_REDIS, withMasters } from './redis-support.js';

const states = redisStates();

stateContract(
  'redis',
  async (options) =>
    states.create({
      ...(options?.cacheRetentionSeconds === undefined ? {} : { cacheRetentionSeconds: options.cacheRetentionSeconds }),
      ...(options?.holdMs === undefined ? {} : { holdSeconds: options.holdMs / 1000 }),
    }),
  { skip: !STATE_REDIS, cleanup: () => states.cleanup() },
);

describe.skipIf(!STATE_REDIS)('redis ledger across connections', () => {
  const local = redisStates();
  afterAll(() => local.cleanup());
  const meta = { endpoint: '/v1/test', requestId: 'req-x' };

  /** Two adapter sets on one prefix: two processes sharing one Redis, as far as the ledger can tell. */
  async function twoProcesses() {
    const first = await local.create();
    const second = await local.create({ prefix: first.prefix });
    return [first, second] as const;
  }

  it('shares one balance between connections and never overdraws it', async () => {
    const [first, second] = await twoProcesses();
    const { id } = await first.keys.seed('sk_test_shared_balance', 40, null);
    await second.keys.seed('sk_test_shared_balance', 40, null);
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, (_unused, index) => (index % 2 ? first : second).ledger.reserve(id, `s${index}`, 1, null, meta)),
    );
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(40);
    await Promise.all(Array.from({ length: 200 }, (_unused, index) => (index % 2 ? second : first).ledger.commit(id, `s${index}`)));
    expect((await first.ledger.usage(id, null)).balance).toBe(0);
    expect(await second.ledger.history(id, 1000)).toHaveLength(40);
  });

  it('settles a reservation once when another connection retries the commit or releases it', async () => {
    const [first, second] = await twoProcesses();
    const { id } = await first.keys.seed('sk_test_shared_commit', 5, null);
    await first.ledger.reserve(id, 'once', 2, null, meta);
    await Promise.all([
      first.ledger.commit(id, 'once'),
      second.ledger.commit(id, 'once'),
      second.ledger.release(id, 'once'),
      first.ledger.commit(id, 'once'),
    ]);
    expect((await second.ledger.usage(id, null)).balance).toBe(3);
    expect(await second.ledger.history(id, 10)).toHaveLength(1);
  });

  it('sees a revocation from another connection at once', async () => {
    const [first, second] = await twoProcesses();
    const { id } = await first.keys.seed('sk_test_shared_revoke', 1, null);
    expect(await second.keys.lookup('sk_test_shared_revoke')).toMatchObject({ status: 'active' });
    await first.keys.revoke(id);
    expect(await second.keys.lookup('sk_test_shared_revoke')).toMatchObject({ status: 'revoked' });
  });

  it('gives back credits held past the hold period, once, and a late commit then charges nothing', async () => {
    const state = await local.create({ holdSeconds: 0.05 });
    const { id } = await state.keys.seed('sk_test_lapsed_hold', 3, 2);
    await state.ledger.reserve(id, 'lapse', 2, 2, meta);
    expect(await state.ledger.sweepLapsedHolds()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await Promise.all([state.ledger.sweepLapsedHolds(), state.ledger.sweepLapsedHolds()])).toEqual(expect.arrayContaining([1, 0]));
    expect(await state.ledger.usage(id, 2)).toMatchObject({ balance: 3, dailyUsed: 0 });
    await state.ledger.commit(id, 'lapse');
    expect(await state.ledger.history(id, 10)).toEqual([]);
  });

  /**
   * Makes the store's WAIT answer `replies` in turn (the test Redis runs alone, so a real WAIT
   * counts no replica): a replica confirming or missing a write, as the ledger sees it.
   */
  function replicasAnswering(state: Awaited<ReturnType<typeof local.create>>, replies: number[]): void {
    const call = state.store.call.bind(state.store);
    state.store.call = (<T>(work: Parameters<typeof call<T>>[0]) =>
      call((client) =>
        work(
          new Proxy(client, {
            get(target, name, receiver) {
              if (name === 'wait') return async () => replies.shift() ?? 0;
              const value: unknown = Reflect.get(target, name, receiver);
              return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
            },
          }),
        ),
      )) as typeof state.store.call;
  }

  it.skipIf(Boolean(clusterSeeds))(
    'takes back a charge no replica confirmed and says nothing was charged once the take-back is confirmed',
    async () => {
      const state = await local.create({ minReplicasAck: 1, commandTimeoutMs: 400 });
      replicasAnswering(state, [0, 1]);
      const { id } = await state.keys.seed('sk_test_wait_takeback_acked', 3, null);
      await state.ledger.reserve(id, 'acked-back', 1, null, meta);
      const refusal = await state.ledger.commit(id, 'acked-back').catch((error: unknown) => error);
      expect(refusal).toMatchObject({ code: 'service_unavailable', retryAfter: 1, message: expect.stringMatching(/nothing was charged/) });
      expect((refusal as GatewayError).details).toBeUndefined();
      expect(await state.ledger.usage(id, null)).toMatchObject({ balance: 3, dailyUsed: 0, held: 0 });
      expect(await state.ledger.history(id, 10)).toEqual([]);
      // A late commit of the same reservation charges nothing; a retried reserve holds afresh.
      await state.ledger.commit(id, 'acked-back').catch(() => {});
      expect(await state.ledger.usage(id, null)).toMatchObject({ balance: 3 });
      expect(await state.ledger.reserve(id, 'acked-back', 1, null, meta)).toMatchObject({ ok: true });
      expect(await state.ledger.usage(id, null)).toMatchObject({ balance: 2, held: 1 });
    },
  );

  it.skipIf(Boolean(clusterSeeds))(
    'says the charge may stand, never that nothing was charged, when no replica confirmed the take-back',
    async () => {
      // The real WAIT of a lone Redis: neither the charge nor its take-back reaches a replica.
      const state = await local.create({ minReplicasAck: 1, commandTimeoutMs: 400 });
      const { id } = await state.keys.seed('sk_test_wait_alone', 3, null);
      await state.ledger.reserve(id, 'alone', 1, null, meta);
      const refusal = await state.ledger.commit(id, 'alone').catch((error: unknown) => error);
      expect(refusal).toMatchObject({ code: 'service_unavailable', retryAfter: 1, details: { chargeMayStand: true } });
      expect((refusal as Error).message).not.toMatch(/nothing was charged/);
      expect((refusal as Error).message).toMatch(/may stand.*\/v1\/account\?request_id=/);
      // The master took it back all the same; only a failover before the replicas copy that could bring it back.
      expect(await state.ledger.usage(id, null)).toMatchObject({ balance: 3, dailyUsed: 0, held: 0 });
    },
  );

  it.skipIf(Boolean(clusterSeeds))('says the charge may stand when the charge was confirmed late but its take-back was not', async () => {
    const state = await local.create({ minReplicasAck: 2, commandTimeoutMs: 400 });
    replicasAnswering(state, [1, 1]);
    const { id } = await state.keys.seed('sk_test_wait_takeback_short', 3, null);
    await state.ledger.reserve(id, 'short-back', 1, null, meta);
    await expect(state.ledger.commit(id, 'short-back')).rejects.toMatchObject({ details: { chargeMayStand: true } });
  });

  it('takes back a charge whose commit got no answer in time, so "nothing was charged" stays true', async () => {
    const state = await local.create({ commandTimeoutMs: 300 });
    const { id } = await state.keys.seed('sk_test_commit_unanswered', 3, null);
    await state.ledger.reserve(id, 'unanswered', 1, null, meta);
    const call = state.store.call.bind(state.store);
    let first = true;
    // The commit runs on the store, but its answer is lost, as when the deadline passes first.
    state.store.call = (async (work: Parameters<typeof call>[0]) => {
      const result = await call(work);
      if (!first) return result;
      first = false;
      throw new GatewayError('service_unavailable', 'The gateway cannot reach its state store right now; nothing was charged.', {
        retryAfter: 1,
      });
    }) as typeof state.store.call;
    await expect(state.ledger.commit(id, 'unanswered')).rejects.toMatchObject({ code: 'service_unavailable' });
    state.store.call = call;
    expect(await state.ledger.usage(id, null)).toMatchObject({ balance: 3, dailyUsed: 0, held: 0 });
    expect(await state.ledger.history(id, 10)).toEqual([]);
  });

  it("lets a quiet account's settled reservations expire with their memory of a week, never its balance", async () => {
    const state = await local.create();
    const { id } = await state.keys.seed('sk_test_quiet_account', 3, null);
    await state.ledger.reserve(id, 'quiet', 1, null, meta);
    await state.ledger.commit(id, 'quiet');
    const week = 7 * 24 * 3600 * 1000;
    const remembered = await state.store.client.pTTL(state.store.keys.reservations(id));
    expect(remembered).toBeGreaterThan(week - 60_000);
    expect(remembered).toBeLessThanOrEqual(week);
    expect(await state.store.client.pTTL(state.store.keys.balance(id))).toBe(-1);
  });

  it('writes an account into the index of accounts with holds once a hold period, not on every reserve', async () => {
    const state = await local.create();
    const { id } = await state.keys.seed('sk_test_index_once', 20, null);
    let calls = 0;
    const original = state.store.call.bind(state.store);
    state.store.call = ((work) => {
      calls += 1;
      return original(work);
    }) as typeof state.store.call;
    for (let index = 0; index < 10; index += 1) await state.ledger.reserve(id, `busy-${index}`, 1, null, meta);
    expect(calls).toBe(11);
    expect(await state.store.client.zScore(state.store.keys.holding(), id)).toBeGreaterThan(Date.now());
  });

  it('stores keys only as hashes', async () => {
    const state = await local.create();
    await state.keys.seed('sk_test_never_stored_plain', 1, null);
    const dump = await withMasters(async (masters) => {
      const lines: string[] = [];
      for (const master of masters)
        for await (const batch of master.scanIterator({ MATCH: `${state.prefix}*` })) {
          for (const key of batch) {
            lines.push(key);
            if ((await master.type(key)) === 'hash') lines.push(JSON.stringify(await master.hGetAll(key)));
          }
        }
      return lines;
    });
    expect(dump.join('\n')).not.toContain('sk_test_never_stored_plain');
    expect(dump.join('\n')).toMatch(/"keyHash":"[0-9a-f]{64}"/);
  });
});
