import { createClient, type createCluster } from 'redis';
import type { HostPort } from '../../config/setting-types.js';

/** A node-redis client on one Redis node. */
export type RedisClient = ReturnType<typeof createClient>;
/** A node-redis client on a Redis Cluster: routes each command by its first key's slot. */
export type RedisClusterClient = ReturnType<typeof createCluster>;
/**
 * What the state adapters send commands through, on one node or a cluster: both have the same
 * command methods. A command or script names its keys, so a cluster sends it to their slot.
 */
export type StateClient = RedisClient | RedisClusterClient;

/** Where the state lives: one Redis node (REDIS_URL) or a cluster reached through seed nodes (REDIS_CLUSTER_NODES). */
export type StoreTopology = { kind: 'node'; url: string } | { kind: 'cluster'; nodes: ClusterSeed[] };

/** A seed node of a cluster, as REDIS_CLUSTER_NODES lists them. */
export type ClusterSeed = HostPort;

export const isCluster = (client: StateClient): client is RedisClusterClient => 'masters' in client;

/** Where the Redis adapters report connection changes; never given keys, hashes or the URL's password. */
export type StateLog = (level: 'info' | 'warn' | 'error', message: string, context?: Record<string, unknown>) => void;

/** Start-up could not reach Redis: the message is the one line the process prints before it exits. */
export class StoreConnectError extends Error {
  override name = 'StoreConnectError';
}

export interface ConnectOptions {
  url: string;
  connectTimeoutMs?: number;
  log?: StateLog;
}

/** Longest pause between reconnection attempts: recovery after Redis returns takes at most this long. */
const MAX_RECONNECT_DELAY_MS = 500;

/**
 * Connects once, failing fast when Redis does not answer; afterwards the client reconnects
 * by itself forever. The offline queue is off, so while Redis is away every command fails at
 * once (and the adapters answer 503) instead of piling up until it returns.
 */
export async function connectRedis(options: ConnectOptions): Promise<RedisClient> {
  const life = { connectedOnce: false };
  const client = createClient({ url: options.url, disableOfflineQueue: true, socket: socketOptions(life, options.connectTimeoutMs) });
  watchHealth(client, life, options.log);
  try {
    await client.connect();
  } catch (error) {
    if (client.isOpen) client.destroy();
    throw new StoreConnectError(`Cannot reach Redis at REDIS_URL (${redactUrl(options.url)}): ${describe(error)}`);
  }
  life.connectedOnce = true;
  return client;
}

/**
 * A second connection to the same node with the same settings (a subscriber or a blocking
 * reader cannot share the adapters' connection). One node only: on a cluster, the cluster
 * client opens what it needs per node itself.
 */
export async function duplicateConnection(
  client: StateClient,
  options: { connectTimeoutMs?: number; log?: StateLog } = {},
): Promise<RedisClient> {
  if (isCluster(client)) throw new Error('a single-node connection cannot be duplicated from a cluster client');
  const life = { connectedOnce: false };
  const copy = client.duplicate({ disableOfflineQueue: true, socket: socketOptions(life, options.connectTimeoutMs) });
  watchHealth(copy, life, options.log);
  try {
    await copy.connect();
  } catch (error) {
    if (copy.isOpen) copy.destroy();
    throw error;
  }
  life.connectedOnce = true;
  return copy;
}

interface Life {
  connectedOnce: boolean;
}

function socketOptions(life: Life, connectTimeoutMs = 3000) {
  return {
    connectTimeout: connectTimeoutMs,
    // Before the first connection an error ends connect() (start-up exits with one line);
    // after it, keep trying, with a short ceiling so service resumes soon after Redis does.
    reconnectStrategy: (retries: number, cause: Error): number | Error =>
      life.connectedOnce ? Math.min(50 * 2 ** retries, MAX_RECONNECT_DELAY_MS) : cause,
  };
}

/** Logs one line when Redis goes away and one when it is back, not one per failed attempt. */
function watchHealth(client: RedisClient, life: Life, log: StateLog | undefined): void {
  let down = false;
  // node-redis emits 'error' for every failed attempt; without a listener Node would crash the process.
  client.on('error', (error: unknown) => {
    if (down || !life.connectedOnce) return;
    down = true;
    log?.('error', 'Redis unreachable: data requests answer 503 until it returns', { error: describe(error) });
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log?.('info', 'Redis reachable again');
  });
}

/** The URL without user name or password, for messages. */
export function redactUrl(url: string): string {
  const parsed = URL.parse(url);
  return parsed ? `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}` : 'unparseable URL';
}

function describe(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return describe(error.errors[0]);
  return error instanceof Error ? error.message || error.name : String(error);
}
