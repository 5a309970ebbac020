import { hash, randomBytes } from 'node:crypto';

/** Keys are stored only as SHA-256 hashes; the account id is derived from the hash, never from the key. */
// One-shot: no Hash object per call (each would be a native handle for the collector to finalise).
export const hashKey = (key: string): string => hash('sha256', key, 'hex');

export const accountIdFromHash = (hash: string): string => `acct_${hash.slice(0, 16)}`;

/** The account id a presented key belongs to if it is valid (the lookup still decides whether it is). */
export const accountIdForKey = (key: string): string => accountIdFromHash(hashKey(key));

/** A new random key with a recognisable prefix. */
export const generateKey = (prefix = 'sk_live_'): string => prefix + randomBytes(24).toString('base64url');

/** A top-up or opening balance is a whole number of credits, zero or more: a balance never goes below zero. */
export function assertCredits(credits: number): void {
  if (!Number.isSafeInteger(credits) || credits < 0) throw new RangeError(`credits must be a whole number >= 0, got ${credits}`);
}

/**
 * Whether a stored key hash is the presented one (both hex SHA-256). Every character is compared,
 * with no early exit, so the time taken does not say how much of a hash matched; it runs on every
 * request, and decoding both to buffers for crypto's timingSafeEqual cost more than the hash itself.
 */
export function hashesMatch(stored: unknown, presented: string): boolean {
  if (typeof stored !== 'string' || stored.length !== presented.length) return false;
  let difference = 0;
  for (let index = 0; index < presented.length; index++) difference |= stored.charCodeAt(index) ^ presented.charCodeAt(index);
  return difference === 0;
}
