import { randomUUID } from 'node:crypto';
import { createClient, createCluster } from 'redis';
import type { HostPort } from '../../src/config/setting-types.js';
import { createRedisState, type RedisState, type RedisStateOptions } from '../../src/state/redis/index.js';

/** Set when a Redis answers (CI exports it); Redis-backed tests skip without it. */
export const REDIS_URL = process.env.REDIS_URL;

/**
 * Seed nodes of a local Redis Cluster (scripts/redis-cluster.sh prints them). When set, the
 * state suites run their Redis adapters on the cluster instead of REDIS_URL.
 */
export const REDIS_CLUSTER_NODES = process.env.REDIS_CLUSTER_NODES?.trim() || undefined;

export const clusterSeeds: HostPort[] | undefined = REDIS_CLUSTER_NODES?.split(',').map((entry) => {
  const [host, port] = entry.trim().split(':');
  return { host: host!, port: Number(port) };
});

/** Whether the state suites have a Redis to run on: one node or a cluster. */
export const STATE_REDIS = Boolean(REDIS_URL || REDIS_CLUSTER_NODES);

/** Where redisStates() connects: the cluster when there is one, else REDIS_URL. */
export const stateTarget = (): Pick<RedisStateOptions, 'url' | 'clusterNodes'> =>
  clusterSeeds ? { clusterNodes: clusterSeeds } : { url: REDIS_URL! };

/** A key prefix of its own for each test run, so parallel test files never share state. */
export const testPrefix = (): string => `test:${randomUUID()}:`;

/** Plain clients on every master (one client on a single node), for looking at or deleting raw keys. */
export async function withMasters<T>(work: (masters: ReturnType<typeof createClient>[]) => Promise<T>, target = stateTarget()): Promise<T> {
  if (target.clusterNodes) {
    const cluster = createCluster({ rootNodes: target.clusterNodes.map(({ host, port }) => ({ socket: { host, port } })) });
    cluster.on('error', () => {});
    await cluster.connect();
    try {
      return await work(await Promise.all(cluster.masters.map((master) => cluster.nodeClient(master))));
    } finally {
      await cluster.close();
    }
  }
  const client = createClient({ url: target.url });
  client.on('error', () => {});
  await client.connect();
  try {
    return await work([client]);
  } finally {
    await client.close();
  }
}

/** Every key stored under a prefix, over every master. */
export async function keysUnder(prefix: string): Promise<string[]> {
  return withMasters(async (masters) => {
    const found: string[] = [];
    for (const master of masters) for await (const batch of master.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) found.push(...batch);
    return found;
  });
}

/**
 * Everything a run stored under its prefix, deleted: on `url` when given, else on the Redis and
 * the cluster there are (one key at a time: keys of many slots).
 */
export async function deletePrefix(prefix: string, url?: string): Promise<number> {
  const targets = url ? [{ url }] : [...(REDIS_URL ? [{ url: REDIS_URL }] : []), ...(clusterSeeds ? [{ clusterNodes: clusterSeeds }] : [])];
  let deleted = 0;
  for (const target of targets)
    deleted += await withMasters(async (masters) => {
      let count = 0;
      for (const master of masters)
        for await (const batch of master.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 }))
          for (const key of batch) count += await master.del(key);
      return count;
    }, target);
  return deleted;
}

/** Redis states on fresh prefixes, all closed and deleted by cleanup(). */
export function redisStates(defaults: Partial<RedisStateOptions> = {}) {
  const opened: RedisState[] = [];
  return {
    async create(options: Partial<RedisStateOptions> = {}): Promise<RedisState> {
      const state = await createRedisState({
        ...stateTarget(),
        prefix: testPrefix(),
        cacheRetentionSeconds: 3600,
        sweepIntervalMs: 0,
        ...defaults,
        ...options,
      });
      opened.push(state);
      return state;
    },
    async cleanup(): Promise<void> {
      for (const state of opened.splice(0)) {
        await state.close();
        await deletePrefix(state.prefix);
      }
    },
  };
}
