import type { WindowCount } from '../state/ports.js';

/**
 * The length of a key's request window: RATE_LIMIT_PER_MINUTE requests in a fixed window per
 * account, opened by its first request and counted by the state's admission reads (on Redis one
 * counter shared by every gateway process). The policy is named "burst" in the RateLimit headers.
 */
export const RATE_WINDOW_SECONDS = 60;

/** One request's place in its key's window. */
export interface RateDecision {
  allowed: boolean;
  quota: number;
  remaining: number;
  /** Seconds until the window resets (at least 1). */
  resetSeconds: number;
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
