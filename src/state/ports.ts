import type { Flights } from './flights/flights.js';

/**
 * The small interfaces the pipeline talks to. Memory adapters are the embedded default;
 * Redis adapters make many processes one service. Both pass test/state/ledger-contract.ts.
 */

export interface ApiKeyRecord {
  /** Stable account id derived from the key's hash; safe to log. */
  id: string;
  status: 'active' | 'revoked';
  dailyCap: number | null;
  createdAt: string;
}

export interface Keys {
  /** Looks a presented key up by its hash, in constant time with respect to the stored hash. */
  lookup(presentedKey: string): Promise<ApiKeyRecord | null>;
  /** The same lookup for a caller that hashed the key already (hashKey), so it is hashed once per request. */
  lookupHash(keyHash: string): Promise<ApiKeyRecord | null>;
  /** Adds a key with an opening balance; a key that exists keeps its balance and cap (seeding is idempotent). */
  seed(key: string, credits: number, dailyCap: number | null): Promise<ApiKeyRecord>;
  /** The record of one account, for administration (the keys CLI); null when unknown. */
  get(accountId: string): Promise<ApiKeyRecord | null>;
  revoke(accountId: string): Promise<boolean>;
  setDailyCap(accountId: string, dailyCap: number | null): Promise<boolean>;
  /** Every account, oldest first. */
  list(): Promise<ApiKeyRecord[]>;
}

export type ReserveOutcome =
  | { ok: true; balance: number; dailyUsed: number }
  | { ok: false; reason: 'insufficient_credits' | 'daily_cap_exceeded'; balance: number; dailyUsed: number };

export interface UsageEntry {
  endpoint: string;
  credits: number;
  at: string;
  requestId: string;
  kind: 'charge' | 'refund';
}

export interface AccountUsage {
  /** Credits spendable now: what is held by requests still running is already taken out. */
  balance: number;
  /** Credits held by reservations not settled yet; each returns to the balance by its expiry at the latest. */
  held: number;
  dailyUsed: number;
  dailyCap: number | null;
  /** UTC day the daily figure counts, YYYY-MM-DD. */
  day: string;
}

export interface ReserveMeta {
  endpoint: string;
  requestId: string;
  /**
   * How long the hold may stay unsettled: the holder's own deadline plus a margin. After it the
   * credits return to the balance by themselves (the holder died, or lost the store). Default:
   * the ledger's hold period (reservationHoldMs of the upstream time-out).
   */
  holdMs?: number;
}

/**
 * Credits, held before an upstream fetch and settled after it. Reserve, commit and release
 * are atomic and idempotent per reservation id: a retried commit never charges twice and a
 * release after a commit refunds nothing.
 *
 * A hold expires at its reservation's deadline: its credits return to the balance and the
 * reservation is settled as expired. Settling it later changes nothing: a late release
 * refunds nothing more, and a late commit is refused (charges nothing), so the balance a
 * caller saw go up never goes down again without a new reservation. A reserve under an
 * expired id holds afresh (a job target retried after its worker died pays, once, like any
 * other).
 */
export interface Ledger {
  reserve(accountId: string, reservationId: string, credits: number, dailyCap: number | null, meta: ReserveMeta): Promise<ReserveOutcome>;
  /** Settles the account's reservation as charged; reservation ids are scoped by their account. */
  commit(accountId: string, reservationId: string): Promise<void>;
  release(accountId: string, reservationId: string): Promise<void>;
  /** Adds credits (a whole number, zero or more) and returns the new balance. */
  credit(accountId: string, credits: number): Promise<number>;
  usage(accountId: string, dailyCap: number | null): Promise<AccountUsage>;
  /** The newest `limit` entries of the account's usage log, newest first. */
  history(accountId: string, limit: number): Promise<UsageEntry[]>;
}

/** A stored result: the serialised data and pagination, with its original fetch time and raw payload. */
export interface CacheEntry {
  /** JSON of `{ data, pagination? }`, stored serialised so a hit never re-normalises. */
  body: string;
  /** JSON of the raw payload, served only with include_raw. */
  raw: string;
  fetchedAt: string;
}

/** What a reader of the cache will serve; a cache may still return an older entry (the caller decides). */
export interface CacheReadOptions {
  /**
   * The oldest fetchedAt (epoch ms) the caller would serve, from its cache_max_age and its own
   * clock. A near copy at least this recent answers without asking the shared cache.
   */
  minFetchedAt?: number;
}

/** Results shared by all keys and all processes; entries expire after the retention period. */
export interface Cache {
  get(key: string, options?: CacheReadOptions): Promise<CacheEntry | null>;
  set(key: string, entry: CacheEntry): Promise<void>;
}

/** Fan-out of small messages to every gateway process (for subscriptions and job progress). */
export interface PubSub {
  publish(topic: string, message: string): Promise<void>;
  /** Starts delivering the topic's messages to `listener`; the returned function stops it. */
  subscribe(topic: string, listener: (message: string) => void): Promise<() => Promise<void>>;
}

/** One request's place in its account's rate window. */
export interface WindowCount {
  /** Requests counted in the window, this one included (it keeps counting past any quota). */
  count: number;
  /** Milliseconds until the window ends. */
  leftMs: number;
}

/** What an admission reads of a presented key hash, read in one step. */
export interface AdmissionReading {
  /** The key's account, active or revoked; null when no stored key has this hash. */
  account: ApiKeyRecord | null;
  /** The request counted in the account's window; null unless the key is active and a window was given. */
  window: WindowCount | null;
  /** The account's balance; null unless the key is active and it was asked for. */
  usage: AccountUsage | null;
}

/**
 * The key lookup, the request count and the balance read of one admission as one step: on Redis
 * one round trip and one command (a script on the account's slot), so a hit costs one call.
 */
export interface AdmissionReads {
  read(keyHash: string, options: { windowMs: number | null; balance: boolean }): Promise<AdmissionReading>;
}

export interface StateAdapters {
  keys: Keys;
  ledger: Ledger;
  cache: Cache;
  /** One fetch for identical callers: of this process (memory), of every process on the store (Redis). */
  flights: Flights;
  pubsub: PubSub;
  /** An admission's key lookup, request count and balance read, in one step. */
  admissionReads: AdmissionReads;
  /** Readiness: false when the backing store cannot be reached. */
  ready(): Promise<boolean>;
  close(): Promise<void>;
}
