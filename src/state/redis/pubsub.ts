import type { PubSub } from '../ports.js';
import { duplicateConnection, isCluster, type RedisClient, type StateLog } from './connection.js';
import { ShardedSubscriptions } from './sharded-subscriptions.js';
import type { RedisStore } from './store.js';

/**
 * Pub/sub through Redis channels, so a message published by one process reaches listeners in
 * all of them. On one node, plain channels: subscriptions need a connection of their own,
 * opened on the first subscribe; node-redis subscribes again by itself after a reconnection.
 * On a cluster, sharded channels (SPUBLISH/SSUBSCRIBE): a channel lives on its tag's slot, so
 * a message goes to one shard instead of every node, and the cluster client keeps one
 * subscriber connection per shard itself.
 */
export class RedisPubSub implements PubSub {
  readonly #store: RedisStore;
  readonly #log: StateLog | undefined;
  #subscriber: Promise<RedisClient> | null = null;
  readonly #sharded: ShardedSubscriptions | null;

  constructor(store: RedisStore, options: { log?: StateLog } = {}) {
    this.#store = store;
    this.#log = options.log;
    this.#sharded = isCluster(store.client) ? new ShardedSubscriptions(store.client, options.log) : null;
  }

  publish(topic: string, message: string): Promise<void> {
    return this.publishTo(this.#store.keys.channel(topic), message);
  }

  subscribe(topic: string, listener: (message: string) => void): Promise<() => Promise<void>> {
    return this.subscribeTo(this.#store.keys.channel(topic), listener);
  }

  /** publish() on a channel named in full (a part whose channel carries another key's hash tag). */
  async publishTo(channel: string, message: string): Promise<void> {
    await this.#store.call((client) => (isCluster(client) ? client.sPublish(channel, message) : client.publish(channel, message)));
  }

  /** subscribe() to a channel named in full. */
  async subscribeTo(channel: string, listener: (message: string) => void): Promise<() => Promise<void>> {
    // A wrapper per subscription, so subscribing the same function twice unsubscribes one at a time.
    const deliver = (message: string) => listener(message);
    const sharded = this.#sharded;
    if (sharded) {
      const stop = await this.#store.call(() => sharded.subscribe(channel, deliver));
      return () => this.#store.call(stop);
    }
    await this.#store.call(async () => (await this.#connection()).subscribe(channel, deliver));
    return async () => {
      await this.#store.call(async () => (await this.#connection()).unsubscribe(channel, deliver));
    };
  }

  async close(): Promise<void> {
    this.#sharded?.close();
    const pending = this.#subscriber;
    this.#subscriber = null;
    const subscriber = pending ? await pending.catch(() => null) : null;
    if (subscriber?.isOpen) subscriber.destroy();
  }

  #connection(): Promise<RedisClient> {
    if (!this.#subscriber) {
      this.#subscriber = duplicateConnection(this.#store.client, { log: this.#log });
      // A failed first connection is retried by the next subscribe, not remembered.
      this.#subscriber.catch(() => (this.#subscriber = null));
    }
    return this.#subscriber;
  }
}
