import { LRUCache } from 'lru-cache';
import type { AccountUsage, Ledger, ReserveMeta, ReserveOutcome, UsageEntry } from '../ports.js';
import { holdFor } from '../hold-period.js';
import { assertCredits } from '../key-hash.js';
import { COMMIT, UNCOMMIT, RELEASE, RESERVE, SWEEP_ACCOUNT, UNINDEX_HOLDING, USAGE } from './ledger-scripts.js';
import { GatewayError } from '../../errors.js';
import { onKeyConnection } from './cluster.js';
import { integers } from './lua-script.js';
import { RETRY_AFTER_SECONDS, type RedisStore } from './store.js';

export interface RedisLedgerOptions {
  /** How long a reservation may stay held when the reserve call names no period; then its credits return. */
  holdMs: number;
  /** Replicas that must have a charge (WAIT) before commit returns; 0 does not wait. */
  minReplicasAck?: number;
}

/** Usage entries kept per account (the same bound as the memory ledger). */
const USAGE_LOG_LENGTH = 1000;
/** How long a settled reservation is remembered, so a late retry of its commit or release stays a no-op. */
const SETTLED_TTL_MS = 7 * 24 * 3600 * 1000;
/** Daily counters outlive their day so a release after midnight can still give that day's use back. */
const DAILY_TTL_SECONDS = 3 * 24 * 3600;
const SWEEP_BATCH = 500;
/** Longest time an index entry is written ahead of its hold's lapse. */
const INDEX_AHEAD_MS = 60_000;

const REFUSAL = { 2: 'daily_cap_exceeded', 3: 'insufficient_credits' } as const;

/**
 * The exact ledger on Redis: reserve, commit and release are Lua scripts on the account's keys,
 * idempotent per reservation id (ledger-scripts.ts), so any number of processes share one balance and one
 * daily cap, a balance never goes below zero, and a retried settlement never counts twice.
 */
export class RedisLedger implements Ledger {
  readonly #store: RedisStore;
  readonly #holdMs: number;
  readonly #minReplicasAck: number;
  /** Per account, the index score this process last wrote (see #indexHolding). */
  readonly #indexedUntil = new LRUCache<string, number>({ max: 100_000 });

  constructor(store: RedisStore, options: RedisLedgerOptions) {
    this.#store = store;
    this.#holdMs = options.holdMs;
    this.#minReplicasAck = options.minReplicasAck ?? 0;
  }

  async reserve(
    accountId: string,
    reservationId: string,
    credits: number,
    dailyCap: number | null,
    meta: ReserveMeta,
  ): Promise<ReserveOutcome> {
    const keys = this.#store.keys;
    const holdMs = holdFor(meta.holdMs, this.#holdMs);
    const index = this.#indexHolding(accountId, holdMs);
    const hold = this.#store.call((client) =>
      RESERVE.run(client, keys.ledgerKeys(accountId), [
        credits,
        dailyCap ?? -1,
        meta.endpoint,
        meta.requestId,
        reservationId,
        holdMs,
        SETTLED_TTL_MS,
        DAILY_TTL_SECONDS,
      ]),
    );
    // Sent together (one round trip on one node); both answered before the outcome counts.
    const [, reply] = await Promise.all([index ?? Promise.resolve(), hold]);
    const [status, balance, dailyUsed] = integers(reply, 4) as [number, number, number, number];
    if (status === 2 || status === 3) return { ok: false, reason: REFUSAL[status], balance, dailyUsed };
    return { ok: true, balance, dailyUsed };
  }

  /**
   * Puts the account in the index of accounts with holds, in its own idempotent step (another
   * slot on a cluster), scored past the new hold's lapse. The score is written a while ahead, and
   * this process skips the write while its last one still covers the new hold, so a busy
   * account does not make the index (one slot for every account) a hot key. An account is only
   * dropped from the index once its score has passed and it holds nothing (sweepLapsedHolds),
   * so a covered hold stays indexed. A hold whose write was lost (the process died between) is
   * still returned by the account's own next reserve or usage read.
   */
  #indexHolding(accountId: string, holdMs: number): Promise<void> | null {
    const now = Date.now();
    if ((this.#indexedUntil.get(accountId) ?? 0) >= now + holdMs) return null;
    const score = now + holdMs + Math.min(holdMs, INDEX_AHEAD_MS);
    return this.#store
      .call((client) => client.zAdd(this.#store.keys.holding(), { score, value: accountId }, { GT: true }))
      .then(() => void this.#indexedUntil.set(accountId, score));
  }

  async commit(accountId: string, reservationId: string): Promise<void> {
    const keys = this.#store.keys.ledgerKeys(accountId);
    const args = [reservationId, SETTLED_TTL_MS, USAGE_LOG_LENGTH];
    const replicas = this.#minReplicasAck;
    let acked: number;
    try {
      if (replicas === 0) {
        await this.#store.call((client) => COMMIT.run(client, keys, args));
        return;
      }
      // WAIT counts the writes of the connection it runs on, so it follows the script on the
      // same one (the master of the account's slot). It is bounded well inside the store's
      // deadline; a retried commit (reply 0) waits too, as its first attempt may not have.
      acked = await this.#store.call((client) =>
        onKeyConnection(client, keys[0]!, async (connection) => {
          await COMMIT.run(connection, keys, args);
          return connection.wait(replicas, Math.max(10, Math.floor(this.#store.timeoutMs / 2)));
        }),
      );
    } catch (error) {
      // The script may have run although no answer came: take the charge back, so the caller's
      // "nothing was charged" is true.
      await this.#takeBack(accountId, reservationId, error);
      throw error;
    }
    if (acked >= replicas) return;
    const shortfall = unreplicatedCharge(acked, replicas);
    await this.#takeBack(accountId, reservationId, shortfall);
    throw shortfall;
  }

  /** Takes back a commit the caller cannot confirm; when even that fails, says the charge may stand. */
  async #takeBack(accountId: string, reservationId: string, cause: unknown): Promise<void> {
    const keys = this.#store.keys.ledgerKeys(accountId);
    try {
      await this.#store.call((client) => UNCOMMIT.run(client, keys, [reservationId]));
    } catch {
      throw unconfirmedCharge(cause);
    }
  }

  async release(accountId: string, reservationId: string): Promise<void> {
    const keys = this.#store.keys.ledgerKeys(accountId);
    await this.#store.call((client) => RELEASE.run(client, keys, [reservationId, SETTLED_TTL_MS]));
  }

  async credit(accountId: string, credits: number): Promise<number> {
    assertCredits(credits);
    return this.#store.call((client) => client.incrBy(this.#store.keys.balance(accountId), credits));
  }

  async usage(accountId: string, dailyCap: number | null): Promise<AccountUsage> {
    const reply = await this.#store.call((client) => USAGE.run(client, this.#store.keys.ledgerKeys(accountId), [SETTLED_TTL_MS]));
    return usageOf(reply, dailyCap);
  }

  async history(accountId: string, limit: number): Promise<UsageEntry[]> {
    if (limit <= 0) return [];
    const lines = await this.#store.call((client) => client.lRange(this.#store.keys.usageLog(accountId), 0, limit - 1));
    return lines.map(parseUsageEntry);
  }

  /**
   * Gives back the credits of reservations held past their hold period; returns how many. Walks
   * the index of accounts with holds, one atomic step per account, and drops an account from
   * the index once it holds nothing. An account's own lapsed holds are also returned whenever
   * its balance is read or reserved from.
   */
  async sweepLapsedHolds(): Promise<number> {
    const keys = this.#store.keys;
    const due = await this.#store.call((client) =>
      client.zRangeByScoreWithScores(keys.holding(), '-inf', Date.now(), { LIMIT: { offset: 0, count: SWEEP_BATCH } }),
    );
    let released = 0;
    for (const { value: accountId, score } of due) {
      const reply = await this.#store.call((client) =>
        SWEEP_ACCOUNT.run(client, keys.ledgerKeys(accountId), [SETTLED_TTL_MS, SWEEP_BATCH]),
      );
      const [count, left, latest] = integers(reply, 3) as [number, number, number];
      released += count;
      if (left === 0) await this.#store.call((client) => UNINDEX_HOLDING.run(client, [keys.holding()], [accountId, score]));
      else if (latest > score)
        await this.#store.call((client) => client.zAdd(keys.holding(), { score: latest, value: accountId }, { GT: true }));
    }
    return released;
  }
}

/** USAGE's reply as the account's usage; an error naming the reply when it is not one. */
function usageOf(reply: unknown, dailyCap: number | null): AccountUsage {
  if (Array.isArray(reply) && reply.length === 4) {
    const balance = counter(reply[0]);
    const dailyUsed = counter(reply[1]);
    const held = counter(reply[3]);
    const day: unknown = reply[2];
    if (Number.isSafeInteger(day) && Number.isSafeInteger(balance) && Number.isSafeInteger(dailyUsed) && Number.isSafeInteger(held))
      return { balance, held, dailyUsed, dailyCap, day: utcDate(day as number) };
  }
  throw new Error(`unexpected script reply: ${JSON.stringify(reply)}`);
}

/** A counter as USAGE returns it: its stored integer string, or null (0) when none was written; NaN otherwise. */
function counter(stored: unknown): number {
  if (stored === null) return 0;
  return typeof stored === 'string' ? Number(stored) : Number.NaN;
}

/** The last day number written as a date: a balance read on every request names the same day for 24 hours. */
let lastDay = { number: Number.NaN, date: '' };

/** A UTC day number (days since the epoch) as YYYY-MM-DD. */
function utcDate(dayNumber: number): string {
  if (dayNumber !== lastDay.number) lastDay = { number: dayNumber, date: new Date(dayNumber * 86_400_000).toISOString().slice(0, 10) };
  return lastDay.date;
}

/**
 * The charge is on the master but fewer replicas than asked confirmed it in time: not
 * acknowledged, as a failover now could still lose it. It may stand, so the caller is pointed
 * at its usage rather than told nothing was charged.
 */
/** Too few replicas acknowledged a charge in time; it is taken back before the caller hears this. */
function unreplicatedCharge(acked: number, wanted: number): GatewayError {
  return new GatewayError(
    'service_unavailable',
    `The gateway could not confirm the charge on enough state replicas in time (${acked} of ${wanted}); nothing was charged. Try again shortly.`,
    { retryAfter: RETRY_AFTER_SECONDS },
  );
}

/** A commit that could neither be confirmed nor taken back: the charge may stand. */
function unconfirmedCharge(cause: unknown): GatewayError {
  return new GatewayError(
    'service_unavailable',
    "The gateway could not confirm the charge with its state store in time; check the account's usage before retrying.",
    { retryAfter: RETRY_AFTER_SECONDS, cause },
  );
}

interface StoredUsageEntry {
  kind: 'charge' | 'refund';
  endpoint: string;
  credits: number;
  atMs: string;
  requestId: string;
}

function parseUsageEntry(line: string): UsageEntry {
  const stored = JSON.parse(line) as StoredUsageEntry;
  return {
    endpoint: stored.endpoint,
    credits: stored.credits,
    at: new Date(Number(stored.atMs)).toISOString(),
    requestId: stored.requestId,
    kind: stored.kind,
  };
}
