import type { AccountUsage, Ledger, ReserveOutcome, UsageEntry } from '../ports.js';
import { assertCredits, utcDay } from '../key-hash.js';

interface Reservation {
  accountId: string;
  credits: number;
  day: string;
  state: 'held' | 'committed' | 'released';
  endpoint: string;
  requestId: string;
}

const USAGE_LOG_LIMIT = 1000;

/**
 * In-process ledger. A reservation takes the credits from the balance at once (so two
 * concurrent requests can never both spend the last credit); commit keeps them, release
 * gives them back. JavaScript runs each method to its first await atomically, and no
 * method awaits before it has finished changing state.
 */
export class MemoryLedger implements Ledger {
  readonly #balances = new Map<string, number>();
  readonly #dailyUse = new Map<string, number>();
  readonly #reservations = new Map<string, Reservation>();
  readonly #usage = new Map<string, UsageEntry[]>();

  async reserve(accountId: string, reservationId: string, credits: number, dailyCap: number | null, meta: { endpoint: string; requestId: string }): Promise<ReserveOutcome> {
    const day = utcDay();
    const balance = this.#balances.get(accountId) ?? 0;
    const dailyUsed = this.#dailyUse.get(`${accountId}:${day}`) ?? 0;
    if (this.#reservations.has(reservationId)) return { ok: true, balance, dailyUsed };
    if (dailyCap !== null && dailyUsed + credits > dailyCap) return { ok: false, reason: 'daily_cap_exceeded', balance, dailyUsed };
    if (balance < credits) return { ok: false, reason: 'insufficient_credits', balance, dailyUsed };
    this.#balances.set(accountId, balance - credits);
    this.#dailyUse.set(`${accountId}:${day}`, dailyUsed + credits);
    this.#reservations.set(reservationId, { accountId, credits, day, state: 'held', ...meta });
    return { ok: true, balance: balance - credits, dailyUsed: dailyUsed + credits };
  }

  async commit(reservationId: string): Promise<void> {
    const reservation = this.#reservations.get(reservationId);
    if (reservation?.state !== 'held') return;
    reservation.state = 'committed';
    this.#log(reservation.accountId, { endpoint: reservation.endpoint, credits: reservation.credits, at: new Date().toISOString(), requestId: reservation.requestId, kind: 'charge' });
  }

  async release(reservationId: string): Promise<void> {
    const reservation = this.#reservations.get(reservationId);
    if (reservation?.state !== 'held') return;
    reservation.state = 'released';
    this.#balances.set(reservation.accountId, (this.#balances.get(reservation.accountId) ?? 0) + reservation.credits);
    const dayKey = `${reservation.accountId}:${reservation.day}`;
    this.#dailyUse.set(dayKey, Math.max(0, (this.#dailyUse.get(dayKey) ?? 0) - reservation.credits));
  }

  async credit(accountId: string, credits: number): Promise<number> {
    assertCredits(credits);
    const balance = (this.#balances.get(accountId) ?? 0) + credits;
    this.#balances.set(accountId, balance);
    return balance;
  }

  async usage(accountId: string, dailyCap: number | null): Promise<AccountUsage> {
    const day = utcDay();
    return { balance: this.#balances.get(accountId) ?? 0, dailyUsed: this.#dailyUse.get(`${accountId}:${day}`) ?? 0, dailyCap, day };
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
