/**
 * How long a reservation's credits may stay held before they return to the balance by
 * themselves. A hold is settled when its request ends; one left unsettled means its holder died
 * or lost the store, so the hold lapses soon after the request's own deadline would have ended
 * it: two upstream time-outs (an endpoint may make two upstream requests in a row) plus a
 * margin. 45 s at the default 15 s time-out.
 */
export function reservationHoldMs(upstreamTimeoutMs: number): number {
  return 2 * upstreamTimeoutMs + HOLD_MARGIN_MS;
}

/** Room after the deadline for the settlement itself (a slow store, a long GC pause). */
export const HOLD_MARGIN_MS = 15_000;

/** The hold period when none is configured: that of the default 15 s upstream time-out. */
export const DEFAULT_HOLD_MS = reservationHoldMs(15_000);

/** The largest hold a caller may ask for (a job's own time-out may be long); longer ones are cut to it. */
export const MAX_HOLD_MS = 24 * 3600 * 1000;

/** The hold a reserve call asked for, bounded; the ledger's default when none. */
export function holdFor(requested: number | undefined, fallback: number): number {
  if (requested === undefined || !Number.isFinite(requested) || requested <= 0) return fallback;
  return Math.min(Math.ceil(requested), MAX_HOLD_MS);
}
