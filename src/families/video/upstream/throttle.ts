import { DEFAULT_RETRY_AFTER_SECONDS } from '../../../upstream/classify.js';
import { readRetryAfter, type AnnouncedBudget } from '../../../upstream/budget/read-budget.js';

/**
 * How the platform throttles: it publishes no limit and sends no budget headers; past its limit
 * it answers 429 (the "unusual traffic" page) or redirects to Google's CAPTCHA page
 * (www.google.com/sorry/...). Either holds the host back, in every process, for the answer's
 * Retry-After or else the gateway's default; the redirect is never followed (the upstream layer
 * turns a redirect that spends the budget into a rate limit).
 */
export function readThrottle(headers: Record<string, string>, nowMs: number, status = 200): AnnouncedBudget | null {
  const announced = readRetryAfter(headers, nowMs, status);
  if (status !== 429 && !isSorryRedirect(status, headers.location)) return announced;
  return announced ?? { remaining: 0, resetAtMs: nowMs + DEFAULT_RETRY_AFTER_SECONDS * 1000 };
}

/** A redirect to Google's CAPTCHA page, on any of its hosts' spellings. */
export function isSorryRedirect(status: number, location: string | undefined): boolean {
  if (status < 300 || status >= 400 || location === undefined) return false;
  const target = URL.parse(location);
  return target !== null && /(^|\.)google\.[a-z.]+$/i.test(target.hostname) && target.pathname.startsWith('/sorry');
}
