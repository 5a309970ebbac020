import type { FetchContext } from '../../../catalogue/results.js';
import { GatewayError } from '../../../errors.js';
import { MAX_RETRY_AFTER_SECONDS, retryAfterSeconds } from '../../../upstream/classify.js';
import { rateLimitResetAt } from '../../../upstream/budget/rate-limit-headers.js';
import type { UpstreamResponse } from '../../../catalogue/upstream.js';
import { THROTTLE_SECONDS } from './budget.js';
import { nextMaxId } from './link.js';
import { refuseIfNotMastodon } from './not-mastodon.js';
import { tryParseJson } from '../../../upstream/json-body.js';

/**
 * The family's one door to an instance: logged-out GETs of its public REST API (no token or
 * cookie), and how the answers read. Errors are `{"error": message}`: 404 and 410 mean not
 * found, a JSON 401, 403 or 422 a refusal of logged-out readers (login_required).
 */

type QueryValue = string | number | boolean | undefined;

/** Statuses read here rather than by the upstream layer (5xx stays its: upstream_blocked). */
const INTERPRETED_STATUSES: readonly number[] = [401, 403, 404, 410, 422, 429];

export interface Target {
  host: string;
  /** The caller's parameter the host came from: a refused host is 400 naming it. */
  param: string;
}

export type ApiAnswer = { url: string } & (
  { kind: 'ok'; body: unknown; nextMaxId: string | null } | { kind: 'empty'; reason: string; error: string | null }
);

export function apiUrl(host: string, path: string, query: Record<string, QueryValue> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return `https://${host}${path}${text === '' ? '' : `?${text}`}`;
}

/** One GET of the instance's API: JSON, the empty result an error stands for, or a thrown failure. */
export async function getApi(ctx: FetchContext, target: Target, path: string, query: Record<string, QueryValue> = {}): Promise<ApiAnswer> {
  const url = apiUrl(target.host, path, query);
  const response = await ctx.upstream.fetch({
    url,
    headers: { accept: 'application/json' },
    passStatuses: INTERPRETED_STATUSES,
    hostParam: target.param,
  });
  const nowMs = Date.parse(ctx.fetchedAt);
  if (response.status === 429) throw rateLimited(response, target.host, nowMs);
  const body = tryParseJson(response.body);
  if (body === undefined) {
    if ((response.status >= 200 && response.status < 300) || response.status === 404 || response.status === 410)
      await refuseIfNotMastodon(ctx, target);
    throw blocked(response, target.host);
  }
  if (response.status >= 200 && response.status < 300) return { url, kind: 'ok', body, nextMaxId: nextMaxId(response.headers.link) };
  const error = errorOf(body);
  if (response.status === 404 || response.status === 410) return { url, kind: 'empty', reason: 'not_found', error };
  if (error === null) throw blocked(response, target.host);
  return { url, kind: 'empty', reason: 'login_required', error };
}

function errorOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const { error } = body as { error?: unknown };
  return typeof error === 'string' ? error.slice(0, 300) : null;
}

function blocked(response: UpstreamResponse, host: string): GatewayError {
  return new GatewayError('upstream_blocked', `The instance did not answer with its API (HTTP ${response.status}).`, {
    details: { upstreamStatus: response.status, host },
  });
}

/** The 429 a caller gets when an instance throttles: until its reset, else its Retry-After, else five minutes. Never charged. */
function rateLimited(response: UpstreamResponse, host: string, nowMs: number): GatewayError {
  const resetAtMs = rateLimitResetAt(response.headers['x-ratelimit-reset'], nowMs);
  const fromReset = resetAtMs !== null && resetAtMs > nowMs ? Math.ceil((resetAtMs - nowMs) / 1000) : undefined;
  const retryAfter = Math.max(1, Math.min(MAX_RETRY_AFTER_SECONDS, fromReset ?? retryAfterSeconds(response.headers) ?? THROTTLE_SECONDS));
  return new GatewayError('upstream_rate_limited', `The instance rate-limited this egress address; retry in ${retryAfter} seconds.`, {
    details: { upstreamStatus: 429, host },
    retryAfter,
  });
}
