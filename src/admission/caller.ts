import type { FastifyRequest } from 'fastify';
import type { GatewayError } from '../errors.js';
import type { RateDecision } from '../limits/rate-limiter.js';
import type { AccountUsage, ApiKeyRecord } from '../state/ports.js';
import type { PublishableCaller } from '../frontends/publishable-admission.js';

/** Who a request comes from, as the door's admission step found it. Doors hand `account` to the pipeline. */
export interface Caller {
  account: ApiKeyRecord;
  /** This request's place in its key's window (the RateLimit headers); null when the rate limit is off. */
  rate: RateDecision | null;
  /**
   * The balance read beside the key lookup, on a door that asked for it (REST GETs state it on
   * every answer). True for an answer that charged nothing since (a cache hit); null when not
   * read, and the promise gives null when the read failed.
   */
  earlyBalance: Promise<AccountUsage | null> | null;
  /**
   * The cache_max_age (seconds) of every data call of the request that gives none, from its
   * `Cache-Control: max-age`; null when such calls fetch live. Doors hand it to the pipeline.
   */
  cacheMaxAgeDefault: number | null;
  /** Set when the request presented a publishable key (pk_): it may run trusted documents only. */
  publishable?: PublishableCaller;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller the admission step of this request's door found (also set on a rate-limited refusal). */
    caller?: Caller | null;
    /** Why the admission step refused the request, for a door whose own server renders refusals (GraphQL). */
    refusal?: GatewayError | null;
  }
}

/** The caller of a request its door admitted; null when it was refused (or no admission step ran). */
export function admittedOrNull(request: FastifyRequest): Caller | null {
  return request.refusal ? null : (request.caller ?? null);
}

/** The admitted caller of a request, or its refusal thrown. */
export function admittedCaller(request: FastifyRequest): Caller {
  if (request.refusal) throw request.refusal;
  if (!request.caller) throw new Error(`no admission step ran for ${request.method} ${request.routeOptions.url ?? request.url}`);
  return request.caller;
}
