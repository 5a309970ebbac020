import { afterAll, describe, expect, it } from 'vitest';
import { Admission } from '../../src/admission/admission.js';
import { hashKey } from '../../src/state/key-hash.js';
import { RedisAdmissionReads } from '../../src/state/redis/admission-reads.js';
import { redisStates, STATE_REDIS } from './redis-support.js';

/** An admission's key lookup, request count and balance read on Redis: one script on the account's slot. */
describe.skipIf(!STATE_REDIS)('redis admission reads', () => {
  const states = redisStates();
  afterAll(() => states.cleanup());
  const WINDOW_MS = 60_000;

  it('reads an active key, counts the request in its window and reads its balance, as the separate reads do', async () => {
    const state = await states.create();
    const record = await state.keys.seed('sk_test_admit_active', 40, 7);
    const reads = new RedisAdmissionReads(state.store);
    const first = await reads.read(hashKey('sk_test_admit_active'), { windowMs: WINDOW_MS, balance: true });
    expect(first.account).toEqual(record);
    expect(first.window).toEqual({ count: 1, leftMs: WINDOW_MS });
    expect(first.usage).toEqual(await state.ledger.usage(record.id, 7));
    const second = await reads.read(hashKey('sk_test_admit_active'), { windowMs: WINDOW_MS, balance: false });
    expect(second.window?.count).toBe(2);
    expect(second.usage).toBeNull();
    expect(await state.store.client.get(state.store.keys.rateWindow(record.id))).toBe('2');
  });

  it('counts nothing without a window and reads a balance the charges moved', async () => {
    const state = await states.create();
    const record = await state.keys.seed('sk_test_admit_nowindow', 10, null);
    const reserved = await state.ledger.reserve(record.id, 'r1', 3, null, { endpoint: '/v1/test', requestId: 'req-1' });
    expect(reserved.ok).toBe(true);
    await state.ledger.commit(record.id, 'r1');
    const reading = await new RedisAdmissionReads(state.store).read(hashKey('sk_test_admit_nowindow'), { windowMs: null, balance: true });
    expect(reading.window).toBeNull();
    expect(reading.usage).toMatchObject({ balance: 7, dailyUsed: 3, held: 0, dailyCap: null });
    expect(await state.store.client.exists(state.store.keys.rateWindow(record.id))).toBe(0);
  });

  it('finds no account for an unknown key and a revoked one for a revoked key, and counts neither', async () => {
    const state = await states.create();
    const record = await state.keys.seed('sk_test_admit_revoked', 10, null);
    await state.keys.revoke(record.id);
    const reads = new RedisAdmissionReads(state.store);
    const revoked = await reads.read(hashKey('sk_test_admit_revoked'), { windowMs: WINDOW_MS, balance: true });
    expect(revoked.account?.status).toBe('revoked');
    expect(revoked).toMatchObject({ window: null, usage: null });
    // Same account id (the first 16 hex digits of the hash) is never the point: a different hash misses.
    const unknown = await reads.read(hashKey('sk_test_admit_unknown'), { windowMs: WINDOW_MS, balance: true });
    expect(unknown).toEqual({ account: null, window: null, usage: null });
    expect(await state.store.client.exists(state.store.keys.rateWindow(record.id))).toBe(0);
  });

  it('reads the admissions of one key that arrive together in one command, each counted in its own place', async () => {
    const state = await states.create();
    const record = await state.keys.seed('sk_test_admit_together', 30, null);
    await state.keys.seed('sk_test_admit_beside', 30, null);
    const reads = new RedisAdmissionReads(state.store);
    const call = state.store.call.bind(state.store);
    let commands = 0;
    state.store.call = (work) => ((commands += 1), call(work));
    const hash = hashKey('sk_test_admit_together');
    const together = await Promise.all([
      ...[true, false, true, false, true].map((balance) => reads.read(hash, { windowMs: WINDOW_MS, balance })),
      reads.read(hashKey('sk_test_admit_beside'), { windowMs: WINDOW_MS, balance: true }),
    ]);
    // One command for the five of one key, one for the other key.
    expect(commands).toBe(2);
    const mine = together.slice(0, 5);
    expect(mine.map((reading) => reading.window?.count)).toEqual([1, 2, 3, 4, 5]);
    expect(mine.every((reading) => reading.account?.id === record.id)).toBe(true);
    expect(mine.map((reading) => reading.usage?.balance ?? null)).toEqual([30, null, 30, null, 30]);
    expect(together[5]!.window?.count).toBe(1);
    expect(await state.store.client.get(state.store.keys.rateWindow(record.id))).toBe('5');
    // The next turn is a command of its own, counted after them.
    expect((await reads.read(hash, { windowMs: WINDOW_MS, balance: false })).window?.count).toBe(6);
    expect(commands).toBe(3);
  });

  it('fails every admission of a command that failed, as the store does', async () => {
    const state = await states.create();
    await state.keys.seed('sk_test_admit_failing', 30, null);
    const reads = new RedisAdmissionReads(state.store);
    state.store.client.destroy();
    const hash = hashKey('sk_test_admit_failing');
    const outcomes = await Promise.allSettled([1, 2, 3].map(() => reads.read(hash, { windowMs: WINDOW_MS, balance: true })));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const outcome of outcomes) expect((outcome as PromiseRejectedResult).reason).toMatchObject({ code: 'service_unavailable' });
  });

  it('admits through it: a refusal past the quota, and the 401s of unknown and revoked keys', async () => {
    const state = await states.create();
    await state.keys.seed('sk_test_admit_door', 5, null);
    const admission = new Admission(state, 2);
    const admitted = await admission.admit('sk_test_admit_door', true);
    expect(admitted.refusal).toBeNull();
    expect(admitted.caller?.rate).toMatchObject({ allowed: true, quota: 2, remaining: 1 });
    expect(await admitted.caller?.earlyBalance).toMatchObject({ balance: 5, dailyCap: null });
    expect((await admission.admit('sk_test_admit_door', false)).refusal).toBeNull();
    expect((await admission.admit('sk_test_admit_door', false)).refusal?.code).toBe('rate_limited');
    expect((await admission.admit('sk_test_admit_nobody', true)).refusal?.code).toBe('invalid_api_key');
    expect((await admission.admit(undefined, true)).refusal?.code).toBe('missing_api_key');
  });
});
