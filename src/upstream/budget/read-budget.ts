import type { ScopedBudget } from '../../catalogue/family.js';
import { MAX_RETRY_AFTER_SECONDS, retryAfterSeconds } from '../classify.js';

/** A budget as a platform announces it in an answer's headers or body. */
export interface AnnouncedBudget {
  /** Requests still allowed before the reset; 0 means spent. */
  remaining: number;
  /** When the platform's window ends (epoch milliseconds). */
  resetAtMs: number;
}

/**
 * A budget of one scope of a host (one of the scopes the family's `budgetScopes` names for the
 * request's URL), or of the whole host when `scope` is absent.
 */
export type { ScopedBudget } from '../../catalogue/family.js';

/** The answer's body as text (decompressed) and the URL it answers, for a platform that announces its budget in the body. */
export interface BudgetAnswer {
  body: string;
  url: string;
}

/**
 * Reads a platform's own budget headers (lower-cased names). Platforms differ in what their
 * reset means (seconds from now, or an epoch time), so each family that has such headers
 * declares its reader; null when the answer announces nothing. `status` is the answer's HTTP
 * status, for a platform whose throttle shows in the status or a redirect rather than in a
 * header (a bare 429, a 302 to a CAPTCHA page).
 */
export type BudgetReader = (headers: Record<string, string>, nowMs: number, status?: number) => AnnouncedBudget | null;

/**
 * A reader that may also read the body (a platform that announces its budget there) and may
 * return several budgets, each of one scope (a method's back-off and a daily quota in one
 * answer). Every BudgetReader is one.
 */
export type AnswerBudgetReader = (
  headers: Record<string, string>,
  nowMs: number,
  status?: number,
  answer?: BudgetAnswer,
) => ScopedBudget | readonly ScopedBudget[] | null;

/**
 * The reader of a family that declares none: a Retry-After (seconds or an HTTP date), on any
 * answer, says the host takes nothing more until then. Its bound is the same as the advice passed
 * to callers. A family's own reader may combine it with its platform's headers.
 */
export const readRetryAfter: BudgetReader = (headers, nowMs) => {
  const seconds = retryAfterSeconds(headers);
  return seconds === undefined || seconds <= 0 ? null : { remaining: 0, resetAtMs: nowMs + seconds * 1000 };
};

/**
 * An announcement as the gateway will use it, or null: the remaining count is a whole number
 * of zero or more, the reset is in the future and no further than the longest Retry-After the
 * gateway passes on (a platform naming a reset years away must not close a host for years).
 */
export function boundedBudget(budget: AnnouncedBudget | null | undefined, nowMs: number): AnnouncedBudget | null {
  if (!budget || !Number.isFinite(budget.remaining) || !Number.isFinite(budget.resetAtMs)) return null;
  const resetAtMs = Math.min(Math.ceil(budget.resetAtMs), nowMs + MAX_RETRY_AFTER_SECONDS * 1000);
  if (resetAtMs <= nowMs) return null;
  return { remaining: Math.max(0, Math.floor(budget.remaining)), resetAtMs };
}
