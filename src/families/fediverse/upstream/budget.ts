import { readRetryAfter } from '../../../upstream/budget/read-budget.js';
import { readRateLimitHeaders, spendOnThrottle, strictestBudget } from '../../../upstream/budget/rate-limit-headers.js';

/** How long an instance is left alone after a 429 that names no reset or Retry-After (Mastodon's window is 5 minutes). */
export const THROTTLE_SECONDS = 300;

/**
 * The family's `readBudget`, per instance: `X-RateLimit-Remaining` until `X-RateLimit-Reset` (an
 * ISO timestamp on Mastodon; a past one, which cached answers carry, ends nothing), a Retry-After,
 * and a 429 without either spending the instance for five minutes.
 */
export const readInstanceBudget = strictestBudget(readRateLimitHeaders, readRetryAfter, spendOnThrottle(THROTTLE_SECONDS));
