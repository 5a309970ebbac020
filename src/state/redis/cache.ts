import type { Cache, CacheEntry } from '../ports.js';
import type { StateLog } from './connection.js';
import { LuaScript } from './lua-script.js';
import type { RedisStore } from './store.js';

/** KEYS[1] the entry. ARGV: body, raw, fetchedAt, retention s. Stores and dates it in one step. */
const STORE_ENTRY = new LuaScript(`
redis.call('HSET', KEYS[1], 'body', ARGV[1], 'raw', ARGV[2], 'fetchedAt', ARGV[3])
redis.call('EXPIRE', KEYS[1], ARGV[4])
`);

/**
 * The result cache on Redis, shared by every key and every process. An entry keeps the
 * serialised result with its original fetchedAt and raw payload; whether it is fresh enough
 * is the caller's cache_max_age, decided by the pipeline. Entries expire after the retention
 * period, whatever the eviction policy of the instance.
 */
export class RedisCache implements Cache {
  readonly #store: RedisStore;
  readonly #retentionSeconds: number;
  readonly #log: StateLog | undefined;

  constructor(store: RedisStore, options: { retentionSeconds: number; log?: StateLog }) {
    this.#store = store;
    this.#retentionSeconds = options.retentionSeconds;
    this.#log = options.log;
  }

  async get(key: string): Promise<CacheEntry | null> {
    const [body, raw, fetchedAt] = await this.#store.call((client) =>
      client.hmGet(this.#store.keys.cache(key), ['body', 'raw', 'fetchedAt']),
    );
    if (typeof body !== 'string' || typeof raw !== 'string' || typeof fetchedAt !== 'string') return null;
    return { body, raw, fetchedAt };
  }

  /**
   * Best effort: the pipeline stores a result after charging for it, and a caller who has
   * paid must get the result even when Redis went away a moment ago.
   */
  async set(key: string, entry: CacheEntry): Promise<void> {
    const name = this.#store.keys.cache(key);
    try {
      await this.#store.call((client) => STORE_ENTRY.run(client, [name], [entry.body, entry.raw, entry.fetchedAt, this.#retentionSeconds]));
    } catch (error) {
      this.#log?.('warn', 'result not cached: state store unavailable', { error: error instanceof Error ? error.message : String(error) });
    }
  }
}
