import type { PaceStore } from '../pace-store.js';
import { LuaScript } from './lua-script.js';
import type { RedisStore } from './store.js';

/**
 * Paced hosts' next free slots in Redis, KeyLayout.pace of the host's key, holding the slot's time in
 * milliseconds of the Redis server's clock (one clock for every process, whatever their own
 * clocks say), expiring once it has passed.
 *
 * KEYS[1] the slot; ARGV: interval, longest wait (ms). Returns the wait, or -1 when the slot is
 * further away than the longest wait (nothing taken).
 */
const RESERVE = new LuaScript(`
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local next = tonumber(redis.call('GET', KEYS[1]) or '0')
local slot = math.max(now, next)
if slot - now > tonumber(ARGV[2]) then return -1 end
redis.call('SET', KEYS[1], slot + tonumber(ARGV[1]), 'PX', slot + tonumber(ARGV[1]) - now + 1000)
return slot - now
`);

export class RedisPaceStore implements PaceStore {
  readonly #store: RedisStore;

  constructor(store: RedisStore) {
    this.#store = store;
  }

  async reserve(key: string, intervalMs: number, maxWaitMs: number): Promise<number | null> {
    const reply = await this.#store.call((client) =>
      RESERVE.run(client, [this.#store.keys.pace(key)], [Math.ceil(intervalMs), Math.max(0, Math.floor(maxWaitMs))]),
    );
    if (typeof reply !== 'number') throw new Error(`unexpected pace reply: ${JSON.stringify(reply)}`);
    return reply < 0 ? null : reply;
  }
}
