import { GatewayError } from '../errors.js';
import { subscriptionEventsTopic, type SubscriptionEvent } from '../subscriptions/events.js';
import { builder } from './builder.js';
import { restEnum } from './enum-values.js';
import type { GraphQLContext } from './context.js';
import { toGraphQLError } from './errors.js';
import { DONE } from './fresh-subscribe.js';
import { SHARED_EVENTS } from './shared-events.js';

type EventRecord = SubscriptionEvent & Record<string, unknown>;

const text = (name: string) => (event: EventRecord) => (typeof event[name] === 'string' ? (event[name] as string) : null);

const EVENT_TYPES: Record<SubscriptionEvent['type'], string> = {
  'content.changed': 'The watched content changed (charged like one live call).',
  'subscription.paused': 'Checks stopped: the key ran out of credits or hit its daily cap.',
  'subscription.resumed': 'Checks started again after a pause.',
  'subscription.disabled': 'The subscription ended: its webhook is gone or refused.',
};
const EventType = restEnum(
  'SubscriptionEventType',
  'What happened to a change subscription.',
  Object.keys(EVENT_TYPES),
  (value) => EVENT_TYPES[value as SubscriptionEvent['type']],
);

const SubscriptionEventType = builder.objectRef<EventRecord>('SubscriptionEvent').implement({
  description: 'One event of a change subscription: the same body its webhook receives.',
  fields: (t) => ({
    type: t.field({
      type: EventType,
      description: 'content.changed, subscription.paused, subscription.resumed or subscription.disabled (CONTENT_CHANGED, ...).',
      resolve: (event) => event.type as never,
    }),
    subscriptionId: t.id({ description: 'The change subscription this event belongs to.', resolve: (event) => event.subscriptionId }),
    endpoint: t.string({ description: 'The endpoint path the subscription watches.', resolve: (event) => event.endpoint }),
    params: t.field({
      type: 'JSON',
      description: 'The parameters the subscription calls the endpoint with.',
      resolve: (event) => event.params,
    }),
    at: t.string({
      description: 'When it happened (changedAt, pausedAt, resumedAt or disabledAt).',
      resolve: (event) =>
        text('changedAt')(event) ?? text('pausedAt')(event) ?? text('resumedAt')(event) ?? text('disabledAt')(event) ?? '',
    }),
    changedAt: t.string({ nullable: true, description: 'content.changed only.', resolve: text('changedAt') }),
    previousHash: t.string({ nullable: true, description: 'content.changed only.', resolve: text('previousHash') }),
    hash: t.string({
      nullable: true,
      description: 'content.changed: the new content hash; subscription.paused: the hash last delivered.',
      resolve: text('hash'),
    }),
    data: t.field({
      type: 'JSON',
      nullable: true,
      description: 'content.changed: the new content, as the REST envelope has it under data.',
      resolve: (event) => event.data ?? null,
    }),
    reason: t.string({
      nullable: true,
      description: 'subscription.paused (insufficient_credits, daily_cap_exceeded) and subscription.disabled (webhook_gone).',
      resolve: text('reason'),
    }),
  }),
});

/** Events a stream holds for a consumer that has not asked for them yet, before it is ended as too slow. */
const MAX_QUEUED = 1024;

/**
 * The events of one change subscription from the moment the stream opens, from whichever
 * process ran the check (pub/sub). Ends after subscription.disabled. Free: the subscription
 * was charged for each change already. Fails (once its queued events are read) when the
 * topic cannot be followed.
 *
 * The stream is its own topic listener (`handleEvent`) and keeps no closures: ten thousand
 * open streams cost ten thousand small objects, not ten thousand Repeaters.
 */
class TopicStream implements AsyncIterableIterator<EventRecord> {
  readonly #events: GraphQLContext['events'];
  readonly #topic: string;
  #queue: EventRecord[] | null = null;
  #waiting: { resolve: (step: IteratorResult<EventRecord>) => void; reject: (error: unknown) => void } | null = null;
  #failure: { error: unknown } | null = null;
  #ended = false;

  constructor(events: GraphQLContext['events'], topic: string) {
    this.#events = events;
    this.#topic = topic;
    events.addEventListener(topic, this);
    events.subscribed(topic).catch((error: unknown) => this.#fail(toGraphQLError(error)));
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

/** subscriptionEvents(id): authorised by the subscription service (another key's id is not_found). */
export function addSubscriptionEventsField(): void {
  builder.subscriptionField('subscriptionEvents', (t) =>
    t.field({
      type: SubscriptionEventType,
      description:
        "Streams a change subscription's events over SSE (content.changed, subscription.paused, ...), from every gateway process. Free: each change was charged once by the subscription.",
      args: { id: t.arg.id({ required: true, description: 'The change subscription id (POST /v1/subscriptions answered it).' }) },
      // Every SubscriptionEvent field reads the event alone: streams of one operation share each event's execution.
      extensions: { [SHARED_EVENTS]: true },
      subscribe: async (_root, args, context) => {
        const id = String(args.id);
        const found = context.subscriptions
          ? await context.subscriptions.get(context.account.id, id).catch((error: unknown) => Promise.reject(toGraphQLError(error)))
          : null;
        if (!found) throw toGraphQLError(new GatewayError('not_found', `No subscription ${id} for this key.`));
        return new TopicStream(context.events, subscriptionEventsTopic(id));
      },
      resolve: (event) => event,
    }),
  );
}
