import { randomUUID } from 'node:crypto';
import { LuaScript } from '../state/redis/lua-script.js';
import type { RedisStore } from '../state/redis/store.js';

/**
 * The per-subscription lock that keeps two checks of one subscription from ever running at once
 * (a scheduled check and checkNow, or two gateway processes). The hold lapses after `ttlMs`, so a
 * process that dies mid-check does not block the subscription for ever; the check itself is
 * aborted before its hold can lapse.
 */
export interface CheckLock {
  /** A token when the lock was free (and is now ours), null when another check holds it. */
  acquire(subscriptionId: string, ttlMs: number): Promise<string | null>;
  /** Frees the lock only if `token` still holds it. */
  release(subscriptionId: string, token: string): Promise<void>;
}

export class MemoryCheckLock implements CheckLock {
  readonly #held = new Map<string, { token: string; until: number }>();

  async acquire(subscriptionId: string, ttlMs: number): Promise<string | null> {
    const current = this.#held.get(subscriptionId);
    if (current && current.until > Date.now()) return null;
    const token = randomUUID();
    this.#held.set(subscriptionId, { token, until: Date.now() + ttlMs });
    return token;
  }

  async release(subscriptionId: string, token: string): Promise<void> {
    if (this.#held.get(subscriptionId)?.token === token) this.#held.delete(subscriptionId);
  }
}

/** Deletes the lock only when it still holds our token: never frees a lock a later check took. */
const RELEASE = new LuaScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`);

/** SET NX PX with a random token under `{prefix}sub-lock:{id}`, shared by every gateway process. */
export class RedisCheckLock implements CheckLock {
  readonly #store: RedisStore;

  constructor(store: RedisStore) {
    this.#store = store;
  }

  #key = (subscriptionId: string) => `${this.#store.keys.prefix}sub-lock:${subscriptionId}`;

  async acquire(subscriptionId: string, ttlMs: number): Promise<string | null> {
    const token = randomUUID();
    const reply = await this.#store.call((client) => client.set(this.#key(subscriptionId), token, { condition: 'NX', expiration: { type: 'PX', value: ttlMs } }));
    return reply === 'OK' ? token : null;
  }

  async release(subscriptionId: string, token: string): Promise<void> {
    await this.#store.call((client) => RELEASE.run(client, [this.#key(subscriptionId)], [token]));
  }
}
