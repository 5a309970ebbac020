import { withChargeLookup } from './unconfirmed-charge.js';
import { randomUUID } from 'node:crypto';
import type { EndpointDefinition } from '../catalogue/endpoint.js';
import type { EndpointResult } from '../catalogue/results.js';
import { GatewayError, isGatewayError } from '../errors.js';
import type { Catalogue } from '../catalogue/catalogue.js';
import { reservationHoldMs } from '../state/hold-period.js';
import { secondsToNextUtcDay } from '../state/utc-day.js';
import type { ApiKeyRecord, CacheEntry, StateAdapters } from '../state/ports.js';
import type { Upstream, UpstreamRequest, UpstreamResponse } from '../catalogue/upstream.js';
import { FlightLeftError, type FlightAnswer, type FlightRole } from '../state/flights/flights.js';
import { withDefaultCacheMaxAge } from './cache-control.js';
import { cacheKey } from './cache-key.js';
import { reusingAnswers } from './reused-answers.js';
import { makeOutcome, type EndpointOutcome } from './outcome.js';
import type { ValidatedRequest } from './params.js';
import { asError, decodeAnswer, encodeAnswer, failureOf, type SharedResult } from './shared-answer.js';

/** meta.reason of an empty result whose family names no reason of its own: nothing matched. */
const DEFAULT_EMPTY_REASON = 'no_results';

export interface PipelineDeps {
  catalogue: Catalogue;
  state: StateAdapters;
  /** The family's Upstream, or a not_configured error when the family cannot run here. */
  upstreamFor(endpoint: EndpointDefinition): Upstream;
  logError(message: string, context: Record<string, unknown>): void;
  now?: () => Date;
  /** Told of each call that shared a fetch, with how it got its answer (for metrics). */
  onFlight?(endpoint: EndpointDefinition, role: FlightRole): void;
  /** Told when a call starts waiting on an identical call's fetch instead of fetching (for metrics). */
  onFlightWait?(endpoint: EndpointDefinition): void;
}

export interface CallContext {
  account: ApiKeyRecord;
  requestId: string;
  signal?: AbortSignal;
  /**
   * Upstream GET answers already fetched for this caller's request (a GraphQL document):
   * the same URL is fetched once even when two endpoints need it (a post, then its transcript).
   */
  upstreamMemo?: Map<string, Promise<UpstreamResponse>>;
  /**
   * The ledger reservation id to use instead of a fresh one. Reservations are idempotent per
   * id, so a job target retried under the same id (`job:{jobId}:{index}`) is charged at most once.
   */
  reservationId?: string;
  /**
   * Runs after a paid result is ready and before its charge is committed: a job stores the
   * result here, so a worker that dies after committing never has to fetch (or charge) again.
   */
  beforeCommit?(outcome: EndpointOutcome): Promise<void>;
  /**
   * False for a fetch nobody pays for: a subscription check looks at the content for free and
   * charges per change once it knows there was one, so the look itself reserves nothing and is
   * never refused for lack of credits. Default true.
   */
  charge?: boolean;
  /** The upstream deadline of this call when its door has its own (jobs); default UPSTREAM_TIMEOUT_MS. */
  upstreamTimeoutMs?: number;
  /**
   * The cache_max_age (seconds) of a call that gave none: its request's `Cache-Control: max-age`
   * (admission parsed it). Null or absent: such a call fetches live.
   */
  cacheMaxAgeDefault?: number | null;
}

/**
 * The one way every door takes: cache, reserve, fetch, normalise, detect empty, commit or
 * release, store. Admission (the door's: the caller's account, rate limit) and validation
 * (validateRequest(), or the same zod schema in GraphQL) happen before, at the door, once per request.
 */
export async function runEndpoint(
  deps: PipelineDeps,
  endpoint: EndpointDefinition,
  request: ValidatedRequest,
  call: CallContext,
): Promise<EndpointOutcome> {
  request = withDefaultCacheMaxAge(endpoint, request, call.cacheMaxAgeDefault);
  const upstream = deps.upstreamFor(endpoint);
  const hit = await cachedOutcome(deps, endpoint, request);
  if (hit) return hit;
  const now = deps.now?.() ?? new Date();
  const key = endpoint.flags.cacheable ? cacheKey(endpoint.path, request.params) : null;

  const charged = call.charge !== false;
  const cost = charged ? endpoint.flags.creditCost : 0;
  const reservationId = call.reservationId ?? `${call.requestId}:${randomUUID()}`;
  const ledger = deps.state.ledger;
  if (charged) {
    // A call with its own upstream deadline (a job) holds its credits for that deadline, not the HTTP doors'.
    const holdMs = call.upstreamTimeoutMs === undefined ? undefined : reservationHoldMs(call.upstreamTimeoutMs);
    const reserved = await ledger.reserve(call.account.id, reservationId, cost, call.account.dailyCap, {
      endpoint: endpoint.path,
      requestId: call.requestId,
      holdMs,
    });
    if (!reserved.ok) throw billingRefusal(reserved.reason, cost, reserved.balance, call.account.dailyCap, now);
  }
  const release = () => (charged ? ledger.release(call.account.id, reservationId) : Promise.resolve());

  let result: SharedResult;
  try {
    result = await fetchOnce({ deps, endpoint, request, call, upstream, key });
  } catch (error) {
    await release();
    throw error;
  }
  const facts = { endpoint, fetchedAt: result.fetchedAt, cached: false, ageSeconds: null, empty: result.empty, warnings: result.warnings };
  const raw = request.includeRaw ? { text: result.raw } : null;
  if (result.empty) {
    await release();
    return makeOutcome(
      { ...facts, creditsCharged: 0, emptyReason: result.emptyReason ?? DEFAULT_EMPTY_REASON },
      { text: result.payload },
      raw,
    );
  }
  const outcome = makeOutcome({ ...facts, creditsCharged: cost, emptyReason: null }, { text: result.payload }, raw);
  await call.beforeCommit?.(outcome);
  if (charged) {
    await ledger.commit(call.account.id, reservationId).catch((error: unknown) => {
      throw withChargeLookup(error, call.requestId);
    });
  }
  return outcome;
}

/** A call that missed the cache, with what its fetch needs; `key` is null for an endpoint that is not cacheable. */
interface CacheMiss {
  deps: PipelineDeps;
  endpoint: EndpointDefinition;
  request: ValidatedRequest;
  call: CallContext;
  upstream: Upstream;
  key: string | null;
}

/**
 * The fetch of a call that missed the cache. A cacheable call shares it with every identical
 * call in flight (the state's flights: this process, or every process on a shared store), so
 * one upstream fetch answers them all, a failure or an empty result included; each caller
 * still settles its own credits. A call without a cache key fetches for itself.
 */
async function fetchOnce(miss: CacheMiss): Promise<SharedResult> {
  const { deps, endpoint, call, key } = miss;
  if (key === null) return fetchResult(miss, call.signal);
  const fetchShared = async (signal: AbortSignal): Promise<string> => {
    try {
      return encodeAnswer({ ok: await fetchResult(miss, signal) });
    } catch (error) {
      // Every caller left: nothing to share, and whoever asks next fetches afresh.
      if (signal.aborted) throw error;
      return encodeAnswer({ error: failureOf(error as GatewayError) });
    }
  };
  const onWait = () => deps.onFlightWait?.(endpoint);
  let shared: FlightAnswer;
  try {
    shared = await deps.state.flights.share(key, fetchShared, { signal: call.signal, onWait });
  } catch (error) {
    throw error instanceof FlightLeftError ? callerLeft(error) : error;
  }
  deps.onFlight?.(endpoint, shared.role);
  const answer = decodeAnswer(shared.answer);
  if ('error' in answer) throw asError(answer.error);
  return answer.ok;
}

/** One fetch and normalisation: the result's facts and texts, stored in the cache when whole; failures are GatewayErrors. */
async function fetchResult(miss: CacheMiss, signal: AbortSignal | undefined): Promise<SharedResult> {
  const { deps, endpoint, request, call, upstream, key } = miss;
  let result: EndpointResult<unknown>;
  const fetchedAt = (deps.now?.() ?? new Date()).toISOString();
  const clock = () => deps.now?.().getTime() ?? Date.now();
  const reading: UpstreamReading = { answers: 0 };
  try {
    result = await endpoint.fetch(request.params as never, {
      upstream: forCall(reusingAnswers(upstream, deps.state.cache, clock), { ...call, signal }, reading),
      fetchedAt,
      signal,
    });
    checkShape(deps.catalogue, endpoint, result);
  } catch (error) {
    throw asGatewayError(error, endpoint, deps, call.requestId, reading);
  }
  const empty = 'items' in result ? result.items.length === 0 : result.data === null;
  const payload = JSON.stringify(
    'items' in result ? { data: { items: result.items }, pagination: result.pagination } : { data: result.data },
  );
  const raw = JSON.stringify(result.raw ?? null);
  const partial = (result.warnings ?? []).length > 0;
  const warnings = [...(result.warnings ?? []), ...(result.notices ?? [])];
  // A partial result is served, never kept: the next caller deserves another try at the whole.
  if (key !== null && !empty && !partial) await deps.state.cache.set(key, { body: payload, raw, fetchedAt });
  return { fetchedAt, empty, emptyReason: empty ? (result.emptyReason ?? DEFAULT_EMPTY_REASON) : null, warnings, payload, raw };
}

/** What a caller that went away before its answer sees: the same failure the client gives for a dropped request. */
function callerLeft(error: FlightLeftError): GatewayError {
  return new GatewayError('upstream_blocked', 'The request was cancelled before the platform answered.', {
    details: { host: null },
    cause: error.cause,
  });
}

/**
 * The cache step of runEndpoint alone: the cached result when the caller's cache_max_age allows
 * one, null when the call has to be fetched. No credit is reserved and nothing is charged.
 */
export async function cachedOutcome(
  deps: Pick<PipelineDeps, 'state' | 'now'>,
  endpoint: EndpointDefinition,
  request: ValidatedRequest,
): Promise<EndpointOutcome | null> {
  if (!mayServeFromCache(endpoint, request)) return null;
  const now = deps.now?.().getTime() ?? Date.now();
  const maxAgeMs = request.cacheMaxAgeSeconds * 1000;
  const hit = await deps.state.cache.get(cacheKey(endpoint.path, request.params), { minFetchedAt: now - maxAgeMs });
  if (!hit) return null;
  const ageMs = Math.max(0, now - fetchedAtMs(hit));
  return ageMs <= maxAgeMs ? fromCache(endpoint, hit, Math.floor(ageMs / 1000), request.includeRaw) : null;
}

/** Whether a call may be answered from the cache: the endpoint is cacheable and the caller gave cache_max_age. */
export function mayServeFromCache(
  endpoint: EndpointDefinition,
  request: ValidatedRequest,
): request is ValidatedRequest & { cacheMaxAgeSeconds: number } {
  return endpoint.flags.cacheable && request.cacheMaxAgeSeconds !== null;
}

/** What a call's fetch learned from its upstream: how failures inside the family's fetch are told apart. */
interface UpstreamReading {
  /** Upstream answers handed to the family's code so far. */
  answers: number;
}

/** An error that is not a GatewayError, thrown by the upstream call itself: the gateway's own code failed. */
class UpstreamCallFault extends Error {
  constructor(cause: unknown) {
    super('The upstream call failed in the gateway', { cause });
  }
}

/**
 * The family's upstream bound to this call: its abort signal, its per-request memo of GETs, and
 * the count of answers it handed over (an unexpected error before any answer cannot be the
 * platform's doing).
 */
function forCall(upstream: Upstream, call: CallContext, reading: UpstreamReading): Upstream {
  const { signal, upstreamMemo: memo, upstreamTimeoutMs: timeoutMs } = call;
  const send = async (upstreamRequest: UpstreamRequest) => {
    try {
      return await upstream.fetch(signal || timeoutMs ? { ...upstreamRequest, signal, timeoutMs } : upstreamRequest);
    } catch (error) {
      throw isGatewayError(error) ? error : new UpstreamCallFault(error);
    }
  };
  const handedOver = (response: UpstreamResponse) => {
    reading.answers += 1;
    return response;
  };
  if (!memo) return { fetch: (upstreamRequest) => send(upstreamRequest).then(handedOver) };
  return {
    fetch(upstreamRequest) {
      if ((upstreamRequest.method ?? 'GET') !== 'GET') return send(upstreamRequest).then(handedOver);
      // A body read differently (a feed read for its channel, or for a page of items) is another answer.
      const key = `${upstreamRequest.url} ${(upstreamRequest.passStatuses ?? []).join(',')} ${JSON.stringify(upstreamRequest.headers ?? {})} ${upstreamRequest.bodyReader?.id ?? ''}`;
      let pending = memo.get(key);
      if (!pending) {
        pending = send(upstreamRequest);
        memo.set(key, pending);
      }
      return pending.then(handedOver);
    },
  };
}

/** fetchedAt of entries the caches hold frozen (the same object for every hit on them), parsed once each. */
const parsedFetchedAt = new WeakMap<CacheEntry, number>();

function fetchedAtMs(entry: CacheEntry): number {
  let ms = parsedFetchedAt.get(entry);
  if (ms === undefined) {
    ms = Date.parse(entry.fetchedAt);
    // A mutable entry could change after it was parsed: only frozen ones are remembered.
    if (Object.isFrozen(entry)) parsedFetchedAt.set(entry, ms);
  }
  return ms;
}

function fromCache(endpoint: EndpointDefinition, hit: CacheEntry, ageSeconds: number, includeRaw: boolean): EndpointOutcome {
  const facts = {
    endpoint,
    fetchedAt: hit.fetchedAt,
    cached: true,
    ageSeconds,
    creditsCharged: 0,
    empty: false,
    emptyReason: null,
    warnings: [],
  };
  return makeOutcome(facts, { text: hit.body }, includeRaw ? { text: hit.raw } : null, hit);
}

function billingRefusal(
  reason: 'insufficient_credits' | 'daily_cap_exceeded',
  cost: number,
  balance: number,
  dailyCap: number | null,
  now: Date,
): GatewayError {
  if (reason === 'daily_cap_exceeded') {
    return new GatewayError('daily_cap_exceeded', `The daily cap of ${dailyCap} credits is reached; it resets at 00:00 UTC.`, {
      details: { dailyCap },
      retryAfter: secondsToNextUtcDay(now),
    });
  }
  return new GatewayError('insufficient_credits', `This call costs ${cost} credit(s) and the balance is ${balance}.`, {
    details: { cost, balance },
  });
}

/** A normaliser that produced something outside the published schema means the platform changed. */
function checkShape(catalogue: Catalogue, endpoint: EndpointDefinition, result: EndpointResult<unknown>): void {
  const schema = catalogue.resource(endpoint.returns.type);
  const resources = 'items' in result ? result.items : result.data === null ? [] : [result.data];
  for (const resource of resources) {
    const parsed = schema.safeParse(resource);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new GatewayError('upstream_schema_drift', `The platform's answer could not be read as a ${endpoint.returns.type}.`, {
        details: { field: issue.path.join('.'), problem: issue.message },
      });
    }
  }
}

/**
 * A family's fetch failed without a GatewayError. Thrown while reading an upstream answer (a
 * normaliser meeting a body it did not expect), it means the platform drifted. Thrown by the
 * upstream call itself, or before any answer was read, it is the gateway's own fault: a 500,
 * never blamed on the platform. Both are logged with their stack.
 */
function asGatewayError(
  error: unknown,
  endpoint: EndpointDefinition,
  deps: PipelineDeps,
  requestId: string,
  reading: UpstreamReading,
): GatewayError {
  if (isGatewayError(error)) return error;
  const ours = error instanceof UpstreamCallFault || reading.answers === 0;
  const cause = error instanceof UpstreamCallFault ? error.cause : error;
  deps.logError(ours ? 'fetch failed in the gateway' : 'fetch could not read an upstream answer', {
    reqId: requestId,
    endpoint: endpoint.path,
    error: String(cause),
    stack: cause instanceof Error ? cause.stack : undefined,
  });
  if (ours) return new GatewayError('internal_error', 'The gateway failed while fetching this resource; nothing was charged.', { cause });
  return new GatewayError('upstream_schema_drift', "The platform's answer could not be read as expected.", { cause });
}
