import { LRUCache } from 'lru-cache';
import type { AccountUsage, Ledger, ReserveMeta, ReserveOutcome, UsageEntry } from '../ports.js';
import { DEFAULT_HOLD_MS, holdFor } from '../hold-period.js';
import { assertCredits } from '../key-hash.js';
import { utcDay } from '../utc-day.js';

interface Reservation {
  accountId: string;
  credits: number;
  day: string;
  endpoint: string;
  requestId: string;
  /** Epoch ms at which the hold lapses and its credits return. */
  expiresAt: number;
}

type Settlement = 'committed' | 'released' | 'expired';

export interface MemoryLedgerOptions {
  /** How long a hold may stay unsettled when the reserve call names no period (default DEFAULT_HOLD_MS). */
  holdMs?: number;
  /** The clock, in epoch ms (tests move it). */
  now?: () => number;
}

const USAGE_LOG_LIMIT = 1000;
/**
 * Settled reservation ids are remembered so a retried reserve, commit or release stays a
 * no-op (a job retry reuses its ids); like the Redis ledger's 7 days, but bounded in count
 * so a long-running process does not grow with every request.
 */
const SETTLED_REMEMBERED = 200_000;
const SETTLED_TTL_MS = 7 * 24 * 3600 * 1000;

/** Reservation ids are scoped by their account, as in the Redis ledger. */
const reservationKey = (accountId: string, reservationId: string): string => `${accountId}\u0000${reservationId}`;

/**
 * In-process ledger. A reservation takes the credits from the balance at once (so two
 * concurrent requests can never both spend the last credit); commit keeps them, release
 * gives them back, and so does the hold's expiry (see Ledger). JavaScript runs each method
 * to its first await atomically, and no method awaits before it has finished changing state.
 * Expired holds are given back at the start of every method, so each one sees them returned.
 */
export class MemoryLedger implements Ledger {
  readonly #balances = new Map<string, number>();
  /** Credits used per account on its current UTC day; an older day resets on next use. */
  readonly #dailyUse = new Map<string, { day: string; used: number }>();
  /** Held reservations by reservationKey. */
  readonly #held = new Map<string, Reservation>();
  /** Credits held per account, for the account view. */
  readonly #heldCredits = new Map<string, number>();
  /** The earliest expiry among held reservations: nothing to look at before it. */
  #nextExpiry = Number.POSITIVE_INFINITY;
  readonly #settled = new LRUCache<string, Settlement>({ max: SETTLED_REMEMBERED, ttl: SETTLED_TTL_MS });
  readonly #usage = new Map<string, UsageEntry[]>();
  readonly #holdMs: number;
  readonly #now: () => number;

  constructor(options: MemoryLedgerOptions = {}) {
    this.#holdMs = options.holdMs ?? DEFAULT_HOLD_MS;
    this.#now = options.now ?? Date.now;
  }

  async reserve(
    accountId: string,
    reservationId: string,
    credits: number,
    dailyCap: number | null,
    meta: ReserveMeta,
  ): Promise<ReserveOutcome> {
    this.#expireDue();
    const day = utcDay(new Date(this.#now()));
    const balance = this.#balances.get(accountId) ?? 0;
    const dailyUsed = this.#usedOn(accountId, day);
    const held = reservationKey(accountId, reservationId);
    const settled = this.#settled.get(held);
    // Held, committed or released: a retry of the same reservation, done already. Expired: held afresh.
    if (this.#held.has(held) || (settled !== undefined && settled !== 'expired')) return { ok: true, balance, dailyUsed };
    if (dailyCap !== null && dailyUsed + credits > dailyCap) return { ok: false, reason: 'daily_cap_exceeded', balance, dailyUsed };
    if (balance < credits) return { ok: false, reason: 'insufficient_credits', balance, dailyUsed };
    this.#settled.delete(held);
    this.#balances.set(accountId, balance - credits);
    this.#dailyUse.set(accountId, { day, used: dailyUsed + credits });
    const expiresAt = this.#now() + holdFor(meta.holdMs, this.#holdMs);
    this.#held.set(held, { accountId, credits, day, endpoint: meta.endpoint, requestId: meta.requestId, expiresAt });
    this.#heldCredits.set(accountId, (this.#heldCredits.get(accountId) ?? 0) + credits);
    this.#nextExpiry = Math.min(this.#nextExpiry, expiresAt);
    return { ok: true, balance: balance - credits, dailyUsed: dailyUsed + credits };
  }

  /** Charges a held reservation; one that expired (its credits returned already) is refused and charges nothing. */
  async commit(accountId: string, reservationId: string): Promise<void> {
    this.#expireDue();
    const reservation = this.#settle(reservationKey(accountId, reservationId), 'committed');
    if (!reservation) return;
    this.#log(reservation.accountId, {
      endpoint: reservation.endpoint,
      credits: reservation.credits,
      at: new Date(this.#now()).toISOString(),
      requestId: reservation.requestId,
      kind: 'charge',
    });
  }

  async release(accountId: string, reservationId: string): Promise<void> {
    this.#expireDue();
    const reservation = this.#settle(reservationKey(accountId, reservationId), 'released');
    if (reservation) this.#giveBack(reservation);
  }

  /** Moves a held reservation to the settled set; null when it is not held (already settled, or unknown). */
  #settle(key: string, outcome: Settlement): Reservation | null {
    const reservation = this.#held.get(key);
    if (!reservation) return null;
    this.#held.delete(key);
    this.#settled.set(key, outcome);
    const held = (this.#heldCredits.get(reservation.accountId) ?? 0) - reservation.credits;
    if (held > 0) this.#heldCredits.set(reservation.accountId, held);
    else this.#heldCredits.delete(reservation.accountId);
    return reservation;
  }

  #giveBack(reservation: Reservation): void {
    this.#balances.set(reservation.accountId, (this.#balances.get(reservation.accountId) ?? 0) + reservation.credits);
    const use = this.#dailyUse.get(reservation.accountId);
    if (use?.day === reservation.day) use.used = Math.max(0, use.used - reservation.credits);
  }

  /** Returns the credits of every hold past its expiry and settles it as expired. */
  #expireDue(): void {
    const now = this.#now();
    if (now < this.#nextExpiry) return;
    let next = Number.POSITIVE_INFINITY;
    for (const [key, reservation] of this.#held) {
      if (reservation.expiresAt <= now) {
        this.#settle(key, 'expired');
        this.#giveBack(reservation);
      } else {
        next = Math.min(next, reservation.expiresAt);
      }
    }
    this.#nextExpiry = next;
  }

  #usedOn(accountId: string, day: string): number {
    const use = this.#dailyUse.get(accountId);
    return use?.day === day ? use.used : 0;
  }

  async credit(accountId: string, credits: number): Promise<number> {
    assertCredits(credits);
    const balance = (this.#balances.get(accountId) ?? 0) + credits;
    this.#balances.set(accountId, balance);
    return balance;
  }

  async usage(accountId: string, dailyCap: number | null): Promise<AccountUsage> {
    this.#expireDue();
    const day = utcDay(new Date(this.#now()));
    return {
      balance: this.#balances.get(accountId) ?? 0,
      held: this.#heldCredits.get(accountId) ?? 0,
      dailyUsed: this.#usedOn(accountId, day),
      dailyCap,
      day,
    };
  }

  async history(accountId: string, limit: number): Promise<UsageEntry[]> {
    if (limit <= 0) return [];
    return (this.#usage.get(accountId) ?? []).slice(-limit).reverse();
  }

  #log(accountId: string, entry: UsageEntry): void {
    const log = this.#usage.get(accountId) ?? [];
    log.push(entry);
    if (log.length > USAGE_LOG_LIMIT) log.splice(0, log.length - USAGE_LOG_LIMIT);
    this.#usage.set(accountId, log);
  }
}
