import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { GatewayError, isGatewayError } from '../errors.js';
import { presentedApiKey } from '../pipeline/auth.js';
import { accountIdFromHash, hashKey } from '../state/key-hash.js';
import { sendRestError } from '../rest/errors.js';
import { toGraphQLError } from '../schema/errors.js';
import type { AccountUsage, ApiKeyRecord, StateAdapters } from '../state/ports.js';
import { withBurstPolicy } from './rate-limit-headers.js';
import { RATE_WINDOW_SECONDS, type RateDecision, type RequestRateLimiter } from './rate-limiter.js';

// Absent (undefined) when the rate limit is off and this hook is not registered.
declare module 'fastify' {
  interface FastifyRequest {
    /** The active account the key belongs to, once this hook looked it up (doors reuse it). */
    admittedAccount?: ApiKeyRecord | null;
    /** This request's place in its key's window, for the RateLimit headers. */
    rateDecision?: RateDecision | null;
    /**
     * The balance of the account the key's hash names, read beside the key lookup (GET /v1 only,
     * keys seen valid lately); null when it was not read or the read failed. A door uses it only
     * for the account the lookup returned, and only where nothing was charged since.
     */
    earlyUsage?: Promise<{ accountId: string; usage: AccountUsage } | null> | null;
  }
}

/** The doors the rate limit guards: every /v1 route, GraphQL (its streams included) and MCP. */
const LIMITED_PATH = /^\/(v1\/|graphql(\/|\?|$)|mcp(\/|\?|$))/;
/** MCP takes its key as a bearer token too, and answers a refusal with the REST error envelope. */
const MCP_PATH = /^\/mcp(\/|\?|$)/;

/**
 * Counts each authenticated request against its key's per-minute budget before any body is
 * read or upstream touched; over it, 429 `rate_limited` with Retry-After. A missing, unknown
 * or revoked key is left to the door (401 stays 401 and costs no budget). Every limited
 * response lists the "burst" policy beside the daily cap (rate-limit-headers.ts).
 */
export function registerRateLimit(
  server: FastifyInstance,
  limiter: RequestRateLimiter,
  state: Pick<StateAdapters, 'keys' | 'ledger'>,
): void {
  // Declared up front so every request object has the same shape (src/pipeline/auth.ts reads the account).
  server.decorateRequest('admittedAccount', null);
  server.decorateRequest('rateDecision', null);
  server.decorateRequest('earlyUsage', null);
  const recentlyValid = new LRUCache<string, true>({ max: 10_000 });

  server.addHook('onRequest', async (request, reply) => {
    if (request.method === 'OPTIONS' || !LIMITED_PATH.test(request.url)) return;
    const header = presentedApiKey(request.headers, MCP_PATH.test(request.url));
    const key = (Array.isArray(header) ? header[0] : header)?.trim();
    if (!key || key.length > 256) return;
    let account: ApiKeyRecord | null = null;
    try {
      // A key seen valid lately is counted while it is looked up (one store round trip on Redis,
      // not two); a key never seen valid is looked up first, so random keys create no counters.
      const keyHash = hashKey(key);
      const expectedId = accountIdFromHash(keyHash);
      const seenValid = recentlyValid.has(expectedId);
      const early = seenValid ? limiter.take(expectedId) : null;
      early?.catch(() => {});
      // Every REST answer states the balance: read in the same round trip as the lookup, a cache
      // hit (which charges nothing) needs no second one.
      if (seenValid && request.method === 'GET' && request.url.startsWith('/v1/'))
        request.earlyUsage = state.ledger.usage(expectedId, null).then(
          (usage) => ({ accountId: expectedId, usage }),
          () => null,
        );
      account = await state.keys.lookupHash(keyHash);
      if (!account || account.status !== 'active') return;
      recentlyValid.set(account.id, true);
      request.admittedAccount = account;
      const decision = await (early && account.id === expectedId ? early : limiter.take(account.id));
      request.rateDecision = decision;
      if (decision.allowed) return;
      const refusal = new GatewayError(
        'rate_limited',
        `More than ${decision.quota} requests in ${RATE_WINDOW_SECONDS} seconds for this key; retry after ${decision.resetSeconds} s.`,
        {
          retryAfter: decision.resetSeconds,
          details: { quota: decision.quota, windowSeconds: RATE_WINDOW_SECONDS },
        },
      );
      return await refuse(request, reply, refusal, account, state);
    } catch (error) {
      // The state store is away: the same 503 the door would give, without waiting on it twice.
      if (!isGatewayError(error)) throw error;
      return await refuse(request, reply, error, account, state);
    }
  });

  server.addHook('onSend', (request, reply, payload, done) => {
    setRateLimitHeaders(request, reply);
    done(null, payload);
  });
}

/**
 * The burst policy's RateLimit headers of an admitted request, merged with any the door set.
 * Run on every send; a door that writes its response itself (a hijacked stream) calls it first.
 */
export function setRateLimitHeaders(request: FastifyRequest, reply: FastifyReply): void {
  const decision = request.rateDecision;
  if (!decision) return;
  const merged = withBurstPolicy(
    { policy: headerText(reply.getHeader('ratelimit-policy')), limit: headerText(reply.getHeader('ratelimit')) },
    decision,
  );
  reply.header('ratelimit-policy', merged.policy);
  reply.header('ratelimit', merged.limit);
}

function headerText(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** REST and MCP get the error envelope; GraphQL a GraphQL response with the same code and zero billing. */
async function refuse(
  request: FastifyRequest,
  reply: FastifyReply,
  error: GatewayError,
  account: ApiKeyRecord | null,
  state: Pick<StateAdapters, 'keys' | 'ledger'>,
): Promise<FastifyReply> {
  if (request.url.startsWith('/v1/') || MCP_PATH.test(request.url)) return sendRestError(reply, request, error, state.ledger, account);
  if (error.retryAfter !== undefined) reply.header('retry-after', String(error.retryAfter));
  const { message, extensions } = toGraphQLError(error).toJSON();
  // The same error GraphQL would give inside a response, without the per-response Retry-After header detail.
  const { http, ...rest } = extensions as { http: { status: number } } & Record<string, unknown>;
  const body = {
    errors: [{ message, extensions: { ...rest, http: { status: http.status } } }],
    extensions: { billing: { creditsCharged: 0, liveFetches: 0, cacheHits: 0 } },
  };
  return reply.code(error.status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}
