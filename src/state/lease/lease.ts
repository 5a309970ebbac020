/**
 * A short, renewable lease on a name: at most one holder at a time, proven by a random token.
 * A holder renews it while its work runs; a holder that dies stops renewing, so its lease
 * lapses after one time-to-live and the next holder can start within seconds. Adapters: memory
 * (one process) and Redis (every process sharing one Redis). Both pass
 * test/state/lease-contract.ts.
 */
export interface Leases {
  /** A token when the name was free (the lease is now ours for `ttlMs`), null while another holds it. */
  acquire(name: string, ttlMs: number): Promise<string | null>;
  /**
   * Extends our lease to `ttlMs` from now. False when it is no longer ours: it lapsed (even if
   * nobody took it since) or another holder has it. A lapsed lease is never revived.
   */
  renew(name: string, token: string, ttlMs: number): Promise<boolean>;
  /** Frees the lease only while `token` holds it: never frees a later holder's. */
  release(name: string, token: string): Promise<void>;
}

/** The reason a held lease's signal aborts with. */
export class LeaseLostError extends Error {
  override name = 'LeaseLostError';
  constructor(leaseName: string, why: string) {
    super(`lease ${leaseName} lost: ${why}`);
  }
}
