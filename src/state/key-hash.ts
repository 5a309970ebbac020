import { createHash, randomBytes } from 'node:crypto';

/** Keys are stored only as SHA-256 hashes; the account id is derived from the hash, never from the key. */
export const hashKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

export const accountIdFromHash = (hash: string): string => `acct_${hash.slice(0, 16)}`;

/** A new random key with a recognisable prefix. */
export const generateKey = (prefix = 'sk_live_'): string => prefix + randomBytes(24).toString('base64url');

/** The UTC day a charge counts towards, YYYY-MM-DD. */
export const utcDay = (at: Date = new Date()): string => at.toISOString().slice(0, 10);

/** Seconds until the next UTC midnight, when daily caps reset. */
export function secondsToNextUtcDay(now: Date = new Date()): number {
  return Math.ceil((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000);
}

/** A top-up or opening balance is a whole number of credits, zero or more: a balance never goes below zero. */
export function assertCredits(credits: number): void {
  if (!Number.isSafeInteger(credits) || credits < 0) throw new RangeError(`credits must be a whole number >= 0, got ${credits}`);
}
