import type { StateAdapters } from '../state/ports.js';
import { isRedisState } from '../state/redis/index.js';
import { RedisFrontendStore } from './redis-store.js';
import { MemoryFrontendStore, type FrontendStore } from './store.js';

const stores = new WeakMap<StateAdapters, FrontendStore>();

/**
 * The frontend state beside a set of state adapters: on Redis when they are, in memory
 * otherwise. One per adapters object, so the gateway, the demo's seeding and tests share it.
 */
export function frontendStoreOf(state: StateAdapters): FrontendStore {
  let store = stores.get(state);
  if (!store) {
    store = isRedisState(state) ? new RedisFrontendStore(state.store) : new MemoryFrontendStore();
    stores.set(state, store);
  }
  return store;
}

export type { FrontendStore, PublishableKeyRecord } from './store.js';
