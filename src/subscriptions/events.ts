/**
 * The events of a change subscription. Each one is delivered to the subscriber's webhook (except
 * `subscription.disabled`, whose webhook is gone or refused) AND published, as the same JSON
 * body, on `state.pubsub` at subscriptionEventsTopic(id), so GraphQL `subscriptionEvents(id)`
 * streams exactly what the webhook receives, across processes when state is on Redis.
 */

/** The pub/sub topic of one subscription's events. */
export const subscriptionEventsTopic = (id: string): string => `subscription:${id}`;

/** The watched content changed; 1 credit was charged for it. The body is the contract's payload, exactly. */
export interface ContentChangedEvent {
  type: 'content.changed';
  subscriptionId: string;
  endpoint: string;
  params: Record<string, unknown>;
  changedAt: string;
  previousHash: string;
  hash: string;
  data: unknown;
  /** What changed since the last delivery, for endpoints with a change report (src/catalogue/change-report.ts). */
  changes?: unknown[];
}

/** A change was seen but the balance (or daily cap) could not pay for it: checks wait for credits. */
export interface SubscriptionPausedEvent {
  type: 'subscription.paused';
  subscriptionId: string;
  endpoint: string;
  params: Record<string, unknown>;
  pausedAt: string;
  reason: 'insufficient_credits' | 'daily_cap_exceeded';
  /** The hash of the content last delivered; the pending change is delivered after resume. */
  hash: string | null;
}

/** Credits are back: checks run again (the pending change, if any, follows as content.changed). */
export interface SubscriptionResumedEvent {
  type: 'subscription.resumed';
  subscriptionId: string;
  endpoint: string;
  params: Record<string, unknown>;
  resumedAt: string;
}

/** The webhook answered 410 Gone: no more checks or deliveries. Published only (not delivered). */
export interface SubscriptionDisabledEvent {
  type: 'subscription.disabled';
  subscriptionId: string;
  endpoint: string;
  params: Record<string, unknown>;
  disabledAt: string;
  reason: 'webhook_gone';
}

export type SubscriptionEvent = ContentChangedEvent | SubscriptionPausedEvent | SubscriptionResumedEvent | SubscriptionDisabledEvent;

/** The event types delivered to webhooks. */
export type DeliveredEvent = ContentChangedEvent | SubscriptionPausedEvent | SubscriptionResumedEvent;

export type SubscriptionEventType = SubscriptionEvent['type'];
