import { RedisFlights } from '../flights/redis.js';
import { NEAR_CACHE_DEFAULTS, NearCache } from '../near-cache.js';
import { RedisAdmissionReads } from './admission-reads.js';
import { DEFAULT_HOLD_MS } from '../hold-period.js';
import type { StateAdapters } from '../ports.js';
import { RedisCache } from './cache.js';
import { connectCluster, mastersReady } from './cluster.js';
import {
  connectRedis,
  isCluster,
  StoreConnectError,
  type ClusterSeed,
  type StateClient,
  type StateLog,
  type StoreTopology,
} from './connection.js';
import { KeyLayout } from './key-layout.js';
import { RedisKeys } from './keys.js';
import { RedisLedger } from './ledger.js';
import { migrateLayout } from './migrate/index.js';
import { RedisPubSub } from './pubsub.js';
import { RedisStore } from './store.js';

export { StoreConnectError, type StateLog } from './connection.js';

export interface RedisStateOptions {
  /** One Redis node (REDIS_URL); exactly one of url and clusterNodes. */
  url?: string;
  /** Seed nodes of a Redis Cluster (REDIS_CLUSTER_NODES). */
  clusterNodes?: ClusterSeed[];
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
  /** Replicas a charge waits for (WAIT) before it is acknowledged (default 0: none). */
  minReplicasAck?: number;
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
  pubsub: RedisPubSub;
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
  const topology = topologyOf(options);
  const keys = new KeyLayout(prefix);
  const client: StateClient =
    topology.kind === 'cluster'
      ? await connectCluster({ nodes: topology.nodes, connectTimeoutMs: options.connectTimeoutMs, log: options.log })
      : await connectRedis({ url: topology.url, connectTimeoutMs: options.connectTimeoutMs, log: options.log });
  const store = new RedisStore(client, keys, options.commandTimeoutMs ?? 1000, topology);
  // Before anything reads or writes state: a store on the single-node key names moves to the hash-tagged ones first.
  await migrateLayout(client, prefix, { log: options.log }).catch(async (error: unknown) => {
    await closeClient(client);
    // One line at start-up, like a store that cannot be reached; the move resumes at the next start.
    throw new StoreConnectError(
      `Cannot bring the Redis keys to the hash-tagged layout: ${error instanceof Error ? error.message : String(error)}`,
    );
  });
  const ledger = new RedisLedger(store, {
    holdMs: options.holdSeconds === undefined ? DEFAULT_HOLD_MS : options.holdSeconds * 1000,
    minReplicasAck: options.minReplicasAck,
  });
  const pubsub = new RedisPubSub(store, { log: options.log });

  const sweepEvery = options.sweepIntervalMs ?? 10_000;
  // Every process sweeps; the script is atomic, so overlapping sweeps release each hold once.
  const sweeper = sweepEvery > 0 ? setInterval(() => void ledger.sweepLapsedHolds().catch(() => {}), sweepEvery).unref() : null;

  return {
    prefix,
    store,
    keys: new RedisKeys(store),
    ledger,
    admissionReads: new RedisAdmissionReads(store),
    cache: withNearCache(new RedisCache(store, { retentionSeconds: options.cacheRetentionSeconds, log: options.log }), options),
    pubsub,
    flights: new RedisFlights(store, pubsub, { log: options.log }),
    ready: () => storeReady(store),
    async close() {
      if (sweeper) clearInterval(sweeper);
      await pubsub.close();
      await closeClient(client);
    },
  };
}

function topologyOf(options: RedisStateOptions): StoreTopology {
  if (options.clusterNodes && options.url) throw new RangeError('give either a Redis URL or cluster seed nodes, not both');
  if (options.clusterNodes) {
    if (options.clusterNodes.length === 0) throw new RangeError('a cluster needs at least one seed node');
    return { kind: 'cluster', nodes: options.clusterNodes };
  }
  if (!options.url) throw new RangeError('a Redis URL or cluster seed nodes are needed');
  return { kind: 'node', url: options.url };
}

/**
 * Readiness: every master answers PING within the store's deadline. A cluster client has no
 * single connection to look at, and one reachable node says nothing of the others' slots.
 */
async function storeReady(store: RedisStore): Promise<boolean> {
  const { client } = store;
  const pings = isCluster(client)
    ? mastersReady(client) && client.masters.map((master) => () => client.nodeClient(master).then((node) => node.ping()))
    : client.isReady && [() => client.ping()];
  if (!pings) return false;
  return store
    .call((_client) => Promise.all(pings.map((ping) => ping())))
    .then(
      (replies) => replies.every((reply) => reply === 'PONG'),
      () => false,
    );
}

async function closeClient(client: StateClient): Promise<void> {
  // close() lets commands in flight finish; without a live connection there is nothing to wait for.
  if (isCluster(client)) {
    if (client.isOpen && mastersReady(client)) await client.close().catch(() => {});
    if (client.isOpen) client.destroy();
    return;
  }
  if (client.isReady) await client.close().catch(() => {});
  if (client.isOpen) client.destroy();
}

function withNearCache(shared: RedisCache, options: RedisStateOptions): RedisCache | NearCache {
  if (options.nearCache === false) return shared;
  return new NearCache(shared, { ...NEAR_CACHE_DEFAULTS, ...options.nearCache, retentionSeconds: options.cacheRetentionSeconds });
}
