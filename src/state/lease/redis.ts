import { randomUUID } from 'node:crypto';
import { LuaScript } from '../redis/lua-script.js';
import type { RedisStore } from '../redis/store.js';
import type { Leases } from './lease.js';

/** Extends the lease only while it still holds our token; a lapsed key is gone and stays gone. */
const RENEW = new LuaScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`);

/** Deletes the lease only while it still holds our token: never frees a later holder's. */
const RELEASE = new LuaScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`);

/**
 * Leases shared by every process on one Redis: `SET NX PX` of a random token under
 * KeyLayout.lease of the name. Expiry runs on the Redis server's clock, so a holder that dies (or
 * loses Redis) stops blocking the name one ttl after its last renewal.
 */
export class RedisLeases implements Leases {
  readonly #store: RedisStore;

  constructor(store: RedisStore) {
    this.#store = store;
  }

  #key = (name: string) => this.#store.keys.lease(name);

  async acquire(name: string, ttlMs: number): Promise<string | null> {
    const token = randomUUID();
    const reply = await this.#store.call((client) =>
      client.set(this.#key(name), token, { condition: 'NX', expiration: { type: 'PX', value: Math.ceil(ttlMs) } }),
    );
    return reply === 'OK' ? token : null;
  }

  async renew(name: string, token: string, ttlMs: number): Promise<boolean> {
    const reply = await this.#store.call((client) => RENEW.run(client, [this.#key(name)], [token, Math.ceil(ttlMs)]));
    return reply === 1;
  }

  async release(name: string, token: string): Promise<void> {
    await this.#store.call((client) => RELEASE.run(client, [this.#key(name)], [token]));
  }
}
