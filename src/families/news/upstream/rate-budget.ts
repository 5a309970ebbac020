import { readRetryAfter, type AnnouncedBudget } from '../../../upstream/budget/read-budget.js';
import { DEFAULT_RATE_LIMIT_SECONDS } from '../constants.js';

/**
 * The family's budget reader, for both hosts (the gateway keeps one budget per host, so a spent
 * search host never holds back the official API). A Retry-After (seconds or a date) on any
 * answer holds the host until then; a 429 without one (HN Search sends none) holds it for a
 * minute. While held, every process answers 429 without calling.
 */
export function readNewsBudget(headers: Record<string, string>, nowMs: number, status?: number): AnnouncedBudget | null {
  const stated = readRetryAfter(headers, nowMs);
  if (stated || status !== 429) return stated;
  return { remaining: 0, resetAtMs: nowMs + DEFAULT_RATE_LIMIT_SECONDS * 1000 };
}
