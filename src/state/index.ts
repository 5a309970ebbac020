import { usesSharedStore, type Config } from '../config/config.js';
import { reservationHoldMs } from './hold-period.js';
import { createMemoryState } from './memory/index.js';
import type { StateAdapters } from './ports.js';
import { createRedisState, type StateLog } from './redis/index.js';

export { StoreConnectError, type StateLog } from './redis/index.js';

export interface CreateStateOptions {
  /** Key prefix in Redis (default `pdg:`); tests give each run its own. */
  prefix?: string;
  log?: StateLog;
}

/**
 * Chooses the state adapters: Redis when REDIS_URL or REDIS_CLUSTER_NODES is set (many processes, one service),
 * otherwise in-process memory. With Redis, throws StoreConnectError when it cannot be reached.
 */
export async function createState(config: Config, options: CreateStateOptions = {}): Promise<StateAdapters> {
  // A hold outlives its request's deadline by a margin only: an orphaned one returns within about a minute.
  const holdMs = reservationHoldMs(config.UPSTREAM_TIMEOUT_MS);
  if (!usesSharedStore(config))
    return createMemoryState({ cacheMaxBytes: config.CACHE_MAX_BYTES, cacheRetentionSeconds: config.CACHE_RETENTION_SECONDS, holdMs });
  return createRedisState({
    ...(config.REDIS_CLUSTER_NODES ? { clusterNodes: config.REDIS_CLUSTER_NODES } : { url: config.REDIS_URL }),
    minReplicasAck: config.REDIS_MIN_REPLICAS_ACK,
    prefix: options.prefix,
    cacheRetentionSeconds: config.CACHE_RETENTION_SECONDS,
    log: options.log,
    holdSeconds: holdMs / 1000,
  });
}
