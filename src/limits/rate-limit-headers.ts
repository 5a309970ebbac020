import type { RateDecision } from './rate-limiter.js';
import { RATE_WINDOW_SECONDS } from './rate-limiter.js';

/** `"name";r=N;t=S`: one item of the RateLimit field. */
const LIMIT_ITEM = /^"[^"]+";r=(\d+);t=(\d+)$/;

/**
 * IETF RateLimit / RateLimit-Policy fields (draft-ietf-httpapi-ratelimit-headers, structured
 * field lists of named policies). The policies list both quotas, the daily cap (written by the
 * doors) first and unchanged: `RateLimit-Policy: "daily";q=1000;w=86400, "burst";q=600;w=60`.
 * RateLimit names the one that binds first: the fewer requests remaining (on a tie, the
 * longer wait), e.g. `RateLimit: "burst";r=0;t=42`, or `"daily";r=1;t=3600` for a key near
 * its cap, which is what a reader of the daily-cap headers finds as before.
 */
export function withBurstPolicy(existing: { policy?: string; limit?: string }, decision: RateDecision): { policy: string; limit: string } {
  const policy = `"burst";q=${decision.quota};w=${RATE_WINDOW_SECONDS}`;
  const burst = `"burst";r=${decision.remaining};t=${decision.resetSeconds}`;
  const daily = existing.limit ? LIMIT_ITEM.exec(existing.limit) : null;
  const dailyBinds =
    daily !== null &&
    (Number(daily[1]) < decision.remaining || (Number(daily[1]) === decision.remaining && Number(daily[2]) >= decision.resetSeconds));
  return {
    policy: existing.policy ? `${existing.policy}, ${policy}` : policy,
    limit: dailyBinds ? existing.limit! : burst,
  };
}
