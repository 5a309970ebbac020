import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { GatewayError, isGatewayError } from '../errors.js';
import { withBurstPolicy } from '../limits/rate-limit-headers.js';
import { RATE_WINDOW_SECONDS, windowDecision, type RateDecision, type RequestRateLimiter } from '../limits/rate-limiter.js';
import { accountIdFromHash, hashKey } from '../state/key-hash.js';
import type { AccountUsage, AdmissionReads, ApiKeyRecord, StateAdapters } from '../state/ports.js';
import { activeAccount, checkedKey, presentedApiKey } from './authenticate.js';
import type { Caller } from './caller.js';
import type { OverloadGuard } from './overload.js';

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
}

/** What admission reads of a request: the framework's request or the server's raw one. */
export interface AdmittedRequest {
  method?: string;
  headers: IncomingHttpHeaders;
}

/** A request's admission: the caller when the key is valid, and the refusal when it may not call. */
export type Admitted = { caller: Caller; refusal: null } | { caller: Caller | null; refusal: GatewayError };

/** Keys remembered as seen valid, per process (account ids, never keys). */
const RECENTLY_VALID_MAX = 10_000;

/**
 * Authenticates a key, counts it against its per-minute budget and, when asked, reads its
 * balance: the one admission step every door takes before reading a body or touching an
 * upstream. On a store that makes the three reads in one step (Redis: one script on the
 * account's slot) they are made so, and only an active key is counted. Otherwise a key seen
 * valid lately is counted, and its balance read, while it is looked up; a key never seen valid
 * is looked up first, so random keys create no counters. While the process is saturated (its
 * overload guard is shedding) a request is refused before any of that. One per process, shared
 * by every door.
 */
export class Admission {
  readonly #state: Pick<StateAdapters, 'keys' | 'ledger' | 'admissionReads'>;
  readonly #limiter: RequestRateLimiter | null;
  readonly #overload: OverloadGuard | null;
  readonly #recentlyValid = new LRUCache<string, true>({ max: RECENTLY_VALID_MAX });

  constructor(
    state: Pick<StateAdapters, 'keys' | 'ledger' | 'admissionReads'>,
    limiter: RequestRateLimiter | null,
    overload: OverloadGuard | null = null,
  ) {
    this.#state = state;
    this.#limiter = limiter;
    this.#overload = overload;
  }

  async admit(presented: string | undefined, readsBalance: boolean): Promise<Admitted> {
    // Before the key is looked up: a shed request costs no state call, credit or rate-limit token.
    if (this.#overload?.shedding) return { caller: null, refusal: this.#overload.shed() };
    const together = this.#state.admissionReads;
    if (together) return this.#admitInOneRead(together, presented, readsBalance);
    let account: ApiKeyRecord | null = null;
    try {
      const keyHash = hashKey(checkedKey(presented));
      const expectedId = accountIdFromHash(keyHash);
      // get, not has: it also marks the key recently used, so a key seen valid is not written again below.
      const seenValid = this.#recentlyValid.get(expectedId) === true;
      const earlyCount = seenValid ? this.#count(expectedId) : null;
      // Awaited only once the key proved valid; a rejection nobody awaits must not crash the process.
      earlyCount?.catch(() => {});
      const earlyBalance = seenValid && readsBalance ? this.#balance(expectedId) : null;
      account = activeAccount(await this.#state.keys.lookupHash(keyHash));
      const known = account.id === expectedId;
      if (!seenValid || !known) this.#recentlyValid.set(account.id, true);
      const balance = readsBalance ? withCap((known ? earlyBalance : null) ?? this.#balance(account.id), account) : null;
      const rate = await ((known ? earlyCount : null) ?? this.#count(account.id));
      const caller: Caller = { account, rate, earlyBalance: balance };
      return rate?.allowed === false ? { caller, refusal: rateLimited(rate) } : { caller, refusal: null };
    } catch (error) {
      // The state store is away (503) or the key refused (401): the door renders it.
      if (!isGatewayError(error)) throw error;
      return { caller: account && { account, rate: null, earlyBalance: null }, refusal: error };
    }
  }

  /** The same admission where the store reads the key, counts the request and reads the balance in one step. */
  async #admitInOneRead(reads: AdmissionReads, presented: string | undefined, readsBalance: boolean): Promise<Admitted> {
    let account: ApiKeyRecord | null = null;
    try {
      const windowMs = this.#limiter ? RATE_WINDOW_SECONDS * 1000 : null;
      const reading = await reads.read(hashKey(checkedKey(presented)), { windowMs, balance: readsBalance });
      account = activeAccount(reading.account);
      const rate = this.#limiter && reading.window ? windowDecision(this.#limiter.quota, reading.window) : null;
      const caller: Caller = { account, rate, earlyBalance: readsBalance ? Promise.resolve(reading.usage) : null };
      return rate?.allowed === false ? { caller, refusal: rateLimited(rate) } : { caller, refusal: null };
    } catch (error) {
      if (!isGatewayError(error)) throw error;
      return { caller: account && { account, rate: null, earlyBalance: null }, refusal: error };
    }
  }

  #count(accountId: string): Promise<RateDecision | null> {
    return this.#limiter ? this.#limiter.take(accountId) : Promise.resolve(null);
  }

  #balance(accountId: string): Promise<AccountUsage | null> {
    return this.#state.ledger.usage(accountId, null).catch(() => null);
  }
}

/** The balance as the account's own: a read keyed by the id alone does not know the daily cap. */
function withCap(balance: Promise<AccountUsage | null>, account: ApiKeyRecord): Promise<AccountUsage | null> {
  return balance.then((usage) => usage && { ...usage, dailyCap: account.dailyCap });
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

/** A door's admission step for one request. */
export function admitRequest(admission: Admission, options: AdmissionOptions, request: AdmittedRequest): Promise<Admitted> {
  return admission.admit(presentedApiKey(request.headers, options.acceptBearer), options.readsBalance?.(request) ?? false);
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
