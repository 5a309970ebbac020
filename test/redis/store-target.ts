import { createClient, createCluster } from 'redis';
import type { StateClient } from '../../src/state/redis/connection.js';
import { clusterSeeds, REDIS_CLUSTER_NODES, REDIS_URL } from '../state/redis-support.js';

/** A plain client where the state suites run: the cluster when REDIS_CLUSTER_NODES is set, else REDIS_URL. */
export async function rawClient(): Promise<StateClient & { close(): Promise<void> }> {
  const client = clusterSeeds
    ? createCluster({ rootNodes: clusterSeeds.map(({ host, port }) => ({ socket: { host, port } })) })
    : createClient({ url: REDIS_URL });
  client.on('error', () => {});
  await client.connect();
  return client;
}

/** The environment that points a gateway or the keys CLI at that store. */
export const storeEnv = (): Record<string, string> => (REDIS_CLUSTER_NODES ? { REDIS_CLUSTER_NODES } : { REDIS_URL: REDIS_URL! });
