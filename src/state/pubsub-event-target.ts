import { setMaxListeners } from 'node:events';
import type { TypedEventTarget } from '@graphql-yoga/typed-event-target';
import type { PubSub } from './ports.js';

/** One message of a topic, parsed once for every listener in this process. */
export type TopicEvent = CustomEvent<unknown>;

type Listener = EventListenerOrEventListenerObject;

interface TopicSubscription {
  listeners: Set<Listener>;
  /** Settles when the port delivers the topic's messages (a Redis SUBSCRIBE is confirmed). */
  ready: Promise<void>;
  /** True once `ready` settled successfully. */
  active: boolean;
  stop: Promise<(() => Promise<void>) | null>;
}

/**
 * The PubSub port (memory or Redis) as a TypedEventTarget, the shape graphql-yoga's pub/sub
 * helpers expect: @graphql-yoga/redis-event-target is typed to ioredis, and this keeps one
 * Redis client library. Whatever the number of local listeners, a topic has one port
 * subscription per process (one Redis SUBSCRIBE on the shared subscriber connection), and
 * each message is parsed once and dispatched to every listener of the topic.
 *
 * `dispatchEvent` publishes (the event reaches every process, this one included, through
 * the port); listeners are called with a CustomEvent whose `detail` is the parsed JSON.
 */
export class PubSubEventTarget extends EventTarget implements TypedEventTarget<TopicEvent> {
  readonly #port: PubSub;
  readonly #topics = new Map<string, TopicSubscription>();
  readonly #onError: (error: unknown, topic: string) => void;

  constructor(port: PubSub, options: { onError?: (error: unknown, topic: string) => void } = {}) {
    super();
    // Every stream following a topic is a listener: thousands on one topic are expected, not a leak.
    setMaxListeners(0, this);
    this.#port = port;
    this.#onError = options.onError ?? (() => {});
  }

  override addEventListener(topic: string, listener: Listener | null, options?: AddEventListenerOptions | boolean): void {
    if (!listener) return;
    super.addEventListener(topic, listener, options);
    const existing = this.#topics.get(topic);
    if (existing) {
      existing.listeners.add(listener);
      return;
    }
    const stop = this.#port.subscribe(topic, (message) => this.#deliver(topic, message));
    const subscription: TopicSubscription = {
      listeners: new Set([listener]),
      ready: stop.then(() => {
        subscription.active = true;
      }),
      active: false,
      stop: stop.catch((error: unknown) => {
        this.#onError(error, topic);
        return null;
      }),
    };
    // An unhandled rejection would crash the process; `ready` reports the failure to whoever awaits it.
    subscription.ready.catch(() => {});
    this.#topics.set(topic, subscription);
  }

  override removeEventListener(topic: string, listener: Listener | null, options?: EventListenerOptions | boolean): void {
    if (!listener) return;
    super.removeEventListener(topic, listener, options);
    const subscription = this.#topics.get(topic);
    if (!subscription?.listeners.delete(listener) || subscription.listeners.size > 0) return;
    this.#topics.delete(topic);
    void subscription.stop.then((stop) => stop?.()).catch((error: unknown) => this.#onError(error, topic));
  }

  /** Publishes `event.detail` as JSON on the event's topic, to every process. */
  override dispatchEvent(event: Event): boolean {
    const detail = (event as CustomEvent<unknown>).detail;
    void this.#port.publish(event.type, JSON.stringify(detail ?? null)).catch((error: unknown) => this.#onError(error, event.type));
    return true;
  }

  /** Publishes `detail` on `topic` and settles once the port accepted it. */
  publish(topic: string, detail: unknown): Promise<void> {
    return this.#port.publish(topic, JSON.stringify(detail));
  }

  /**
   * Settles once messages of `topic` reach this process's listeners; rejects when the port
   * could not subscribe. Streams that read a current state and then follow changes wait for
   * this first, so a change between the read and the subscription is never missed.
   */
  subscribed(topic: string): Promise<void> {
    return this.#topics.get(topic)?.ready ?? Promise.reject(new Error(`no listener on ${topic}`));
  }

  /** Topics with at least one listener in this process (for tests and metrics). */
  get topicCount(): number {
    return this.#topics.size;
  }

  /** Local listeners of a topic (streams following it in this process). */
  listenerCount(topic: string): number {
    return this.#topics.get(topic)?.listeners.size ?? 0;
  }

  /** True when this process receives the topic's messages now (tests wait for it before publishing). */
  isListening(topic: string): boolean {
    return this.#topics.get(topic)?.active === true;
  }

  #deliver(topic: string, message: string): void {
    let detail: unknown;
    try {
      detail = JSON.parse(message);
    } catch (error) {
      this.#onError(error, topic);
      return;
    }
    super.dispatchEvent(new CustomEvent(topic, { detail }));
  }
}
