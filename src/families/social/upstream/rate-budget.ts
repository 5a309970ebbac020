import { readRetryAfter, type AnnouncedBudget } from '../../../upstream/budget/read-budget.js';

/**
 * The AppView's rate budget as its answers state it: `RateLimit-Remaining` requests left until
 * `RateLimit-Reset` (the IETF draft's headers as the platform's XRPC server sends them). The
 * platform sends the reset as an epoch second; the draft defines it as seconds from now: a value
 * under 10^9 (2001 as an epoch) can only be the latter, so both are read.
 */

/** Below this, a reset is seconds from now; from it, epoch seconds. */
const EPOCH_SECONDS_FROM = 1e9;

/** When an answer names a remaining count but no reset, the window assumed (the platform's own is 5 minutes). */
const DEFAULT_WINDOW_MS = 300 * 1000;

const wholeNumber = (value: string | undefined): number | null =>
  value !== undefined && /^\s*\d{1,12}\s*$/.test(value) ? Number(value) : null;

/** The reset of an answer in epoch milliseconds, or null when it names none. */
export function resetAtMsOf(headers: Record<string, string>, nowMs: number): number | null {
  const reset = wholeNumber(headers['ratelimit-reset']);
  if (reset === null) return null;
  return reset < EPOCH_SECONDS_FROM ? nowMs + reset * 1000 : reset * 1000;
}

/** The budget an answer states, or null when it states none. */
export function readRateLimitHeaders(headers: Record<string, string>, nowMs: number): AnnouncedBudget | null {
  const remaining = wholeNumber(headers['ratelimit-remaining']);
  if (remaining === null) return null;
  return { remaining, resetAtMs: resetAtMsOf(headers, nowMs) ?? nowMs + DEFAULT_WINDOW_MS };
}

/**
 * The family's `readBudget`: the RateLimit headers, and a Retry-After (a 429 names one), whichever
 * holds the host back longer when both say it is spent.
 */
export function readHostBudget(headers: Record<string, string>, nowMs: number): AnnouncedBudget | null {
  const stated = readRateLimitHeaders(headers, nowMs);
  const retry = readRetryAfter(headers, nowMs);
  if (!retry) return stated;
  if (!stated || stated.remaining > 0) return retry;
  return stated.resetAtMs >= retry.resetAtMs ? stated : retry;
}
