import { readRetryAfter, type AnnouncedBudget } from '../../../upstream/budget/read-budget.js';
import { DEFAULT_RATE_LIMIT_SECONDS } from '../constants.js';

/**
 * The family's budget reader, for both hosts (the gateway keeps one budget per host, so a spent
 * search host never holds back the official API). A 429 holds the host until its Retry-After
 * (seconds or a date), or for a minute without one (HN Search sends none); while held, every
 * process answers 429 without calling. Only a 429 does: a 5xx is a failure of that one answer
 * (upstream_blocked, and the comment tree's fallback), whatever Retry-After it carries.
 */
export function readNewsBudget(headers: Record<string, string>, nowMs: number, status?: number): AnnouncedBudget | null {
  if (status !== 429) return null;
  return readRetryAfter(headers, nowMs) ?? { remaining: 0, resetAtMs: nowMs + DEFAULT_RATE_LIMIT_SECONDS * 1000 };
}
