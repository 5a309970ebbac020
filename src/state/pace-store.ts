import type { StateAdapters } from './ports.js';
import { isRedisState } from './redis/index.js';
import { RedisPaceStore } from './redis/pace.js';

/**
 * Where the gateway keeps each paced host's next free slot, so calls to a host that allows one
 * request per interval are spaced that far apart: in the process, or in Redis across every
 * gateway process.
 */
export interface PaceStore {
  /**
   * Takes the host's next slot when it is no more than `maxWaitMs` away, and returns how long to
   * wait for it (0: now); returns null without taking anything when the next slot is further away.
   * Slots are `intervalMs` apart, in the order calls asked for them.
   */
  reserve(key: string, intervalMs: number, maxWaitMs: number): Promise<number | null>;
}

/** One process's slots. */
export class MemoryPaceStore implements PaceStore {
  readonly #next = new Map<string, number>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  async reserve(key: string, intervalMs: number, maxWaitMs: number): Promise<number | null> {
    const now = this.#now();
    const slot = Math.max(now, this.#next.get(key) ?? 0);
    if (slot - now > maxWaitMs) return null;
    this.#next.set(key, slot + intervalMs);
    return slot - now;
  }
}

const stores = new WeakMap<StateAdapters, PaceStore>();

/** The pace store on the chosen state (Redis when the gateway runs on it), one per state. */
export function createPaceStore(state: StateAdapters): PaceStore {
  let store = stores.get(state);
  if (!store) {
    store = isRedisState(state) ? new RedisPaceStore(state.store) : new MemoryPaceStore();
    stores.set(state, store);
  }
  return store;
}
