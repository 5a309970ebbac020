import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

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
 * Whether a stored key hash is the presented one (both hex SHA-256), compared in constant time so
 * the time taken does not say how much of a hash matched. Native comparison of the bytes: a loop
 * of charCodeAt in JavaScript ran well alone, but in the server the strings reaching it come in
 * several internal representations, and the optimised loop fell back to a generic property load
 * per character (about 20,000 instructions per request, counted with callgrind).
 */
export function hashesMatch(stored: unknown, presented: string): boolean {
  if (typeof stored !== 'string' || stored.length !== presented.length) return false;
  return timingSafeEqual(Buffer.from(stored, 'latin1'), Buffer.from(presented, 'latin1'));
}
