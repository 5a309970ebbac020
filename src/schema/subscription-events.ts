import { GatewayError } from '../errors.js';
import type { SubscriptionEvent } from '../subscriptions/events.js';
import { SubscriptionEventStream, type EventRecord } from '../subscriptions/event-stream.js';
import { builder, perBuilder } from './builder.js';
import { restEnum } from './enum-values.js';
import { toGraphQLError } from './errors.js';
import { SHARED_EVENTS } from './field-extensions.js';

const text = (name: string) => (event: EventRecord) => (typeof event[name] === 'string' ? (event[name] as string) : null);

const EVENT_TYPES: Record<SubscriptionEvent['type'], string> = {
  'content.changed': 'The watched content changed (charged like one live call).',
  'subscription.paused': 'Checks stopped: the key ran out of credits or hit its daily cap.',
  'subscription.resumed': 'Checks started again after a pause.',
  'subscription.disabled': 'The subscription ended: its webhook is gone or refused.',
};
const EventType = perBuilder(() =>
  restEnum(
    'SubscriptionEventType',
    'What happened to a change subscription.',
    Object.keys(EVENT_TYPES),
    (value) => EVENT_TYPES[value as SubscriptionEvent['type']],
  ),
);

const SubscriptionEventType = perBuilder(() =>
  builder()
    .objectRef<EventRecord>('SubscriptionEvent')
    .implement({
      description: 'One event of a change subscription: the same body its webhook receives.',
      fields: (t) => ({
        type: t.field({
          type: EventType(),
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
    }),
);

/** subscriptionEvents(id): authorised by the subscription service (another key's id is not_found). */
export function addSubscriptionEventsField(): void {
  builder().subscriptionField('subscriptionEvents', (t) =>
    t.field({
      type: SubscriptionEventType(),
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
        return new SubscriptionEventStream(context.events, id);
      },
      resolve: (event) => event,
    }),
  );
}
