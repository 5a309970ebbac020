import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRateLimiter } from '../../src/limits/rate-limiter.js';
import { createMemoryState } from '../../src/state/memory/index.js';

/** The in-memory per-key window: opened by a key's first request, one minute long, counted per key. */
describe('in-memory request rate limiter', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  const limiter = () => createRateLimiter(2, createMemoryState({ cacheMaxBytes: 1024, cacheRetentionSeconds: 60 }))!;

  it('counts down within the window, then refuses with nothing remaining until it ends', async () => {
    const rate = limiter();
    expect(await rate.take('acct_a')).toEqual({ allowed: true, quota: 2, remaining: 1, resetSeconds: 60 });
    vi.advanceTimersByTime(10_500);
    expect(await rate.take('acct_a')).toEqual({ allowed: true, quota: 2, remaining: 0, resetSeconds: 50 });
    expect(await rate.take('acct_a')).toEqual({ allowed: false, quota: 2, remaining: 0, resetSeconds: 50 });
    vi.advanceTimersByTime(49_499);
    expect(await rate.take('acct_a')).toEqual({ allowed: false, quota: 2, remaining: 0, resetSeconds: 1 });
  });

  it('opens a new window at the first request after the last one ended, and keeps one per key', async () => {
    const rate = limiter();
    await rate.take('acct_a');
    await rate.take('acct_a');
    expect((await rate.take('acct_b')).remaining).toBe(1);
    vi.advanceTimersByTime(60_000);
    expect(await rate.take('acct_a')).toEqual({ allowed: true, quota: 2, remaining: 1, resetSeconds: 60 });
    // A sweep after a window length dropped the ended windows: b starts afresh too.
    vi.advanceTimersByTime(61_000);
    expect(await rate.take('acct_b')).toEqual({ allowed: true, quota: 2, remaining: 1, resetSeconds: 60 });
  });
});
