import { ErrorReply } from 'redis';
import { GatewayError } from '../../errors.js';
import type { StateClient, StoreTopology } from './connection.js';
import type { KeyLayout } from './key-layout.js';
import { StoreDeadlines } from './store-deadline.js';

/** Seconds a caller is told to wait: the client retries the connection at least this often. */
export const RETRY_AFTER_SECONDS = 1;

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
  readonly #deadlines: StoreDeadlines;

  /** `now`: the monotonic clock deadlines are counted on (tests move a fake one). */
  constructor(client: StateClient, keys: KeyLayout, timeoutMs: number, topology: StoreTopology, now?: () => number) {
    this.client = client;
    this.keys = keys;
    this.timeoutMs = timeoutMs;
    this.topology = topology;
    this.#deadlines = new StoreDeadlines(timeoutMs, now);
  }

  async call<T>(work: (client: StateClient) => Promise<T>): Promise<T> {
    // node-redis cannot withdraw a command once written, so a hung server is cut off here; the
    // deadline counts the store's time, not the time this process kept the reply waiting.
    try {
      return await this.#deadlines.run(work(this.client));
    } catch (error) {
      throw storeFailure(error);
    }
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
