/**
 * The two kinds of background work of subscriptions, each with an in-process implementation
 * (no REDIS_URL) and a BullMQ one (durable, shared by every gateway process).
 */

/** Runs a subscription's checks at its interval. */
export interface CheckScheduler {
  /** Creates or updates the subscription's schedule; its first check runs at once (the baseline). */
  schedule(subscriptionId: string, intervalSeconds: number): Promise<void>;
  unschedule(subscriptionId: string): Promise<void>;
  /** Starts running due checks in this process. */
  start(run: (subscriptionId: string) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/** One event to deliver to one subscription's webhook. */
export interface DeliveryTask {
  subscriptionId: string;
  webhookId: string;
  type: string;
  /** The exact JSON body; signed afresh (new timestamp) at each attempt. */
  body: string;
}

/** What the delivery processor decided about an attempt. */
export type DeliveryVerdict = 'done' | 'retry';

/** Attempt number (1-based) and whether no retry follows if this one fails. */
export interface AttemptInfo {
  attempt: number;
  last: boolean;
}

/** Delivery jobs with exponential back-off and jitter between attempts (retry-schedule.ts). */
export interface DeliveryQueue {
  /** Queues a delivery; a task whose webhookId is already queued is not queued again. */
  enqueue(task: DeliveryTask): Promise<void>;
  start(process: (task: DeliveryTask, info: AttemptInfo) => Promise<DeliveryVerdict>): Promise<void>;
  close(): Promise<void>;
}
