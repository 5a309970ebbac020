import { LRUCache } from 'lru-cache';
import type { AccountUsage, Ledger, ReserveOutcome, UsageEntry } from '../ports.js';
import { assertCredits } from '../key-hash.js';
import { utcDay } from '../utc-day.js';

interface Reservation {
  accountId: string;
  credits: number;
  day: string;
  endpoint: string;
  requestId: string;
}

const USAGE_LOG_LIMIT = 1000;
/**
 * Settled reservation ids are remembered so a retried reserve, commit or release stays a
 * no-op (a job retry reuses its ids); like the Redis ledger's 7 days, but bounded in count
 * so a long-running process does not grow with every request.
 */
const SETTLED_REMEMBERED = 200_000;
const SETTLED_TTL_MS = 7 * 24 * 3600 * 1000;

/**
 * In-process ledger. A reservation takes the credits from the balance at once (so two
 * concurrent requests can never both spend the last credit); commit keeps them, release
 * gives them back. JavaScript runs each method to its first await atomically, and no
 * method awaits before it has finished changing state.
 */
export class MemoryLedger implements Ledger {
  readonly #balances = new Map<string, number>();
  /** Credits used per account on its current UTC day; an older day resets on next use. */
  readonly #dailyUse = new Map<string, { day: string; used: number }>();
  readonly #held = new Map<string, Reservation>();
  readonly #settled = new LRUCache<string, 'committed' | 'released'>({ max: SETTLED_REMEMBERED, ttl: SETTLED_TTL_MS });
  readonly #usage = new Map<string, UsageEntry[]>();

  async reserve(accountId: string, reservationId: string, credits: number, dailyCap: number | null, meta: { endpoint: string; requestId: string }): Promise<ReserveOutcome> {
    const day = utcDay();
    const balance = this.#balances.get(accountId) ?? 0;
    const dailyUsed = this.#usedOn(accountId, day);
    if (this.#held.has(reservationId) || this.#settled.has(reservationId)) return { ok: true, balance, dailyUsed };
    if (dailyCap !== null && dailyUsed + credits > dailyCap) return { ok: false, reason: 'daily_cap_exceeded', balance, dailyUsed };
    if (balance < credits) return { ok: false, reason: 'insufficient_credits', balance, dailyUsed };
    this.#balances.set(accountId, balance - credits);
    this.#dailyUse.set(accountId, { day, used: dailyUsed + credits });
    this.#held.set(reservationId, { accountId, credits, day, ...meta });
    return { ok: true, balance: balance - credits, dailyUsed: dailyUsed + credits };
  }

  async commit(reservationId: string): Promise<void> {
    const reservation = this.#settle(reservationId, 'committed');
    if (!reservation) return;
    this.#log(reservation.accountId, { endpoint: reservation.endpoint, credits: reservation.credits, at: new Date().toISOString(), requestId: reservation.requestId, kind: 'charge' });
  }

  async release(reservationId: string): Promise<void> {
    const reservation = this.#settle(reservationId, 'released');
    if (!reservation) return;
    this.#balances.set(reservation.accountId, (this.#balances.get(reservation.accountId) ?? 0) + reservation.credits);
    const use = this.#dailyUse.get(reservation.accountId);
    if (use?.day === reservation.day) use.used = Math.max(0, use.used - reservation.credits);
  }

  /** Moves a held reservation to the settled set; null when it is not held (already settled, or unknown). */
  #settle(reservationId: string, outcome: 'committed' | 'released'): Reservation | null {
    const reservation = this.#held.get(reservationId);
    if (!reservation) return null;
    this.#held.delete(reservationId);
    this.#settled.set(reservationId, outcome);
    return reservation;
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
    const day = utcDay();
    return { balance: this.#balances.get(accountId) ?? 0, dailyUsed: this.#usedOn(accountId, day), dailyCap, day };
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
