import { DEFAULT_RETRY_AFTER_SECONDS } from '../classify.js';
import { readRetryAfter, type BudgetReader } from './read-budget.js';

/**
 * The budget reader of a platform that publishes no limit and sends no budget headers: past its
 * limit it answers 429, or redirects to a page of its own that says so (a CAPTCHA). Either holds
 * the host back, in every process, for the answer's Retry-After or else the gateway's default.
 * The redirect is never followed: the upstream layer turns a redirect that spends the budget into
 * a rate limit.
 */
export function throttleReader(isThrottlePage: (target: URL) => boolean): BudgetReader {
  return (headers, nowMs, status = 200) => {
    const announced = readRetryAfter(headers, nowMs, status);
    if (status !== 429 && !isRedirectTo(status, headers.location, isThrottlePage)) return announced;
    return announced ?? { remaining: 0, resetAtMs: nowMs + DEFAULT_RETRY_AFTER_SECONDS * 1000 };
  };
}

/** A redirect (3xx) whose Location is a page `matches` recognises. */
export function isRedirectTo(status: number, location: string | undefined, matches: (target: URL) => boolean): boolean {
  if (status < 300 || status >= 400 || location === undefined) return false;
  const target = URL.parse(location);
  return target !== null && matches(target);
}
