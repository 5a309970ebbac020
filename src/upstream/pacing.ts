import { setTimeout as sleep } from 'node:timers/promises';
import { GatewayError } from '../errors.js';
import type { PaceStore } from '../state/pace-store.js';

/**
 * Holds calls to a host that allows one request per interval (a crawler policy) to that pace,
 * across every process sharing the store: each call takes the next free slot and waits for it.
 * A call whose slot would be further away than it can wait is refused at once with 429
 * upstream_rate_limited and the wait as Retry-After, without a request.
 */
export class HostPacer {
  readonly #store: PaceStore;

  constructor(store: PaceStore) {
    this.#store = store;
  }

  /** Waits for `host`'s next slot (per egress: each address has its own pace). */
  async wait(target: { host: string; egress: string }, intervalMs: number, maxWaitMs: number, signal?: AbortSignal): Promise<void> {
    const wait = await this.#store.reserve(`${target.host}|${target.egress}`, intervalMs, maxWaitMs);
    if (wait === null) {
      const retryAfter = Math.max(1, Math.ceil(maxWaitMs / 1000));
      throw new GatewayError(
        'upstream_rate_limited',
        `${target.host} takes one request every ${intervalMs} ms and its queue is full; retry in ${retryAfter} seconds.`,
        {
          details: { host: target.host, intervalMs },
          retryAfter,
        },
      );
    }
    if (wait > 0) await sleep(wait, undefined, signal ? { signal } : undefined);
  }
}
