import { LeaseLostError, type Leases } from './lease.js';

export interface HoldOptions {
  /** How long the lease outlives its holder's last renewal: a dead holder blocks the name this long at most. */
  ttlMs: number;
  /** How often the lease is renewed while held (default a third of the ttl, so two renewals may fail in a row). */
  renewEveryMs?: number;
  /** Called once when the lease is lost (also visible on `signal`). */
  onLost?: (error: LeaseLostError) => void;
}

/** A lease held by this process, renewed in the background until released or lost. */
export interface HeldLease {
  readonly name: string;
  readonly token: string;
  /** Aborts (with a LeaseLostError) as soon as this process learns the lease is no longer surely its own. */
  readonly signal: AbortSignal;
  /**
   * Renews now and says whether the lease is still ours. Call it right before an effect that
   * must happen once (a delivery): after a true answer the lease stays ours for at least one
   * ttl, whatever the background renewals do.
   */
  confirm(): Promise<boolean>;
  /** Stops renewing and frees the lease (a no-op on a lost one). */
  release(): Promise<void>;
}

/**
 * Takes the lease on `name` and keeps it renewed. Null when another holder has it. A renewal
 * that answers "not yours" loses the lease at once; renewals that fail (store unreachable)
 * lose it when one ttl has passed since the last successful one, because by then another
 * holder may have taken it.
 */
export async function holdLease(leases: Leases, name: string, options: HoldOptions): Promise<HeldLease | null> {
  const { ttlMs } = options;
  const renewEveryMs = Math.max(1, options.renewEveryMs ?? Math.floor(ttlMs / 3));
  const startedAt = Date.now();
  const token = await leases.acquire(name, ttlMs);
  if (token === null) return null;

  const controller = new AbortController();
  // Counted from before the acquire was sent: the store's clock started no earlier than that.
  let confirmedAt = startedAt;
  let timer: NodeJS.Timeout | null = null;
  let released = false;

  const lose = (why: string) => {
    if (controller.signal.aborted) return;
    if (timer) clearTimeout(timer);
    timer = null;
    const error = new LeaseLostError(name, why);
    controller.abort(error);
    options.onLost?.(error);
  };

  /** One renewal round trip; true when the lease is confirmed ours for another ttl. */
  const renewOnce = async (): Promise<boolean> => {
    const sentAt = Date.now();
    try {
      if (await leases.renew(name, token, ttlMs)) {
        confirmedAt = sentAt;
        return true;
      }
      lose('another holder has it, or it lapsed');
      return false;
    } catch (error) {
      if (Date.now() - confirmedAt >= ttlMs) lose(`not renewed for ${ttlMs} ms (${String(error)})`);
      throw error;
    }
  };

  const schedule = () => {
    if (released || controller.signal.aborted) return;
    timer = setTimeout(() => {
      timer = null;
      // The holder's own clock also bounds it: a process paused past its ttl must not carry on.
      if (Date.now() - confirmedAt >= ttlMs) return lose(`not renewed for ${ttlMs} ms`);
      void renewOnce()
        .catch(() => {})
        .finally(schedule);
    }, renewEveryMs);
    timer.unref();
  };
  schedule();

  return {
    name,
    token,
    signal: controller.signal,
    async confirm() {
      if (controller.signal.aborted || released) return false;
      return renewOnce().catch(() => false);
    },
    async release() {
      if (released) return;
      released = true;
      if (timer) clearTimeout(timer);
      timer = null;
      if (!controller.signal.aborted) await leases.release(name, token);
    },
  };
}
