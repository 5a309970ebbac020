import { GatewayError } from '../../../errors.js';
import { readRetryAfter } from '../../../upstream/budget/read-budget.js';
import { DEFAULT_RETRY_AFTER_SECONDS, MAX_RETRY_AFTER_SECONDS, retryAfterSeconds } from '../../../upstream/classify.js';
import type { UpstreamResponse } from '../../../catalogue/upstream.js';

/**
 * The platform's own rate budget, as every API answer states it: `x-ratelimit-remaining`
 * requests left until `x-ratelimit-reset` (epoch seconds). Anonymous callers get 60 an hour
 * per egress address.
 */

/** The platform's longest rate window: when an answer names no reset, the budget is assumed spent for at most this long. */
const WINDOW_MS = 3600 * 1000;

export interface RateBudget {
  remaining: number;
  resetAtMs: number;
}

const wholeNumber = (value: string | undefined): number | null => {
  if (value === undefined || !/^\s*\d{1,12}\s*$/.test(value)) return null;
  return Number(value);
};

/**
 * The budget an answer states, or null when it states none (the trending pages, a proxy's own
 * error). An answer with a remaining count but no reset (older recordings have none) is given
 * the longest window from now, so a spent budget is never forgotten early.
 */
export function readRateBudget(headers: Record<string, string>, nowMs: number): RateBudget | null {
  const remaining = wholeNumber(headers['x-ratelimit-remaining']);
  if (remaining === null) return null;
  const reset = wholeNumber(headers['x-ratelimit-reset']);
  return { remaining, resetAtMs: reset === null ? nowMs + WINDOW_MS : reset * 1000 };
}

/**
 * The budget the gateway shares across processes for the API host (the family's `readBudget`):
 * the `core` budget most calls spend, and a retry-after (a secondary limit stops every call),
 * whichever holds the host back longer. Other budgets (search: 10 a minute) are left to each
 * call: a spent search budget must not refuse repository reads.
 */
export function readHostBudget(headers: Record<string, string>, nowMs: number): RateBudget | null {
  const core = rateResourceOf(headers) === 'core' ? readRateBudget(headers, nowMs) : null;
  const retry = readRetryAfter(headers, nowMs);
  if (!retry) return core;
  if (!core || core.remaining > 0) return retry;
  return core.resetAtMs >= retry.resetAtMs ? core : retry;
}

/**
 * Which of the platform's budgets an answer reports: `core` for most of the API, `search` for
 * search (10 a minute logged out), others as named. Budgets are separate: a spent search budget
 * must not refuse a repository read, so a store of budgets keys them by this name (and egress).
 */
export function rateResourceOf(headers: Record<string, string>): string {
  const named = headers['x-ratelimit-resource']?.trim().toLowerCase();
  return named !== undefined && /^[a-z_]{1,40}$/.test(named) ? named : 'core';
}

/**
 * True when a 403 or 429 is the platform's rate limit (primary: nothing remaining; secondary:
 * a retry-after), rather than a refusal of this client.
 */
export function isRateLimitAnswer(response: UpstreamResponse): boolean {
  if (response.status !== 403 && response.status !== 429) return false;
  if (response.status === 429) return true;
  return response.headers['x-ratelimit-remaining']?.trim() === '0' || response.headers['retry-after'] !== undefined;
}

/** Seconds until the platform takes requests again: its retry-after, else its reset time, bounded. */
export function retryAfterOf(headers: Record<string, string>, nowMs: number): number {
  const stated = retryAfterSeconds(headers);
  if (stated !== undefined) return Math.max(1, stated);
  const reset = wholeNumber(headers['x-ratelimit-reset']);
  if (reset === null) return DEFAULT_RETRY_AFTER_SECONDS;
  return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil((reset * 1000 - nowMs) / 1000)));
}

/** The 429 upstream_rate_limited a caller gets for a spent platform budget; never charged. */
export function rateLimitedError(response: UpstreamResponse, nowMs: number): GatewayError {
  const retryAfter = retryAfterOf(response.headers, nowMs);
  return new GatewayError(
    'upstream_rate_limited',
    `GitHub's anonymous rate limit is spent for this egress address; retry in ${retryAfter} seconds.`,
    {
      details: { upstreamStatus: response.status, host: hostOf(response.url), limit: wholeNumber(response.headers['x-ratelimit-limit']) },
      retryAfter,
    },
  );
}

function hostOf(url: string): string | null {
  return URL.parse(url)?.host ?? null;
}
