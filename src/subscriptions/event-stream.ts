import { GatewayError } from '../errors.js';
import type { PubSubEventTarget } from '../state/pubsub-event-target.js';
import { subscriptionEventsTopic, type SubscriptionEvent } from './events.js';

/** One event as a GraphQL field reads it. */
export type EventRecord = SubscriptionEvent & Record<string, unknown>;

/** The step every ended stream answers. */
export const DONE: IteratorReturnResult<undefined> = Object.freeze({ done: true, value: undefined });

/** Events a stream holds for a consumer that has not asked for them yet, before it is ended as too slow. */
const MAX_QUEUED = 1024;

/**
 * The events of one change subscription from the moment the stream opens, from whichever
 * process ran the check (pub/sub). Ends after subscription.disabled. Free: the subscription
 * was charged for each change already. Fails (once its queued events are read) when the
 * topic cannot be followed (the GraphQL server renders the failure as the stream's last event).
 *
 * The stream is its own topic listener (`handleEvent`) and keeps no closures: ten thousand
 * open streams cost ten thousand small objects, not ten thousand Repeaters.
 */
export class SubscriptionEventStream implements AsyncIterableIterator<EventRecord> {
  readonly #events: PubSubEventTarget;
  readonly #topic: string;
  #queue: EventRecord[] | null = null;
  #waiting: { resolve: (step: IteratorResult<EventRecord>) => void; reject: (error: unknown) => void } | null = null;
  #failure: { error: unknown } | null = null;
  #ended = false;

  constructor(events: PubSubEventTarget, subscriptionId: string) {
    this.#events = events;
    this.#topic = subscriptionEventsTopic(subscriptionId);
    events.addEventListener(this.#topic, this);
    events.subscribed(this.#topic).catch((error: unknown) => this.#fail(error));
  }

  handleEvent(event: Event): void {
    if (this.#ended) return;
    const body = (event as CustomEvent<EventRecord>).detail;
    if (this.#waiting) {
      this.#waiting.resolve({ done: false, value: body });
      this.#waiting = null;
    } else if ((this.#queue ??= []).length < MAX_QUEUED) {
      this.#queue.push(body);
    } else {
      this.#fail(new GatewayError('internal_error', 'The stream fell too far behind its events.'));
      return;
    }
    if (body.type === 'subscription.disabled') this.#end();
  }

  next(): Promise<IteratorResult<EventRecord>> {
    const queued = this.#queue?.shift();
    if (queued !== undefined) return Promise.resolve({ done: false, value: queued });
    if (this.#failure) {
      const { error } = this.#failure;
      this.#failure = null;
      return Promise.reject(error);
    }
    if (this.#ended) return Promise.resolve(DONE);
    return new Promise((resolve, reject) => {
      this.#waiting = { resolve, reject };
    });
  }

  return(): Promise<IteratorReturnResult<undefined>> {
    this.#queue = null;
    this.#failure = null;
    this.#end();
    return Promise.resolve(DONE);
  }

  async throw(error: unknown): Promise<never> {
    await this.return();
    throw error;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  #end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#events.removeEventListener(this.#topic, this);
    this.#waiting?.resolve(DONE);
    this.#waiting = null;
  }

  #fail(error: unknown): void {
    if (this.#ended) return;
    const waiting = this.#waiting;
    this.#waiting = null;
    if (waiting) waiting.reject(error);
    else this.#failure = { error };
    this.#end();
  }
}
