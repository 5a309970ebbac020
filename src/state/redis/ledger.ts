import { LRUCache } from 'lru-cache';
import type { AccountUsage, Ledger, ReserveMeta, ReserveOutcome, UsageEntry } from '../ports.js';
import { holdFor } from '../hold-period.js';
import { assertCredits } from '../key-hash.js';
import { COMMIT, UNCOMMIT, RELEASE, RESERVE, SWEEP_ACCOUNT, UNINDEX_HOLDING, USAGE } from './ledger-scripts.js';
import { GatewayError } from '../../errors.js';
import { onKeyConnection } from './cluster.js';
import { integers } from './lua-script.js';
import type { RedisClient } from './connection.js';
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
export const SETTLED_TTL_MS = 7 * 24 * 3600 * 1000;
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
      // A retried commit (reply 0) waits too, as its first attempt may not have.
      acked = await this.#store.call((client) =>
        onKeyConnection(client, keys[0]!, async (connection) => {
          await COMMIT.run(connection, keys, args);
          return this.#replicasAcking(connection, replicas);
        }),
      );
    } catch (error) {
      // The script may have run although no answer came: take the charge back, so the caller's
      // "nothing was charged" is true.
      await this.#takeBack(accountId, reservationId, error);
      throw error;
    }
    if (acked >= replicas) return;
    await this.#takeBack(accountId, reservationId, null);
    throw unreplicatedCharge(acked, replicas);
  }

  /**
   * WAIT counts the writes of the connection it runs on, so it follows the script on the same
   * one (the master of the account's slot); it is bounded well inside the store's deadline.
   */
  #replicasAcking(connection: RedisClient, replicas: number): Promise<number> {
    return connection.wait(replicas, Math.max(10, Math.floor(this.#store.timeoutMs / 2)));
  }

  /**
   * Takes back a commit the caller cannot confirm. With replicas asked for, the take-back is
   * itself confirmed by them: one held only by a master that then fails over is lost, and the
   * charge comes back with the promoted replica. When the take-back fails or is not confirmed,
   * the caller hears that the charge may stand and where to look for it, never that nothing
   * was charged.
   */
  async #takeBack(accountId: string, reservationId: string, cause: unknown): Promise<void> {
    const keys = this.#store.keys.ledgerKeys(accountId);
    const replicas = this.#minReplicasAck;
    let acked: number;
    try {
      acked = await this.#store.call((client) =>
        onKeyConnection(client, keys[0]!, async (connection) => {
          await UNCOMMIT.run(connection, keys, [reservationId]);
          return replicas === 0 ? 0 : this.#replicasAcking(connection, replicas);
        }),
      );
    } catch (error) {
      throw chargeMayStand(cause ?? error);
    }
    if (acked < replicas) throw chargeMayStand(cause);
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
    const [balance, dailyUsed, day, held] = integers(reply, 4) as [number, number, number, number];
    return { balance, held, dailyUsed, dailyCap, day: utcDate(day) };
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

/** The last day number written as a date: a balance read on every request names the same day for 24 hours. */
let lastDay = { number: Number.NaN, date: '' };

/** A UTC day number (days since the epoch) as YYYY-MM-DD. */
export function utcDate(dayNumber: number): string {
  if (dayNumber !== lastDay.number) lastDay = { number: dayNumber, date: new Date(dayNumber * 86_400_000).toISOString().slice(0, 10) };
  return lastDay.date;
}

/** Too few replicas acknowledged a charge in time; its take-back was acknowledged before the caller hears this. */
function unreplicatedCharge(acked: number, wanted: number): GatewayError {
  return new GatewayError(
    'service_unavailable',
    `The gateway could not confirm the charge on enough state replicas in time (${acked} of ${wanted}); nothing was charged. Try again shortly.`,
    { retryAfter: RETRY_AFTER_SECONDS },
  );
}

/**
 * A commit that could not be confirmed, and whose take-back could not be confirmed either: the
 * charge may stand (a failover may yet bring it back). The caller is pointed at its usage by
 * the answer's request id, so every credit is either reported there or returned.
 */
function chargeMayStand(cause: unknown): GatewayError {
  return new GatewayError(
    'service_unavailable',
    "The gateway could not confirm the charge with its state store in time, nor confirm taking it back: the charge may stand. Look for this answer's request id in GET /v1/account?request_id=<id> before retrying.",
    { retryAfter: RETRY_AFTER_SECONDS, cause: cause ?? undefined, details: { chargeMayStand: true } },
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
