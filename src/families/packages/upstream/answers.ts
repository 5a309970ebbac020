import { GatewayError, schemaDrift } from '../../../errors.js';
import { DEFAULT_RETRY_AFTER_SECONDS, retryAfterSeconds } from '../../../upstream/classify.js';
import { readRetryAfter, type BudgetReader } from '../../../upstream/budget/read-budget.js';
import { emptyListResult } from '../../../catalogue/empty-results.js';
import type { ListResult } from '../../../catalogue/results.js';
import type { UpstreamResponse } from '../../../catalogue/upstream.js';
import { tryParseJson } from '../../../upstream/json-body.js';

/**
 * How the family reads the registries' statuses: 404 (an unknown package, or one npm keeps no
 * download statistics for) is an empty result, never charged; a 403 (crates.io's crawler policy,
 * or any other refusal) is upstream_blocked; a 429 is upstream_rate_limited with the registry's
 * wait, an absent or zero Retry-After counting as 60 seconds. Classified by status, never by text.
 */

export const INTERPRETED_STATUSES: readonly number[] = [403, 404, 429];

export type Answer = { kind: 'ok'; response: UpstreamResponse } | { kind: 'empty'; reason: 'not_found'; payload: unknown };

export function readAnswer(response: UpstreamResponse): Answer {
  if (response.status >= 200 && response.status < 300) return { kind: 'ok', response };
  const host = URL.parse(response.url)?.host ?? null;
  if (response.status === 404) return { kind: 'empty', reason: 'not_found', payload: tryParseJson(response.body) ?? null };
  if (response.status === 429) {
    const retryAfter = waitOf(response.headers);
    throw new GatewayError('upstream_rate_limited', `The registry rate-limited the request; retry in ${retryAfter} seconds.`, {
      details: { upstreamStatus: 429, host },
      retryAfter,
    });
  }
  if (response.status === 403) {
    throw new GatewayError('upstream_blocked', 'The registry refused the request (HTTP 403).', {
      details: { upstreamStatus: 403, host, message: errorDetailOf(response.body) },
    });
  }
  throw schemaDrift(`The registry answered with an unexpected HTTP ${response.status}.`, {
    upstreamStatus: response.status,
    url: response.url,
  });
}

/** The registry's Retry-After in seconds; absent or 0 (npm's edge sometimes sends 0) counts as the gateway's default. */
function waitOf(headers: Record<string, string>): number {
  const stated = retryAfterSeconds(headers);
  return stated === undefined || stated <= 0 ? DEFAULT_RETRY_AFTER_SECONDS : stated;
}

/**
 * The hosts' budgets as every process shares them: a Retry-After closes the host until then;
 * a zero one closes it for the default wait, as the caller is told.
 */
export const readPackagesBudget: BudgetReader = (headers, nowMs) => {
  if (headers['retry-after'] !== undefined && retryAfterSeconds(headers) === 0)
    return { remaining: 0, resetAtMs: nowMs + DEFAULT_RETRY_AFTER_SECONDS * 1000 };
  return readRetryAfter(headers, nowMs);
};

/** The registry's own error text (`{"errors":[{"detail":…}]}`, `{"error":…}`, `{"message":…}`), bounded. */
function errorDetailOf(body: string): string | null {
  const parsed = tryParseJson(body) as { errors?: { detail?: unknown }[]; error?: unknown; message?: unknown } | undefined;
  const detail = Array.isArray(parsed?.errors) ? parsed.errors[0]?.detail : (parsed?.error ?? parsed?.message);
  return typeof detail === 'string' ? detail.slice(0, 300) : null;
}

/**
 * A JSON body as a record with the members the registry always sends (`hasShape`); anything
 * else is upstream_schema_drift, never read as a package with every field null.
 */
export function jsonRecord(
  response: UpstreamResponse,
  what: string,
  hasShape: (body: Record<string, unknown>) => boolean,
): Record<string, unknown> {
  const parsed = tryParseJson(response.body);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || !hasShape(parsed as Record<string, unknown>))
    throw schemaDrift(`The ${what} answer did not have the registry's shape.`, { url: response.url });
  return parsed as Record<string, unknown>;
}

const isObject = (value: unknown): boolean => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Shapes of the registries' answers: what each always carries. */
export const SHAPES = {
  // A package whose every version was unpublished keeps only `time.unpublished`.
  packument: (body: Record<string, unknown>) =>
    typeof body.name === 'string' && (isObject(body.versions) || isObject((body.time as Record<string, unknown> | undefined)?.unpublished)),
  project: (body: Record<string, unknown>) => isObject(body.info),
  crate: (body: Record<string, unknown>) => isObject(body.crate),
  crateVersions: (body: Record<string, unknown>) => Array.isArray(body.versions),
  npmDownloads: (body: Record<string, unknown>) => typeof body.downloads === 'number' || body.error !== undefined,
  crateDownloads: (body: Record<string, unknown>) => Array.isArray(body.version_downloads),
  npmSearch: (body: Record<string, unknown>) => Array.isArray(body.objects),
  crateSearch: (body: Record<string, unknown>) => Array.isArray(body.crates),
} as const;

/** The empty page of a list whose package the registry does not know (never charged). */
export const emptyPage = (url: string, payload: unknown): ListResult<never> => emptyListResult('not_found', { url, payload });
