import { describe, expect, it } from 'vitest';
import type { StateAdapters } from '../../src/state/ports.js';

/**
 * The behaviour every state adapter must show. The memory adapter runs it always; a Redis
 * adapter runs the same suite when REDIS_URL is set.
 */
export function stateContract(name: string, create: () => Promise<StateAdapters>, options: { skip?: boolean } = {}): void {
  describe.skipIf(options.skip ?? false)(`${name} state adapter contract`, () => {
    const meta = { endpoint: '/v1/test', requestId: 'req-1' };

    it('seeds idempotently and never stores the key itself', async () => {
      const state = await create();
      const first = await state.keys.seed('sk_test_contract_a', 10, null);
      await state.keys.seed('sk_test_contract_a', 999, 5);
      expect((await state.ledger.usage(first.id, null)).balance).toBe(10);
      expect(JSON.stringify(await state.keys.list())).not.toContain('sk_test_contract_a');
      expect(await state.keys.lookup('sk_test_contract_a')).toMatchObject({ id: first.id, status: 'active' });
      expect(await state.keys.lookup('sk_test_contract_b')).toBeNull();
    });

    it('reserves, commits once and releases once, per reservation id', async () => {
      const state = await create();
      const { id } = await state.keys.seed('sk_test_contract_c', 3, null);
      expect(await state.ledger.reserve(id, 'r1', 1, null, meta)).toMatchObject({ ok: true, balance: 2 });
      expect(await state.ledger.reserve(id, 'r1', 1, null, meta)).toMatchObject({ ok: true, balance: 2 });
      await state.ledger.commit('r1');
      await state.ledger.commit('r1');
      await state.ledger.release('r1');
      expect((await state.ledger.usage(id, null)).balance).toBe(2);
      await state.ledger.reserve(id, 'r2', 1, null, meta);
      await state.ledger.release('r2');
      await state.ledger.release('r2');
      await state.ledger.commit('r2');
      expect((await state.ledger.usage(id, null)).balance).toBe(2);
      expect(await state.ledger.history(id, 10)).toHaveLength(1);
    });

    it('never goes below zero under concurrent reservations', async () => {
      const state = await create();
      const { id } = await state.keys.seed('sk_test_contract_d', 5, null);
      const outcomes = await Promise.all(Array.from({ length: 50 }, (_unused, index) => state.ledger.reserve(id, `c${index}`, 1, null, meta)));
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(5);
      expect((await state.ledger.usage(id, null)).balance).toBe(0);
    });

    it('enforces a daily cap in the same step and frees it on release', async () => {
      const state = await create();
      const { id } = await state.keys.seed('sk_test_contract_e', 100, 2);
      await state.ledger.reserve(id, 'd1', 1, 2, meta);
      await state.ledger.reserve(id, 'd2', 1, 2, meta);
      expect(await state.ledger.reserve(id, 'd3', 1, 2, meta)).toMatchObject({ ok: false, reason: 'daily_cap_exceeded' });
      await state.ledger.release('d2');
      expect(await state.ledger.reserve(id, 'd4', 1, 2, meta)).toMatchObject({ ok: true });
    });

    it('revokes keys', async () => {
      const state = await create();
      const { id } = await state.keys.seed('sk_test_contract_f', 1, null);
      expect(await state.keys.revoke(id)).toBe(true);
      expect(await state.keys.lookup('sk_test_contract_f')).toMatchObject({ status: 'revoked' });
    });

    it('caches serialised results with their original fetchedAt', async () => {
      const state = await create();
      await state.cache.set('k', { body: '{"data":1}', raw: 'null', fetchedAt: '2026-01-01T00:00:00.000Z' });
      expect(await state.cache.get('k')).toEqual({ body: '{"data":1}', raw: 'null', fetchedAt: '2026-01-01T00:00:00.000Z' });
      expect(await state.cache.get('missing')).toBeNull();
    });
  });
}
