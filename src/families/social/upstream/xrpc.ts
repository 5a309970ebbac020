import type { FetchContext } from '../../../catalogue/results.js';
import { GatewayError, schemaDrift } from '../../../errors.js';
import { DEFAULT_RETRY_AFTER_SECONDS, MAX_RETRY_AFTER_SECONDS, retryAfterSeconds } from '../../../upstream/classify.js';
import type { UpstreamResponse } from '../../../catalogue/upstream.js';
import { APPVIEW_ORIGIN } from '../constants.js';
import { resetAtMsOf } from './rate-budget.js';
import { tryParseJson } from '../../../upstream/json-body.js';

/**
 * The family's one door to the platform: anonymous XRPC GETs on the public AppView, and how its
 * answers read. XRPC errors are HTTP 400 `{"error":NAME,"message":…}`: the name (and for
 * InvalidRequest the message) tells a missing account from a real failure.
 */

type QueryValue = string | number | boolean | undefined;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** Statuses read here rather than by the upstream layer. */
const INTERPRETED_STATUSES: readonly number[] = [400, 401, 403, 404, 429];

/** Error names that mean the thing asked for is not there to read (an empty result, never charged). */
const EMPTY_BY_NAME: Readonly<Record<string, string>> = {
  NotFound: 'not_found',
  UnknownFeed: 'not_found',
  UnknownList: 'not_found',
  ProfileNotFound: 'not_found',
  AccountDeactivated: 'account_deactivated',
  AccountTakedown: 'account_taken_down',
  BlockedActor: 'blocked',
  BlockedByActor: 'blocked',
};

/** InvalidRequest messages that say a profile, list, feed or handle does not exist. */
const NOT_FOUND_MESSAGES =
  /^(?:profile not found|actor not found|list not found|could not find feed|unable to resolve handle|post not found)/i;

/** A usable JSON answer, or the empty result an XRPC error stands for; `url` is what was asked. */
export type XrpcAnswer = { url: string } & ({ kind: 'ok'; body: unknown } | { kind: 'empty'; reason: string; error: XrpcError });

export interface XrpcError {
  error: string;
  message: string | null;
}

export function xrpcUrl(nsid: string, query: Record<string, QueryValue> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return `${APPVIEW_ORIGIN}/xrpc/${nsid}${text === '' ? '' : `?${text}`}`;
}

/** One XRPC GET: a JSON answer, an empty result the platform's error stands for, or a thrown failure. */
export async function getXrpc(ctx: FetchContext, nsid: string, query: Record<string, QueryValue> = {}): Promise<XrpcAnswer> {
  const url = xrpcUrl(nsid, query);
  const response = await ctx.upstream.fetch({ url, headers: { accept: 'application/json' }, passStatuses: INTERPRETED_STATUSES });
  return { url, ...readXrpcAnswer(response, Date.parse(ctx.fetchedAt)) };
}

/** Sorts an answer into usable JSON, an empty result, or a thrown failure. */
export function readXrpcAnswer(response: UpstreamResponse, nowMs: number): DistributiveOmit<XrpcAnswer, 'url'> {
  if (response.status === 429) throw rateLimited(response, nowMs);
  const ok = response.status >= 200 && response.status < 300;
  const body = tryParseJson(response.body);
  // A 200 that is not JSON is a broken answer (drift); an error status without the XRPC body is a refusal.
  if (ok && body === undefined) throw schemaDrift('The AppView answered 200 with a body that is not JSON.', { url: response.url });
  if (response.status === 401 || response.status === 403 || body === undefined) {
    throw new GatewayError('upstream_blocked', `The AppView refused the anonymous request (HTTP ${response.status}).`, {
      details: { upstreamStatus: response.status, host: URL.parse(response.url)?.host ?? null },
    });
  }
  if (ok) return { kind: 'ok', body };
  const error = xrpcErrorOf(body);
  const reason = error === null ? undefined : emptyReasonOf(error);
  if (error === null || reason === undefined) {
    throw schemaDrift(`The AppView answered HTTP ${response.status}${error === null ? '' : ` ${error.error}`}.`, {
      upstreamStatus: response.status,
      error: error?.error ?? null,
      message: error?.message ?? null,
    });
  }
  return { kind: 'empty', reason, error };
}

function emptyReasonOf(error: XrpcError): string | undefined {
  if (error.error === 'InvalidRequest') return NOT_FOUND_MESSAGES.test(error.message ?? '') ? 'not_found' : undefined;
  return EMPTY_BY_NAME[error.error];
}

function xrpcErrorOf(body: unknown): XrpcError | null {
  if (typeof body !== 'object' || body === null) return null;
  const { error, message } = body as { error?: unknown; message?: unknown };
  if (typeof error !== 'string' || !/^[A-Za-z]{1,64}$/.test(error)) return null;
  return { error, message: typeof message === 'string' ? message.slice(0, 300) : null };
}

/** The 429 a caller gets when the AppView rate-limits: its Retry-After, else its reset, bounded. Never charged. */
function rateLimited(response: UpstreamResponse, nowMs: number): GatewayError {
  const resetAtMs = resetAtMsOf(response.headers, nowMs);
  const retryAfter =
    retryAfterSeconds(response.headers) ??
    (resetAtMs === null ? DEFAULT_RETRY_AFTER_SECONDS : Math.min(MAX_RETRY_AFTER_SECONDS, Math.ceil((resetAtMs - nowMs) / 1000)));
  return new GatewayError(
    'upstream_rate_limited',
    `The AppView rate-limited this egress address; retry in ${Math.max(1, retryAfter)} seconds.`,
    {
      details: { upstreamStatus: 429, host: URL.parse(response.url)?.host ?? null },
      retryAfter: Math.max(1, retryAfter),
    },
  );
}
