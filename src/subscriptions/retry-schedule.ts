/**
 * When a failed webhook delivery is tried again. Steps double from the base (WEBHOOK_RETRY_BASE_MS,
 * 30 s by default) up to a ceiling of 480 bases (4 h), with ±20 % jitter so the retries of many
 * subscriptions do not arrive together. The step count is chosen so that even with the largest
 * negative jitter every schedule spans at least 2 880 bases: 24 h at the default base.
 *
 * Default schedule (before jitter): 30 s, 1 m, 2 m, 4 m, 8 m, 16 m, 32 m, 64 m, 128 m, then 4 h
 * seven times: 17 attempts over about 32 h.
 */

const CEILING_STEPS = 480;
/** The retry window in bases: 24 h at 30 s. */
export const RETRY_WINDOW_BASES = 2880;
const JITTER = 0.2;

/** Delays before each retry, in bases, without jitter. */
export const RETRY_STEPS: readonly number[] = (() => {
  const steps: number[] = [];
  let total = 0;
  for (let step = 1; total * (1 - JITTER) < RETRY_WINDOW_BASES; step = Math.min(step * 2, CEILING_STEPS)) {
    steps.push(step);
    total += step;
  }
  return steps;
})();

/** Attempts in all: the first one and one per retry step. */
export const MAX_DELIVERY_ATTEMPTS = RETRY_STEPS.length + 1;

/** Milliseconds before retry number `retry` (1 for the first retry), with jitter from `random` (0..1). */
export function retryDelayMs(retry: number, baseMs: number, random: () => number = Math.random): number {
  const step = RETRY_STEPS[Math.min(Math.max(retry, 1), RETRY_STEPS.length) - 1]!;
  const jitter = 1 - JITTER + 2 * JITTER * random();
  return Math.round(step * baseMs * jitter);
}
