import { holdLease, LeaseLostError, type HeldLease, type Leases } from '../state/lease/index.js';

/**
 * How long a check's lease outlives its holder's last renewal. A check renews it every third
 * of this while it runs, so a live check keeps it however long the upstream takes, and a
 * worker killed mid-check blocks that subscription's next check for this long at most.
 */
export const CHECK_LEASE_TTL_MS = 5000;

export interface CheckLeaseOptions {
  leases: Leases;
  /** Default CHECK_LEASE_TTL_MS; tests shorten it. */
  ttlMs?: number;
}

/**
 * The lease name of one subscription's checks (an explicit check, or its share of a poll). The
 * shared poll of a watched target takes its own lease (one name per target, watch-hub.ts)
 * through the same primitive.
 */
export const checkLeaseName = (subscriptionId: string): string => `sub-check:${subscriptionId}`;

/** Takes the subscription's check lease, renewed until released; null while another check holds it. */
export function holdCheckLease(
  options: CheckLeaseOptions,
  subscriptionId: string,
  log: (message: string, context: Record<string, unknown>) => void,
): Promise<HeldLease | null> {
  return holdLease(options.leases, checkLeaseName(subscriptionId), {
    ttlMs: options.ttlMs ?? CHECK_LEASE_TTL_MS,
    onLost: (error) =>
      log('subscription check lost its lease and stops without writing or delivering', { subscriptionId, error: error.message }),
  });
}

/** What a check under a lease is given: its abort signal and the confirmation to run before it charges. */
export interface LeaseGuard {
  signal: AbortSignal;
  beforeCharge: () => Promise<void>;
}

/**
 * Runs a check's fetch under its lease. Nothing is charged, written or delivered unless the
 * lease is still ours: the fetch is aborted when the lease is lost (or after `deadlineMs`), the
 * lease is confirmed right before a change is charged and once more when the fetch ends. Null
 * when the lease was lost: the check stops, and the holder after it finds the change itself.
 * After a non-null answer the lease stays ours for one more ttl, which covers the writes.
 */
export async function underLease<T>(lease: HeldLease, deadlineMs: number, run: (guard: LeaseGuard) => Promise<T>): Promise<T | null> {
  const stillOurs = async () => {
    if (!(await lease.confirm())) throw new LeaseLostError(lease.name, 'no longer ours when the check went on');
  };
  try {
    const result = await run({ signal: AbortSignal.any([AbortSignal.timeout(deadlineMs), lease.signal]), beforeCharge: stillOurs });
    await stillOurs();
    return result;
  } catch (error) {
    if (error instanceof LeaseLostError) return null;
    throw error;
  }
}
