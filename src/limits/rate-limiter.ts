import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { StateAdapters } from '../state/ports.js';
import { isRedisState } from '../state/redis/index.js';

/** Requests per key per minute (RATE_LIMIT_PER_MINUTE); the policy is named "burst" in the RateLimit headers. */
export const RATE_WINDOW_SECONDS = 60;

/** One request's place in its key's window. */
export interface RateDecision {
  allowed: boolean;
  quota: number;
  remaining: number;
  /** Seconds until the window resets (at least 1). */
  resetSeconds: number;
}

export interface RequestRateLimiter {
  /** Counts one request of the account; throws the store's 503 when Redis cannot answer. */
  take(accountId: string): Promise<RateDecision>;
}

/**
 * A fixed one-minute window per account, in Redis when the state is (one budget shared by every
 * gateway process, counted atomically by a Lua script) and in memory otherwise. Keyed by the
 * account id, never by the key itself. Null when the limit is 0 (off).
 */
export function createRateLimiter(perMinute: number, state: StateAdapters): RequestRateLimiter | null {
  if (perMinute <= 0) return null;
  const options = { points: perMinute, duration: RATE_WINDOW_SECONDS };
  if (!isRedisState(state)) return fromLimiter(new RateLimiterMemory(options), perMinute, (work) => work());
  const limiter = new RateLimiterRedis({
    ...options,
    storeClient: state.store.client,
    useRedisPackage: true,
    keyPrefix: `${state.prefix}ratelimit`,
  });
  // Through the store's deadline: a Redis that is away or hung is a 503 within a second, as everywhere else.
  return fromLimiter(limiter, perMinute, (work) => state.store.call(work));
}

function fromLimiter(limiter: RateLimiterAbstract, quota: number, run: <T>(work: () => Promise<T>) => Promise<T>): RequestRateLimiter {
  const decision = (result: RateLimiterRes, allowed: boolean): RateDecision => ({
    allowed,
    quota,
    remaining: Math.max(0, result.remainingPoints),
    resetSeconds: Math.max(1, Math.ceil(result.msBeforeNext / 1000)),
  });
  return {
    take: (accountId) =>
      run(async () => {
        try {
          return decision(await limiter.consume(accountId), true);
        } catch (refusal) {
          // Over the limit the library rejects with the window's state; anything else is a store failure.
          if (refusal instanceof RateLimiterRes) return decision(refusal, false);
          throw refusal;
        }
      }),
  };
}
