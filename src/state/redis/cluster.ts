import { createCluster } from 'redis';
import {
  isCluster,
  StoreConnectError,
  type ClusterSeed,
  type RedisClient,
  type RedisClusterClient,
  type StateClient,
  type StateLog,
} from './connection.js';

export interface ClusterConnectOptions {
  nodes: ClusterSeed[];
  connectTimeoutMs?: number;
  /** How often the slot map is fetched again while a master cannot be reached (default 500 ms). */
  rediscoverEveryMs?: number;
  log?: StateLog;
}

/** Emitted on the cluster client once every master in its rediscovered slot map is reachable again. */
export const SLOTS_RECOVERED = 'state:slots-recovered';

/** Longest pause between reconnection attempts to one node. */
const MAX_RECONNECT_DELAY_MS = 500;

/**
 * Connects to a Redis Cluster through its seed nodes, failing fast when none answers. Commands
 * go to the master of their key's slot; nothing is queued while a node is away (the adapters
 * answer 503 at once). A master that goes away starts a recovery loop (watchFailover): the
 * client otherwise keeps the dead master in its slot map until a MOVED reply, which a dead
 * node never sends.
 */
export async function connectCluster(options: ClusterConnectOptions): Promise<RedisClusterClient> {
  const cluster = createCluster({
    rootNodes: options.nodes.map(({ host, port }) => ({ socket: { host, port } })),
    defaults: {
      disableOfflineQueue: true,
      socket: {
        connectTimeout: options.connectTimeoutMs ?? 3000,
        reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, MAX_RECONNECT_DELAY_MS),
      },
    },
    useReplicas: false,
  });
  // Without listeners Node would end the process on the first node error.
  cluster.on('error', () => {});
  cluster.on('node-error', () => {});
  try {
    await cluster.connect();
  } catch (error) {
    cluster.destroy();
    const seeds = options.nodes.map(({ host, port }) => `${host}:${port}`).join(',');
    throw new StoreConnectError(`Cannot reach the Redis Cluster at REDIS_CLUSTER_NODES (${seeds}): ${describe(error)}`);
  }
  watchFailover(cluster, options.rediscoverEveryMs ?? 500, options.log);
  return cluster;
}

/** Whether every master in the client's slot map has a ready connection. */
export function mastersReady(cluster: RedisClusterClient): boolean {
  const masters = cluster.masters;
  return masters.length > 0 && masters.every((master) => master.client?.isReady === true);
}

/**
 * While a master's connection is down, fetches the slot map again (from any reachable node,
 * the seeds included) every `everyMs`, so a promoted replica takes over this process's traffic
 * as soon as the cluster has promoted it, with no restart and no MOVED reply needed. Stops when
 * every master in the map is reachable again; logs one line each way.
 */
function watchFailover(cluster: RedisClusterClient, everyMs: number, log: StateLog | undefined): void {
  let timer: NodeJS.Timeout | null = null;
  const check = () => {
    timer = null;
    if (!cluster.isOpen) return;
    if (mastersReady(cluster)) {
      log?.('info', 'Redis Cluster reachable again');
      cluster.emit(SLOTS_RECOVERED);
      return;
    }
    const startWith = cluster.masters.find((master) => master.client?.isReady)?.client ?? cluster.masters[0]?.client;
    const rediscovered = startWith ? cluster._slots.rediscover(startWith) : Promise.resolve();
    void rediscovered.catch(() => {}).finally(schedule);
  };
  const schedule = () => {
    if (timer || !cluster.isOpen) return;
    timer = setTimeout(check, everyMs);
    timer.unref();
  };
  cluster.on('node-reconnecting', () => {
    if (timer) return;
    log?.('error', 'Redis Cluster node unreachable: requests on its slots answer 503 until a replica takes over');
    schedule();
  });
}

function describe(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return describe(error.errors[0]);
  return error instanceof Error ? error.message || error.name : String(error);
}

/**
 * Runs `work` on the one connection that serves `key`: the client itself on one node, the
 * master of the key's slot on a cluster (following MOVED and ASK as any command does). For
 * commands that must share the connection of a write before them, such as WAIT.
 */
export function onKeyConnection<T>(client: StateClient, key: string, work: (connection: RedisClient) => Promise<T>): Promise<T> {
  return isCluster(client) ? client._execute(key, false, undefined, (node) => work(node)) : work(client);
}
