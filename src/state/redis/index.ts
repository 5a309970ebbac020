import { NEAR_CACHE_DEFAULTS, NearCache } from '../near-cache.js';
import { DEFAULT_HOLD_MS } from '../hold-period.js';
import type { StateAdapters } from '../ports.js';
import { RedisCache } from './cache.js';
import { connectRedis, type StateLog } from './connection.js';
import { KeyLayout } from './key-layout.js';
import { RedisKeys } from './keys.js';
import { RedisLedger } from './ledger.js';
import { RedisPubSub } from './pubsub.js';
import { RedisStore } from './store.js';

export { StoreConnectError, type StateLog } from './connection.js';

export interface RedisStateOptions {
  url: string;
  /** Every key name starts with it (default `pdg:`); tests use one per run. */
  prefix?: string;
  cacheRetentionSeconds: number;
  /** Longest wait for one store operation before it fails as 503 (default 1000). */
  commandTimeoutMs?: number;
  /** How long a reservation may stay held before its credits return, when its reserve call names no period (default DEFAULT_HOLD_MS). */
  holdSeconds?: number;
  /** How often this process gives back lapsed holds of every account (default 10 s; 0 turns the timer off). */
  sweepIntervalMs?: number;
  connectTimeoutMs?: number;
  /** Bounds of the in-process copy of recent results in front of the Redis cache; false: none. */
  nearCache?: { maxEntries: number; maxBytes: number } | false;
  log?: StateLog;
}

/** The Redis adapters, with the ledger's sweep exposed for tests and the CLI. */
export interface RedisState extends StateAdapters {
  ledger: RedisLedger;
  prefix: string;
  /** The connection and key layout, for the other Redis-backed parts (jobs, BullMQ). */
  store: RedisStore;
}

/** Whether the state is the Redis one, so a part with a Redis variant (jobs, subscriptions, rate limits) can pick it. */
export const isRedisState = (state: StateAdapters): state is RedisState => 'store' in state && 'prefix' in state;

export const DEFAULT_PREFIX = 'pdg:';

/**
 * Connects to Redis and returns adapters that make any number of gateway processes one
 * service. Throws StoreConnectError (one line, no secrets) when Redis cannot be reached.
 */
export async function createRedisState(options: RedisStateOptions): Promise<RedisState> {
  const prefix = options.prefix ?? DEFAULT_PREFIX;
  const client = await connectRedis({ url: options.url, connectTimeoutMs: options.connectTimeoutMs, log: options.log });
  const store = new RedisStore(client, new KeyLayout(prefix), options.commandTimeoutMs ?? 1000);
  const ledger = new RedisLedger(store, { holdMs: options.holdSeconds === undefined ? DEFAULT_HOLD_MS : options.holdSeconds * 1000 });
  const pubsub = new RedisPubSub(store, { log: options.log });

  const sweepEvery = options.sweepIntervalMs ?? 10_000;
  // Every process sweeps; the script is atomic, so overlapping sweeps release each hold once.
  const sweeper = sweepEvery > 0 ? setInterval(() => void ledger.sweepLapsedHolds().catch(() => {}), sweepEvery).unref() : null;

  return {
    prefix,
    store,
    keys: new RedisKeys(store),
    ledger,
    cache: withNearCache(new RedisCache(store, { retentionSeconds: options.cacheRetentionSeconds, log: options.log }), options),
    pubsub,
    async ready() {
      if (!client.isReady) return false;
      return store
        .call((redis) => redis.ping())
        .then(
          (reply) => reply === 'PONG',
          () => false,
        );
    },
    async close() {
      if (sweeper) clearInterval(sweeper);
      await pubsub.close();
      // close() lets commands in flight finish; without a live connection there is nothing to wait for.
      if (client.isReady) await client.close().catch(() => {});
      if (client.isOpen) client.destroy();
    },
  };
}

function withNearCache(shared: RedisCache, options: RedisStateOptions): RedisCache | NearCache {
  if (options.nearCache === false) return shared;
  return new NearCache(shared, { ...NEAR_CACHE_DEFAULTS, ...options.nearCache, retentionSeconds: options.cacheRetentionSeconds });
}
