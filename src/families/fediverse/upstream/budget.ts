import { readRetryAfter, type AnnouncedBudget } from '../../../upstream/budget/read-budget.js';
import { rateLimitResetAt, readRateLimitHeaders } from '../../../upstream/budget/rate-limit-headers.js';

/** How long an instance is left alone after a 429 that names no reset or Retry-After (Mastodon's window is 5 minutes). */
export const THROTTLE_SECONDS = 300;

/**
 * The family's `readBudget`, per instance: `X-RateLimit-Remaining` until `X-RateLimit-Reset` (an
 * ISO timestamp on Mastodon; a past one, which cached answers carry, ends nothing). A 429 spends
 * the instance until that reset, else for its Retry-After, else for five minutes: in that order,
 * so a stated wait is never stretched to the default.
 */
export function readInstanceBudget(headers: Record<string, string>, nowMs: number, status?: number): AnnouncedBudget | null {
  if (status === 429) {
    const resetAtMs = rateLimitResetAt(headers['x-ratelimit-reset'], nowMs);
    if (resetAtMs !== null && resetAtMs > nowMs) return { remaining: 0, resetAtMs };
    return readRetryAfter(headers, nowMs, status) ?? { remaining: 0, resetAtMs: nowMs + THROTTLE_SECONDS * 1000 };
  }
  const stated = readRateLimitHeaders(headers, nowMs, status);
  return stated !== null && stated.resetAtMs > nowMs ? stated : null;
}
