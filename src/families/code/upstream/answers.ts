import { emptyListResult, emptySingleResult } from '../../../catalogue/empty-results.js';
import type { ListResult, SingleResult } from '../../../catalogue/results.js';
import { GatewayError, schemaDrift } from '../../../errors.js';
import type { UpstreamResponse } from '../../../catalogue/upstream.js';
import { tryParseJson } from '../../../upstream/json-body.js';
import { isRateLimitAnswer, rateLimitedError } from './rate-budget.js';

/**
 * How the family reads the platform's statuses. 404 (no such account, repository or issue)
 * and 451 (withheld for legal reasons) are empty results, never charged; 410 is a resource
 * the platform removed or turned off (a repository with issues disabled). A 403 or 429 that
 * is the rate limit becomes 429 upstream_rate_limited with the platform's wait; any other 403
 * is upstream_blocked.
 */

/** Statuses every family request interprets itself (the upstream layer classifies the rest). */
export const INTERPRETED_STATUSES: readonly number[] = [403, 404, 410, 429, 451];

const EMPTY_REASONS: Readonly<Record<number, string>> = {
  404: 'not_found',
  410: 'gone',
  451: 'unavailable_for_legal_reasons',
};

export type Answer =
  { kind: 'ok'; response: UpstreamResponse } | { kind: 'empty'; reason: string; response: UpstreamResponse; payload: unknown };

type EmptyAnswer = Extract<Answer, { kind: 'empty' }>;

/** The empty result of an endpoint whose resource the platform says is missing (never charged). */
export const emptySingle = (url: string, answer: EmptyAnswer): SingleResult<never> =>
  emptySingleResult(answer.reason, { via: 'api', url, payload: answer.payload });

/** The empty page of a list endpoint whose resource the platform says is missing (never charged). */
export const emptyList = (url: string, answer: EmptyAnswer): ListResult<never> =>
  emptyListResult(answer.reason, { via: 'api', url, payload: answer.payload });

/** Sorts an answer into usable, empty or a thrown failure. */
export function readAnswer(response: UpstreamResponse, nowMs: number): Answer {
  if (response.status >= 200 && response.status < 300) return { kind: 'ok', response };
  const reason = EMPTY_REASONS[response.status];
  if (reason !== undefined) return { kind: 'empty', reason, response, payload: tryParseJson(response.body) ?? null };
  if (isRateLimitAnswer(response)) throw rateLimitedError(response, nowMs);
  if (response.status === 403) {
    throw new GatewayError('upstream_blocked', 'GitHub refused the logged-out request (HTTP 403).', {
      details: { upstreamStatus: 403, host: URL.parse(response.url)?.host ?? null, message: messageOf(response.body) },
    });
  }
  throw schemaDrift(`GitHub answered with an unexpected HTTP ${response.status}.`, { upstreamStatus: response.status, url: response.url });
}

/** The platform's own error message (`{"message": "..."}`), bounded, for the error details. */
function messageOf(body: string): string | null {
  const parsed = tryParseJson(body) as { message?: unknown } | undefined;
  return typeof parsed?.message === 'string' ? parsed.message.slice(0, 200) : null;
}
