import { describe, expect, it } from 'vitest';
import { readRedditBudget } from '../../../src/families/forum/upstream/budget.js';

describe("the forum's budget reader", () => {
  const now = 1_700_000_000_000;

  it("reads Reddit's remaining (a decimal) and its reset as seconds from now", () => {
    expect(readRedditBudget({ 'x-ratelimit-remaining': '597.0', 'x-ratelimit-used': '3', 'x-ratelimit-reset': '128' }, now)).toEqual({
      remaining: 597,
      resetAtMs: now + 128_000,
    });
    expect(readRedditBudget({ 'x-ratelimit-remaining': '0.4', 'x-ratelimit-reset': '20' }, now)).toEqual({
      remaining: 0,
      resetAtMs: now + 20_000,
    });
    expect(readRedditBudget({ 'x-ratelimit-remaining': '10' }, now)).toBeNull();
    expect(readRedditBudget({ 'x-ratelimit-remaining': '', 'x-ratelimit-reset': '20' }, now)).toBeNull();
    expect(readRedditBudget({ 'x-ratelimit-remaining': 'lots', 'x-ratelimit-reset': '20' }, now)).toBeNull();
    expect(readRedditBudget({ 'retry-after': '20' }, now)).toBeNull();
  });
});
