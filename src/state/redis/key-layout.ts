/**
 * Where each piece of state lives in Redis. Every name starts with one prefix, so several
 * deployments (or test runs) can share an instance.
 *
 * Names carry a hash tag (the part in braces) by what must change atomically together, so a
 * Redis Cluster keeps each group on one slot while the groups spread over every master:
 * - an account: its record, balance, daily counters, reservations, holds, held credits,
 *   settled-reservation index, usage log and request-rate window share the tag `{<account id>}`,
 *   so each ledger script declares all its keys and runs on one slot;
 * - a flight (the lease of one fetch, its answers and its channel) shares its cache key's tag, so
 *   its scripts run on the slot of the result it fetches;
 * - a cached result, a lease, a budget record, a pace slot and a pub/sub channel stand alone,
 *   each tagged by its own name;
 * - indexes that span accounts (the accounts list, the accounts that have holds) are keys of
 *   their own, written in separate idempotent steps, never inside an account's script; their
 *   names are tags of their own, so every key name carries one.
 */
export const SEGMENT = {
  /** Hash: keyHash, status, dailyCap ('' for none), createdAt. */
  account: 'acct:',
  /** Sorted set of account ids scored by creation time: the list for administration. */
  accounts: '{accounts}',
  /** Sorted set of account ids that may have holds, scored by (about) when their latest hold lapses. */
  holding: '{holding}',
  /** String integer: the spendable balance. */
  balance: 'bal:',
  /** Hash per account: field UTC day number (days since the epoch), value credits held or charged that day. */
  daily: 'day:',
  /**
   * Hash per account: field reservation id, value JSON {state (held|committed|released|expired),
   * credits, day, endpoint, requestId, exp (ms the hold lapses)}.
   */
  reservations: 'res:',
  /** Sorted set per account of settled reservation ids, scored by when they may be forgotten (ms). */
  settled: 'settled:',
  /** Sorted set per account of held reservation ids scored by the time their hold lapses. */
  heldBy: 'held-by:',
  /** String integer per account: credits its unsettled reservations hold. */
  heldCredits: 'held-cr:',
  /** List of JSON usage entries, newest first, trimmed. */
  usageLog: 'log:',
  /** String integer per account: requests counted in its current rate window; expires when the window ends. */
  rateWindow: 'ratelimit:',
  /** Hash: body, raw, fetchedAt; expires after the retention period. */
  cache: 'cache:',
  /** Token of the flight fetching a cache key, expiring with its lease. */
  flight: 'flight:',
  /** A flight's answer, per cache key and flight token, kept a few seconds for the callers that waited on it. */
  flightAnswer: 'flight-answer:',
  /** Channel per cache key where a flight's end is announced (its token). */
  flightChannel: 'flight-events:',
  /** Lease token, expiring with the lease. */
  lease: 'lease:',
  /** Upstream budget record and operator-ceiling counter per host and egress. */
  budget: 'budget:',
  ceiling: 'ceiling:',
  /** Next free slot of a paced host. */
  pace: 'pace:',
  /** Pub/sub channel per topic. */
  channel: 'events:',
  /** Hash per publishable key hash: accountId, prefix, origins (JSON), dailyCap, perIpPerMinute, status, createdAt. */
  publishable: 'pk:',
  /** Set per account of its publishable keys' hashes. */
  publishableOf: 'pks:',
  /** Hash of every active publishable key's origins (JSON) by key hash: what CORS preflights are answered for. */
  publishableOrigins: '{pk-origins}',
  /** Hash per publishable key: field UTC day, value credits charged through the key that day. */
  publishableDaily: 'pk-day:',
  /** String integer per publishable key, client IP and minute: requests counted; expires with the window. */
  publishableIpWindow: 'pk-ip:',
  /** Hash per account: field SHA-256 hex of a trusted document, value the document's text. */
  documents: 'docs:',
} as const;

/** A hash tag: the part of a key name Redis Cluster hashes to pick the slot. */
export const hashTag = (value: string): string => `{${value}}`;

/** Key names under one prefix. */
export class KeyLayout {
  readonly prefix: string;

  constructor(prefix: string) {
    // A brace in the prefix would become every key's hash tag and put all state on one slot.
    if (/[{}]/.test(prefix)) throw new RangeError('the key prefix must not contain { or }');
    this.prefix = prefix;
  }

  #tagged = (segment: string, tag: string, rest = ''): string => `${this.prefix}${segment}${hashTag(tag)}${rest}`;

  account = (accountId: string): string => this.#tagged(SEGMENT.account, accountId);
  balance = (accountId: string): string => this.#tagged(SEGMENT.balance, accountId);
  daily = (accountId: string): string => this.#tagged(SEGMENT.daily, accountId);
  reservations = (accountId: string): string => this.#tagged(SEGMENT.reservations, accountId);
  settled = (accountId: string): string => this.#tagged(SEGMENT.settled, accountId);
  heldBy = (accountId: string): string => this.#tagged(SEGMENT.heldBy, accountId);
  heldCredits = (accountId: string): string => this.#tagged(SEGMENT.heldCredits, accountId);
  usageLog = (accountId: string): string => this.#tagged(SEGMENT.usageLog, accountId);
  rateWindow = (accountId: string): string => this.#tagged(SEGMENT.rateWindow, accountId);

  /** Every key of one account's ledger, in the order the ledger scripts declare them (ledger-scripts.ts). */
  ledgerKeys = (accountId: string): string[] => [
    this.balance(accountId),
    this.reservations(accountId),
    this.heldBy(accountId),
    this.heldCredits(accountId),
    this.daily(accountId),
    this.settled(accountId),
    this.usageLog(accountId),
  ];

  /** Indexes across accounts, each a slot of its own. */
  accounts = (): string => `${this.prefix}${SEGMENT.accounts}`;
  holding = (): string => `${this.prefix}${SEGMENT.holding}`;

  cache = (cacheKey: string): string => this.#tagged(SEGMENT.cache, cacheKey);
  lease = (name: string): string => this.#tagged(SEGMENT.lease, name);
  flight = (cacheKey: string): string => this.#tagged(SEGMENT.flight, cacheKey);
  flightAnswer = (cacheKey: string, token: string): string => this.#tagged(SEGMENT.flightAnswer, cacheKey, `:${token}`);
  flightChannel = (cacheKey: string): string => this.#tagged(SEGMENT.flightChannel, cacheKey);
  budget = (target: string): string => this.#tagged(SEGMENT.budget, target);
  ceiling = (target: string): string => this.#tagged(SEGMENT.ceiling, target);
  pace = (key: string): string => this.#tagged(SEGMENT.pace, key);
  /** A sharded channel on a cluster lives on its tag's slot like a key. */
  channel = (topic: string): string => this.#tagged(SEGMENT.channel, topic);

  publishable = (keyHash: string): string => this.#tagged(SEGMENT.publishable, keyHash);
  publishableOf = (accountId: string): string => this.#tagged(SEGMENT.publishableOf, accountId);
  publishableOrigins = (): string => `${this.prefix}${SEGMENT.publishableOrigins}`;
  publishableDaily = (keyHash: string): string => this.#tagged(SEGMENT.publishableDaily, keyHash);
  publishableIpWindow = (keyHash: string, ip: string, window: number): string =>
    this.#tagged(SEGMENT.publishableIpWindow, keyHash, `:${ip}:${window}`);
  documents = (accountId: string): string => this.#tagged(SEGMENT.documents, accountId);
}
