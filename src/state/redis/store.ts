import { performance } from 'node:perf_hooks';
import { ErrorReply } from 'redis';
import { GatewayError } from '../../errors.js';
import type { StateClient, StoreTopology } from './connection.js';
import type { KeyLayout } from './key-layout.js';
import { storeDeadline, type StoreDeadline } from './store-deadline.js';

/** Seconds a caller is told to wait: the client retries the connection at least this often. */
export const RETRY_AFTER_SECONDS = 1;

/** Calls started within this long of each other share one deadline (see RedisStore.call). */
const SHARED_DEADLINE_MS = 1;

/** A deadline timing every call started within SHARED_DEADLINE_MS of its start; cleared once none is pending. */
interface SharedDeadline {
  readonly deadline: StoreDeadline;
  readonly startedAt: number;
  pending: number;
}

/**
 * Error replies that mean "Redis cannot serve right now" rather than "this command is wrong".
 * MOVED and ASK reach here only when a cluster's slots kept moving past the client's redirection
 * limit (a failover or resharding in progress).
 */
const UNAVAILABLE_REPLY = /^(LOADING|BUSY|MISCONF|READONLY|OOM|MASTERDOWN|TRYAGAIN|CLUSTERDOWN|NOREPLICAS|MOVED|ASK)\b/;

/**
 * One client (a node or a cluster), its key layout and a deadline. Every adapter call goes through call():
 * a store that is away or too slow becomes 503 service_unavailable with Retry-After, so a
 * request never waits on Redis longer than the deadline and never passes as unbilled.
 */
export class RedisStore {
  readonly client: StateClient;
  readonly keys: KeyLayout;
  readonly timeoutMs: number;
  /** Where the client connects, for the parts that open connections of their own (queues). */
  readonly topology: StoreTopology;

  /** The monotonic clock deadlines are counted on (tests move a fake one). */
  readonly #now: () => number;
  /** The deadline calls starting now may share (see #deadline). */
  #shared: SharedDeadline | null = null;

  constructor(
    client: StateClient,
    keys: KeyLayout,
    timeoutMs: number,
    topology: StoreTopology,
    now: () => number = () => performance.now(),
  ) {
    this.client = client;
    this.keys = keys;
    this.timeoutMs = timeoutMs;
    this.topology = topology;
    this.#now = now;
  }

  async call<T>(work: (client: StateClient) => Promise<T>): Promise<T> {
    // node-redis cannot withdraw a command once written, so a hung server is cut off here; the
    // deadline counts the store's time, not the time this process kept the reply waiting.
    const shared = this.#deadline();
    try {
      return await Promise.race([work(this.client), shared.deadline.expired]);
    } catch (error) {
      throw storeFailure(error);
    } finally {
      shared.pending -= 1;
      if (shared.pending === 0) shared.deadline.clear();
    }
  }

  /**
   * The deadline of a call starting now. Calls that start together (a request's key lookup,
   * rate count and balance read, and those of requests arriving in the same millisecond) share
   * one: a timer each cost more than the command. A call's deadline is then at most
   * SHARED_DEADLINE_MS earlier than a timer of its own would have been, and a deadline's timer
   * runs until the last call sharing it is answered.
   */
  #deadline(): SharedDeadline {
    const now = this.#now();
    const current = this.#shared;
    if (current !== null && current.pending > 0 && now - current.startedAt < SHARED_DEADLINE_MS) {
      current.pending += 1;
      return current;
    }
    const fresh: SharedDeadline = { deadline: storeDeadline(this.timeoutMs, this.#now), startedAt: now, pending: 1 };
    this.#shared = fresh;
    return fresh;
  }
}

/** A failure of the store as the doors render it; a script or command bug stays a plain error (500). */
export function storeFailure(error: unknown): Error {
  if (error instanceof GatewayError) return error;
  if (error instanceof ErrorReply && !UNAVAILABLE_REPLY.test(error.message)) return error;
  return new GatewayError(
    'service_unavailable',
    'The gateway cannot reach its state store right now; nothing was charged. Try again shortly.',
    {
      retryAfter: RETRY_AFTER_SECONDS,
      cause: error,
    },
  );
}
