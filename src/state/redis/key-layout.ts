/**
 * Where each piece of state lives in Redis. Every name starts with one prefix, so several
 * deployments (or test runs) can share an instance. The Lua scripts build the per-account
 * names they discover inside a reservation from the same segments, passed in as arguments.
 */
export const SEGMENT = {
  /** Hash: keyHash, status, dailyCap ('' for none), createdAt. */
  account: 'acct:',
  /** Sorted set of account ids scored by creation time: the list for administration. */
  accounts: 'accounts',
  /** String integer: the spendable balance. */
  balance: 'bal:',
  /** String integer per account and UTC day number (days since the epoch): credits held or charged that day. */
  daily: 'day:',
  /** Hash per reservation id: acct, credits, day, state (held|committed|released|expired), endpoint, requestId, exp (ms the hold lapses). */
  reservation: 'res:',
  /** Sorted set of held reservation ids scored by the time their hold lapses. */
  held: 'held',
  /** The same, per account: its lapsed holds are returned before its balance is read or taken from. */
  heldBy: 'held-by:',
  /** String integer per account: credits its unsettled reservations hold. */
  heldCredits: 'held-cr:',
  /** List of JSON usage entries, newest first, trimmed. */
  usageLog: 'log:',
  /** Hash: body, raw, fetchedAt; expires after the retention period. */
  cache: 'cache:',
  /** Pub/sub channel per topic. */
  channel: 'events:',
} as const;

/** Key names under one prefix. */
export class KeyLayout {
  readonly prefix: string;

  constructor(prefix: string) {
    this.prefix = prefix;
  }

  account = (accountId: string): string => `${this.prefix}${SEGMENT.account}${accountId}`;
  accounts = (): string => `${this.prefix}${SEGMENT.accounts}`;
  balance = (accountId: string): string => `${this.prefix}${SEGMENT.balance}${accountId}`;
  /** The daily counter's name without its day number; scripts append the day they read from the server clock. */
  dailyStem = (accountId: string): string => `${this.prefix}${SEGMENT.daily}${accountId}:`;
  reservation = (reservationId: string): string => `${this.prefix}${SEGMENT.reservation}${reservationId}`;
  held = (): string => `${this.prefix}${SEGMENT.held}`;
  heldBy = (accountId: string): string => `${this.prefix}${SEGMENT.heldBy}${accountId}`;
  heldCredits = (accountId: string): string => `${this.prefix}${SEGMENT.heldCredits}${accountId}`;
  usageLog = (accountId: string): string => `${this.prefix}${SEGMENT.usageLog}${accountId}`;
  cache = (cacheKey: string): string => `${this.prefix}${SEGMENT.cache}${cacheKey}`;
  channel = (topic: string): string => `${this.prefix}${SEGMENT.channel}${topic}`;
}
