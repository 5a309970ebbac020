import { describe, expect, it } from 'vitest';
import { readHostBudget } from '../../../src/families/code/upstream/rate-budget.js';

describe("the code family's budget reader", () => {
  const now = 1_700_000_000_000;

  it("reads GitHub's core budget (reset in epoch seconds) and a retry-after, never the search budget", () => {
    const reset = String(Math.floor(now / 1000) + 1800);
    expect(readHostBudget({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset, 'x-ratelimit-resource': 'core' }, now)).toEqual({
      remaining: 0,
      resetAtMs: Number(reset) * 1000,
    });
    expect(readHostBudget({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset, 'x-ratelimit-resource': 'search' }, now)).toBeNull();
    // A secondary limit: budget left, but a retry-after stops every call.
    expect(readHostBudget({ 'x-ratelimit-remaining': '40', 'x-ratelimit-reset': reset, 'retry-after': '60' }, now)).toEqual({
      remaining: 0,
      resetAtMs: now + 60_000,
    });
    // Both spent: whichever holds the host back longer.
    expect(readHostBudget({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset, 'retry-after': '60' }, now)).toEqual({
      remaining: 0,
      resetAtMs: Number(reset) * 1000,
    });
  });
});
