import { SLOTS_RECOVERED } from './cluster.js';
import type { RedisClient, RedisClusterClient, StateLog } from './connection.js';

interface Subscription {
  channel: string;
  deliver: (message: string) => void;
  /** The master connection that served the channel's slot when it was last subscribed. */
  via: RedisClient | null;
}

/** Pause before a resubscription that failed is tried again. */
const RETRY_MS = 1000;

/**
 * Sharded subscriptions on a cluster (SSUBSCRIBE), kept alive across a failover. The cluster
 * client holds each shard's subscriber connection on the shard's master; when that master
 * dies, the connection and its listeners go with it, and nothing subscribes them again on the
 * promoted replica. So after the slot map is rediscovered (SLOTS_RECOVERED), every channel
 * whose slot now has another master is subscribed again there; the others are left alone.
 */
export class ShardedSubscriptions {
  readonly #cluster: RedisClusterClient;
  readonly #log: StateLog | undefined;
  readonly #subscriptions = new Set<Subscription>();
  #retry: NodeJS.Timeout | null = null;
  readonly #onRecovered = () => void this.#resubscribeMoved();

  constructor(cluster: RedisClusterClient, log?: StateLog) {
    this.#cluster = cluster;
    this.#log = log;
    cluster.on(SLOTS_RECOVERED, this.#onRecovered);
  }

  async subscribe(channel: string, deliver: (message: string) => void): Promise<() => Promise<void>> {
    await this.#cluster.sSubscribe(channel, deliver);
    const subscription: Subscription = { channel, deliver, via: await this.#masterOf(channel) };
    this.#subscriptions.add(subscription);
    return async () => {
      this.#subscriptions.delete(subscription);
      await this.#cluster.sUnsubscribe(channel, deliver);
    };
  }

  close(): void {
    this.#cluster.off(SLOTS_RECOVERED, this.#onRecovered);
    if (this.#retry) clearTimeout(this.#retry);
    this.#retry = null;
    this.#subscriptions.clear();
  }

  async #resubscribeMoved(): Promise<void> {
    let failed = 0;
    for (const subscription of this.#subscriptions) {
      try {
        const master = await this.#masterOf(subscription.channel);
        if (master === subscription.via) continue;
        await this.#cluster.sSubscribe(subscription.channel, subscription.deliver);
        subscription.via = master;
      } catch {
        failed += 1;
      }
    }
    if (failed === 0 || this.#retry || !this.#cluster.isOpen) return;
    this.#log?.('warn', 'sharded subscriptions not restored yet after a failover; retrying', { failed });
    this.#retry = setTimeout(() => {
      this.#retry = null;
      void this.#resubscribeMoved();
    }, RETRY_MS).unref();
  }

  async #masterOf(channel: string): Promise<RedisClient | null> {
    return this.#cluster._slots
      .getClientAndSlotNumber(channel, false)
      .then(({ client }) => client)
      .catch(() => null);
  }
}
