import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Admission } from '../../src/admission/admission.js';
import { createMemoryState } from '../../src/state/memory/index.js';

/** The in-memory per-key window: opened by a key's first request, one minute long, counted per key. */
describe('in-memory request rate limit', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  async function limited() {
    const state = createMemoryState({ cacheMaxBytes: 1024, cacheRetentionSeconds: 60 });
    await state.keys.seed('sk_test_memory_a', 10, null);
    await state.keys.seed('sk_test_memory_b', 10, null);
    const admission = new Admission(state, 2);
    return async (key: 'a' | 'b') => (await admission.admit(`sk_test_memory_${key}`, false)).caller?.rate;
  }

  it('counts down within the window, then refuses with nothing remaining until it ends', async () => {
    const rate = await limited();
    expect(await rate('a')).toEqual({ allowed: true, quota: 2, remaining: 1, resetSeconds: 60 });
    vi.advanceTimersByTime(10_500);
    expect(await rate('a')).toEqual({ allowed: true, quota: 2, remaining: 0, resetSeconds: 50 });
    expect(await rate('a')).toEqual({ allowed: false, quota: 2, remaining: 0, resetSeconds: 50 });
    vi.advanceTimersByTime(49_499);
    expect(await rate('a')).toEqual({ allowed: false, quota: 2, remaining: 0, resetSeconds: 1 });
  });

  it('opens a new window at the first request after the last one ended, and keeps one per key', async () => {
    const rate = await limited();
    await rate('a');
    await rate('a');
    expect((await rate('b'))?.remaining).toBe(1);
    vi.advanceTimersByTime(60_000);
    expect(await rate('a')).toEqual({ allowed: true, quota: 2, remaining: 1, resetSeconds: 60 });
    // A sweep after a window length dropped the ended windows: b starts afresh too.
    vi.advanceTimersByTime(61_000);
    expect(await rate('b')).toEqual({ allowed: true, quota: 2, remaining: 1, resetSeconds: 60 });
  });

  it('refuses an unknown or a revoked key with 401 and no rate decision, however often it calls', async () => {
    const state = createMemoryState({ cacheMaxBytes: 1024, cacheRetentionSeconds: 60 });
    const revoked = await state.keys.seed('sk_test_memory_revoked', 10, null);
    await state.keys.revoke(revoked.id);
    const admission = new Admission(state, 2);
    for (let index = 0; index < 3; index += 1) {
      const refused = await admission.admit('sk_test_memory_revoked', false);
      expect(refused.refusal?.code).toBe('revoked_api_key');
      expect(refused.caller?.rate ?? null).toBeNull();
      expect((await admission.admit('sk_test_memory_nobody', false)).refusal?.code).toBe('invalid_api_key');
    }
  });
});
