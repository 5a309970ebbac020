import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GatewayError, isGatewayError } from '../errors.js';
import { withBurstPolicy } from '../limits/rate-limit-headers.js';
import { RATE_WINDOW_SECONDS, windowDecision, type RateDecision } from '../limits/rate-limiter.js';
import { CACHE_CONTROL_HEADER, cacheMaxAgeFromHeader } from '../pipeline/cache-control.js';
import { hashKey } from '../state/key-hash.js';
import type { AdmissionReads, ApiKeyRecord, StateAdapters } from '../state/ports.js';
import { activeAccount, checkedKey, presentedApiKey } from './authenticate.js';
import type { Caller } from './caller.js';
import type { OverloadGuard } from './overload.js';
import { isPublishableKey, notServedHere, type PublishableAdmission } from '../frontends/publishable-admission.js';

/** What one door asks of the admission step. */
export interface AdmissionOptions {
  /** Whether `Authorization: Bearer <key>` is accepted beside x-api-key. */
  acceptBearer: boolean;
  /** Whether the caller's balance is read beside the key lookup (for answers that state it even when nothing was charged). */
  readsBalance?: (request: AdmittedRequest) => boolean;
  /**
   * Who renders a refusal. `error-handler`: it is thrown to the scope's error handler before
   * the body is read. `route`: the request reaches its route with `request.refusal` set, for a
   * server that renders refusals in its own protocol (a GraphQL server: a GraphQLError whose
   * `extensions.http` carries the status) and answers what needs no key (GraphiQL, CORS preflights).
   */
  refusals: 'error-handler' | 'route';
  /** Where publishable keys (pk_) are admitted; a door without it refuses them with 403 forbidden. */
  publishable?: PublishableAdmission;
}

/** What admission reads of a request: the framework's request or the server's raw one. */
export interface AdmittedRequest {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
  /** The peer, for a publishable key's per-client-IP limit. */
  socket?: { remoteAddress?: string };
}

/** A request's admission: the caller when the key is valid, and the refusal when it may not call. */
export type Admitted = { caller: Caller; refusal: null } | { caller: Caller | null; refusal: GatewayError };

/**
 * Authenticates a key, counts it against its per-minute budget and, when asked, reads its
 * balance: the one admission step every door takes before reading a body or touching an
 * upstream. The three reads are one step of the state (on Redis one script on the account's
 * slot), and only an active key is counted, so random keys create no counters. While the
 * process is saturated (its overload guard is shedding) a request is refused before any of
 * that. One per process, shared by every door.
 */
export class Admission {
  readonly #reads: AdmissionReads;
  /** Requests a key may make per window; null when requests are not counted. */
  readonly #quota: number | null;
  readonly #overload: OverloadGuard | null;

  /** `perMinute`: RATE_LIMIT_PER_MINUTE; 0 counts nothing. */
  constructor(state: Pick<StateAdapters, 'admissionReads'>, perMinute: number, overload: OverloadGuard | null = null) {
    this.#reads = state.admissionReads;
    this.#quota = perMinute > 0 ? perMinute : null;
    this.#overload = overload;
  }

  /** `cacheMaxAgeDefault`: the request's Cache-Control max-age, for its caller (see Caller). */
  async admit(presented: string | undefined, readsBalance: boolean, cacheMaxAgeDefault: number | null = null): Promise<Admitted> {
    // Before the key is looked up: a shed request costs no state call, credit or rate-limit token.
    if (this.#overload?.shedding) return { caller: null, refusal: this.#overload.shed() };
    let account: ApiKeyRecord | null = null;
    try {
      const windowMs = this.#quota === null ? null : RATE_WINDOW_SECONDS * 1000;
      const reading = await this.#reads.read(hashKey(checkedKey(presented)), { windowMs, balance: readsBalance });
      account = activeAccount(reading.account);
      const rate = this.#quota !== null && reading.window ? windowDecision(this.#quota, reading.window) : null;
      const caller: Caller = { account, rate, earlyBalance: readsBalance ? Promise.resolve(reading.usage) : null, cacheMaxAgeDefault };
      return rate?.allowed === false ? { caller, refusal: rateLimited(rate) } : { caller, refusal: null };
    } catch (error) {
      // The state store is away (503) or the key refused (401): the door renders it.
      if (!isGatewayError(error)) throw error;
      return { caller: account && { account, rate: null, earlyBalance: null, cacheMaxAgeDefault }, refusal: error };
    }
  }
}

function rateLimited(decision: RateDecision): GatewayError {
  return new GatewayError(
    'rate_limited',
    `More than ${decision.quota} requests in ${RATE_WINDOW_SECONDS} seconds for this key; retry after ${decision.resetSeconds} s.`,
    { retryAfter: decision.resetSeconds, details: { quota: decision.quota, windowSeconds: RATE_WINDOW_SECONDS } },
  );
}

/**
 * Registers the admission step in a door's scope: every route there gets `request.caller`
 * (or its refusal) before its body is read, and every answer the burst policy's RateLimit
 * headers. A CORS preflight carries no key and is left to the route.
 */
export function registerAdmission(scope: FastifyInstance, admission: Admission, options: AdmissionOptions): void {
  // Declared up front so every request object of the scope has the same shape.
  scope.decorateRequest('caller', null);
  scope.decorateRequest('refusal', null);
  scope.addHook('onRequest', async (request) => {
    if (request.method === 'OPTIONS') return;
    const ahead = admittedAhead.get(request.raw);
    if (ahead) admittedAhead.delete(request.raw);
    const { caller, refusal } = await (ahead ?? admitRequest(admission, options, request));
    request.caller = caller;
    request.refusal = refusal;
    if (refusal && options.refusals === 'error-handler') throw refusal;
  });
  // Callback-style: no I/O, and an async hook costs a promise on every request.
  scope.addHook('onSend', (request, reply, payload, done) => {
    setRateLimitHeaders(request, reply);
    done(null, payload);
  });
}

/**
 * A door's admission step for one request. A malformed Cache-Control is refused first, like a
 * bad parameter: before the key is looked up or counted, so nothing is fetched or charged.
 */
export function admitRequest(admission: Admission, options: AdmissionOptions, request: AdmittedRequest): Promise<Admitted> {
  let cacheMaxAgeDefault: number | null;
  try {
    cacheMaxAgeDefault = cacheMaxAgeFromHeader(request.headers[CACHE_CONTROL_HEADER]);
  } catch (error) {
    if (!isGatewayError(error)) throw error;
    return Promise.resolve({ caller: null, refusal: error });
  }
  const presented = presentedApiKey(request.headers, options.acceptBearer);
  if (isPublishableKey(presented)) return admitPublishable(options.publishable, presented, request, cacheMaxAgeDefault);
  return admission.admit(presented, options.readsBalance?.(request) ?? false, cacheMaxAgeDefault);
}

/** A publishable key's admission on a door that serves them; elsewhere its 403, with nothing looked up. */
async function admitPublishable(
  gate: PublishableAdmission | undefined,
  presented: string,
  request: AdmittedRequest,
  cacheMaxAgeDefault: number | null,
): Promise<Admitted> {
  if (!gate) return { caller: null, refusal: notServedHere() };
  const admitted = await gate.admit(presented, request);
  if (admitted.refusal) return { caller: null, refusal: admitted.refusal };
  const { account, publishable } = admitted;
  return { caller: { account, rate: null, earlyBalance: null, cacheMaxAgeDefault, publishable }, refusal: null };
}

/** Admissions made before the framework saw the request, by the raw request they belong to. */
const admittedAhead = new WeakMap<IncomingMessage, Promise<Admitted>>();

/**
 * Hands a request admitted outside the framework (by a door's lane in front of it) to the
 * door's admission hook, which takes this result instead of admitting (and counting) again.
 */
export function handOverAdmission(request: IncomingMessage, admitted: Promise<Admitted>): void {
  admittedAhead.set(request, admitted);
}

/**
 * The burst policy's RateLimit headers of an admitted request, merged with any the door set.
 * Run on every send; a door that writes its response itself (a hijacked stream) calls it first.
 */
export function setRateLimitHeaders(request: FastifyRequest, reply: FastifyReply): void {
  const decision = request.caller?.rate;
  if (!decision) return;
  const merged = rateLimitHeaderValues(reply.getHeader('ratelimit-policy'), reply.getHeader('ratelimit'), decision);
  reply.header('ratelimit-policy', merged.policy);
  reply.header('ratelimit', merged.limit);
}

/** The RateLimit-Policy and RateLimit values of an answer: the burst policy's merged with the ones it has (a daily cap's). */
export function rateLimitHeaderValues(policy: unknown, limit: unknown, decision: RateDecision): { policy: string; limit: string } {
  return withBurstPolicy({ policy: headerText(policy), limit: headerText(limit) }, decision);
}

function headerText(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
