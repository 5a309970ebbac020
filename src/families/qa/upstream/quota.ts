import { createHash } from 'node:crypto';
import type { ScopedBudget } from '../../../catalogue/family.js';
import { readRetryAfter } from '../../../upstream/budget/read-budget.js';
import { BACKOFF_VIOLATION_SECONDS } from '../constants.js';
import { isBackoffViolation, readWrapper, secondsToNextUtcMidnight, throttleSeconds } from './wrapper.js';

/**
 * The API's economy, announced in the body of every answer, errors included:
 * - `quota_remaining` of the daily quota, counted per address (and per key when one is sent),
 *   whatever the site: one scope per key, shared by every method. At 0 or less every call waits
 *   for 00:00 UTC;
 * - `backoff: N`, which spends the method just called (the path template) for N seconds; the
 *   answer that carries it is still served;
 * - throttle_violation errors: "more requests available in N seconds" holds the whole host for
 *   N seconds (until 00:00 UTC when it names no wait), "Violation of backoff parameter" the method
 *   for a minute.
 * The gateway holds each scope across processes and refuses, without a request, what is spent.
 */

/** The API method a path is, as its template (`/questions/{ids}/answers`), or null for a path the family never asks. */
export function methodOf(pathname: string): string | null {
  const path = pathname.replace(/^\/2\.\d+/, '');
  const match = /^\/(questions|answers|users|search\/advanced)(?:\/([^/]+))?(?:\/(answers|questions))?\/?$/.exec(path);
  if (!match) return null;
  const [, resource, ids, sub] = match;
  return `/${resource}${ids === undefined ? '' : '/{ids}'}${sub === undefined ? '' : `/${sub}`}`;
}

/** The quota's scope: one per key (by digest, never the key itself), or the anonymous one. */
export function quotaScope(url: URL): string {
  const key = url.searchParams.get('key');
  return key ? `quota:key-${createHash('sha256').update(key).digest('hex').slice(0, 12)}` : 'quota:anonymous';
}

const methodScope = (method: string): string => `method:${method}`;

/** The family's `budgetScopes`: the key's daily quota and the method, for every API request. */
export function qaBudgetScopes(url: URL): readonly string[] {
  const method = methodOf(url.pathname);
  return method === null ? [quotaScope(url)] : [quotaScope(url), methodScope(method)];
}

/** The family's `readBudget`: a Retry-After on the host, and the economy of the body. */
export function readQaBudget(
  headers: Record<string, string>,
  nowMs: number,
  status?: number,
  answer?: { body: string; url: string },
): ScopedBudget[] {
  const budgets: ScopedBudget[] = [];
  const retryAfter = readRetryAfter(headers, nowMs, status);
  if (retryAfter) budgets.push(retryAfter);
  const url = answer && URL.parse(answer.url);
  const wrapper = answer && readWrapper(answer.body);
  if (!url || !wrapper) return budgets;
  const method = methodOf(url.pathname);
  const midnight = nowMs + secondsToNextUtcMidnight(nowMs) * 1000;
  if (wrapper.quota_remaining !== undefined && Number.isFinite(wrapper.quota_remaining))
    budgets.push({ scope: quotaScope(url), remaining: wrapper.quota_remaining, resetAtMs: midnight });
  if (method !== null && wrapper.backoff !== undefined && wrapper.backoff > 0)
    budgets.push({ scope: methodScope(method), remaining: 0, resetAtMs: nowMs + wrapper.backoff * 1000 });
  if (wrapper.error_name === 'throttle_violation') {
    if (isBackoffViolation(wrapper.error_message)) {
      if (method !== null) budgets.push({ scope: methodScope(method), remaining: 0, resetAtMs: nowMs + BACKOFF_VIOLATION_SECONDS * 1000 });
    } else {
      const seconds = throttleSeconds(wrapper.error_message);
      budgets.push({ remaining: 0, resetAtMs: seconds === null ? midnight : nowMs + seconds * 1000 });
    }
  }
  return budgets;
}
