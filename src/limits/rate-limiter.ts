import type { StateAdapters, WindowCount } from '../state/ports.js';
import { isRedisState } from '../state/redis/index.js';
import { RedisRateWindows } from '../state/redis/rate-windows.js';

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
  /** Requests a key may make in a window. */
  readonly quota: number;
  /** Counts one request of the account; throws the store's 503 when Redis cannot answer. */
  take(accountId: string): Promise<RateDecision>;
}

/** A request's decision from its place in its window: refused past the quota (and still counted, so a key that keeps calling stays refused). */
export function windowDecision(quota: number, window: WindowCount): RateDecision {
  return {
    allowed: window.count <= quota,
    quota,
    remaining: Math.max(0, quota - window.count),
    resetSeconds: Math.max(1, Math.ceil(window.leftMs / 1000)),
  };
}

/**
 * A fixed one-minute window per account, opened by its first request, in Redis when the state
 * is (one budget shared by every gateway process, counted atomically by one Lua script per
 * request) and in memory otherwise. Keyed by the account id, never by the key itself. Null when
 * the limit is 0 (off).
 */
export function createRateLimiter(perMinute: number, state: StateAdapters): RequestRateLimiter | null {
  if (perMinute <= 0) return null;
  if (!isRedisState(state)) return new MemoryWindows(perMinute);
  return new RedisWindows(new RedisRateWindows(state.store, RATE_WINDOW_SECONDS * 1000), perMinute);
}

/**
 * The shared limiter: each request counts in its account's window on Redis, through the store's
 * deadline (a Redis that is away or hung is a 503 within a second, as everywhere else). Past the
 * quota a request is refused and still counted, so a key that keeps calling stays refused until
 * its window ends.
 */
class RedisWindows implements RequestRateLimiter {
  readonly #windows: RedisRateWindows;
  readonly quota: number;

  constructor(windows: RedisRateWindows, quota: number) {
    this.#windows = windows;
    this.quota = quota;
  }

  async take(accountId: string): Promise<RateDecision> {
    return windowDecision(this.quota, await this.#windows.take(accountId));
  }
}

/**
 * The in-memory limiter: rate-limiter-flexible's RateLimiterMemory window (it opens at a key's
 * first request and lasts RATE_WINDOW_SECONDS; past its end the next request opens a new one),
 * counted synchronously. The library's memory limiter answers each count through a promise and
 * result objects of its own, on every request of every door. Windows that have ended are dropped
 * once a window length, so a process seeing many keys does not keep them.
 */
class MemoryWindows implements RequestRateLimiter {
  readonly quota: number;
  readonly #windows = new Map<string, { used: number; endsAt: number }>();
  #nextSweep = 0;

  constructor(quota: number) {
    this.quota = quota;
  }

  take(accountId: string): Promise<RateDecision> {
    const now = Date.now();
    if (now >= this.#nextSweep) this.#sweep(now);
    let window = this.#windows.get(accountId);
    if (window === undefined || window.endsAt <= now) {
      window = { used: 0, endsAt: now + RATE_WINDOW_SECONDS * 1000 };
      this.#windows.set(accountId, window);
    }
    window.used += 1;
    return Promise.resolve(windowDecision(this.quota, { count: window.used, leftMs: window.endsAt - now }));
  }

  #sweep(now: number): void {
    for (const [accountId, window] of this.#windows) if (window.endsAt <= now) this.#windows.delete(accountId);
    this.#nextSweep = now + RATE_WINDOW_SECONDS * 1000;
  }
}
