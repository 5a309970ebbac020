import type { Ledger, StateAdapters } from './ports.js';

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

/**
 * The same state with a ledger whose holds last `holdMs` unless a reserve call names its own
 * period: for work whose deadline is not the HTTP doors' (job targets, with their own
 * upstream time-out). Everything else is the state itself.
 */
export function withHoldPeriod<State extends StateAdapters>(state: State, holdMs: number): State {
  const real = state.ledger;
  const ledger: Ledger = {
    reserve: (accountId, reservationId, credits, dailyCap, meta) => real.reserve(accountId, reservationId, credits, dailyCap, { ...meta, holdMs: meta.holdMs ?? holdMs }),
    commit: (reservationId) => real.commit(reservationId),
    release: (reservationId) => real.release(reservationId),
    credit: (accountId, credits) => real.credit(accountId, credits),
    usage: (accountId, dailyCap) => real.usage(accountId, dailyCap),
    history: (accountId, limit) => real.history(accountId, limit),
  };
  return { ...state, ledger };
}
