import { createHash } from 'node:crypto';

/**
 * Where a job lives in Redis. Each job's keys share the hash tag `{jobId}`, so on a Redis
 * Cluster they sit in one slot and a script may change them together; the Idempotency-Key
 * claim carries a tag of its own and is written in a separate, idempotent step.
 */
export interface JobKeys {
  /** Hash of the record. */
  job: string;
  /** Hash: target index -> spec JSON. */
  targets: string;
  /** Hash: target index -> result JSON. */
  results: string;
  /** Hash: target index -> attempt number. */
  attempts: string;
}

export function jobKeys(prefix: string, jobId: string): JobKeys {
  const base = `${prefix}job:{${jobId}}`;
  return { job: base, targets: `${base}:targets`, results: `${base}:results`, attempts: `${base}:attempts` };
}

/** The claim of an account's Idempotency-Key (`claimKey` already names the account): `jobId|fingerprint`. */
export function idempotencyClaimKey(prefix: string, claimKey: string): string {
  return `${prefix}idem:{${createHash('sha256').update(claimKey).digest('hex')}}`;
}

/**
 * Jobs whose targets are about to be queued (a sorted set scored by when, and a hash of their
 * lanes), under one tag of their own so both change in one step.
 */
export function pendingQueueKeys(prefix: string): { byTime: string; lanes: string } {
  return { byTime: `${prefix}{jobs-queuing}:by-time`, lanes: `${prefix}{jobs-queuing}:lanes` };
}
