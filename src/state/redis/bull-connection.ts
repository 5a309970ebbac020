import { Cluster, Redis, ReplyError } from 'ioredis';
import { ErrorReply } from 'redis';
import type { StoreTopology } from './connection.js';
import { storeFailure } from './store.js';

/**
 * BullMQ runs on ioredis, on one node and on a Redis Cluster alike: its node-redis adapter has
 * no cluster support, and one client for both keeps one code path.
 */
export type BullConnection = Redis | Cluster;

/** Where BullMQ connects: where the state lives, one node (its URL) or a cluster (its seed nodes). */
export type BullTarget = StoreTopology;

/** Longest pause between reconnection attempts, as for the state's own connection. */
const MAX_RECONNECT_DELAY_MS = 500;
const reconnectDelay = (times: number): number => Math.min(50 * 2 ** times, MAX_RECONNECT_DELAY_MS);

/**
 * The queue's name with a hash tag around it: every key of one queue (`{prefix}bull:{name}:...`)
 * then lands in one slot, as BullMQ's scripts need on a cluster, while different queues spread
 * over the masters.
 */
export const taggedQueueName = (name: string): string => `{${name}}`;

/**
 * Opens a connection for a BullMQ queue and its workers. The offline queue is off, as on the
 * state's connection, so while Redis is away a command fails at once instead of piling up;
 * `maxRetriesPerRequest: null` is what BullMQ requires of a connection its workers block on.
 * After the first connection it reconnects by itself forever.
 */
export async function openBullConnection(target: BullTarget, connectTimeoutMs = 3000): Promise<BullConnection> {
  const connection =
    target.kind === 'node'
      ? new Redis(target.url, {
          lazyConnect: true,
          enableOfflineQueue: false,
          maxRetriesPerRequest: null,
          connectTimeout: connectTimeoutMs,
          retryStrategy: reconnectDelay,
        })
      : new Cluster(target.nodes, {
          lazyConnect: true,
          enableOfflineQueue: false,
          clusterRetryStrategy: reconnectDelay,
          // A master that dies sends no MOVED: the slot map is read again every second, so its
          // promoted replica takes over the queue's traffic (blocking workers included) by itself.
          slotsRefreshInterval: 1000,
          redisOptions: { maxRetriesPerRequest: null, connectTimeout: connectTimeoutMs },
        });
  // Failures reach BullMQ's own listeners and the callers' commands; without a listener ioredis prints each one.
  connection.on('error', () => {});
  try {
    await connection.connect();
  } catch (error) {
    connection.disconnect();
    throw error;
  }
  return connection;
}

/** Closes after the commands in flight; without a live connection there is nothing to wait for. */
export async function closeBullConnection(connection: BullConnection): Promise<void> {
  if (connection.status === 'end') return;
  if (connection.status !== 'ready') {
    connection.disconnect();
    return;
  }
  await connection.quit().catch(() => connection.disconnect());
}

/**
 * Runs a queue command so that its failure reads like a state call's: Redis away, failing over or
 * busy is 503 service_unavailable with Retry-After (ioredis's connection errors and unavailable
 * replies, classified as the state's are); a wrong command stays a plain error.
 */
export async function queueCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw storeFailure(error instanceof ReplyError ? new ErrorReply((error as Error).message) : error);
  }
}
