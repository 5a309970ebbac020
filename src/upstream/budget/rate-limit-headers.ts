import type { AnnouncedBudget, BudgetReader } from './read-budget.js';

/**
 * Readers a family combines into its `readBudget` when its platform announces budgets the common
 * way, per host: `X-RateLimit-Remaining` / `X-RateLimit-Reset`, and a 429 that may or may not say
 * how long to wait.
 */

/** Below this, a numeric reset is seconds from now; from it, epoch seconds (10^9 s is 2001). */
const EPOCH_SECONDS_FROM = 1e9;
/** When an answer names a remaining count but no readable reset, the window assumed. */
const DEFAULT_WINDOW_MS = 300_000;

/**
 * A reset header's value as epoch milliseconds: an ISO 8601 timestamp, epoch seconds, or seconds
 * from now (a number under 10^9); null when it is none of them.
 */
export function rateLimitResetAt(value: string | undefined, nowMs: number): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d{1,12}(\.\d{1,6})?$/.test(text)) {
    const seconds = Number(text);
    return seconds < EPOCH_SECONDS_FROM ? nowMs + seconds * 1000 : seconds * 1000;
  }
  // Only a date with a time reads as a timestamp: Date.parse alone accepts far too much.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text)) return null;
  const at = Date.parse(text);
  return Number.isFinite(at) ? at : null;
}

/**
 * A reader of the budget an answer's remaining-count and reset headers state (lower-cased names),
 * null when it names no remaining count. A reset that cannot be read counts as a five-minute
 * window; one in the past is dropped where budgets are bounded.
 */
export const rateLimitHeaders =
  (names: { remaining: string; reset: string }): BudgetReader =>
  (headers, nowMs) => {
    const remaining = headers[names.remaining]?.trim();
    if (remaining === undefined || !/^\d{1,12}$/.test(remaining)) return null;
    return { remaining: Number(remaining), resetAtMs: rateLimitResetAt(headers[names.reset], nowMs) ?? nowMs + DEFAULT_WINDOW_MS };
  };

/** `x-ratelimit-remaining` and `x-ratelimit-reset`, the names most platforms use. */
export const readRateLimitHeaders: BudgetReader = rateLimitHeaders({ remaining: 'x-ratelimit-remaining', reset: 'x-ratelimit-reset' });

/**
 * A reader that spends the host for `seconds` on a 429, for the platforms whose 429 may carry no
 * Retry-After (combine it after the readers that read one: `strictestBudget` keeps the longest).
 */
export const spendOnThrottle =
  (seconds: number): BudgetReader =>
  (_headers, nowMs, status) =>
    status === 429 ? { remaining: 0, resetAtMs: nowMs + seconds * 1000 } : null;

/**
 * Several readers as one: a spent budget wins over one with requests left, the later reset among
 * spent ones; otherwise the first reader's budget that stands.
 */
export function strictestBudget(...readers: BudgetReader[]): BudgetReader {
  return (headers, nowMs, status) => {
    let standing: AnnouncedBudget | null = null;
    for (const reader of readers) {
      const budget = reader(headers, nowMs, status);
      if (!budget || budget.resetAtMs <= nowMs) continue;
      if (!standing) standing = budget;
      else if (budget.remaining <= 0 && (standing.remaining > 0 || budget.resetAtMs > standing.resetAtMs)) standing = budget;
    }
    return standing;
  };
}
