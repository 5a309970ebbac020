/**
 * The two kinds of background work of subscriptions, each with an in-process implementation
 * (no REDIS_URL) and a BullMQ one (durable, shared by every gateway process).
 */

/**
 * Runs a recurring task per id at its interval: the poll of a watched target (id: its target key).
 * Schedules made per subscription before watches were shared may still fire with a subscription id.
 */
export interface CheckScheduler {
  /**
   * Creates or updates the id's schedule. Its first run is at once (the baseline of a new target)
   * unless `runNow` is false (a target whose pace changed: it was polled already).
   */
  schedule(id: string, intervalSeconds: number, options?: { runNow?: boolean }): Promise<void>;
  unschedule(id: string): Promise<void>;
  /** One extra run soon, outside the schedule; a run asked for this way and not started yet is not asked again. */
  runOnce(id: string): Promise<void>;
  /** Starts running due tasks in this process. */
  start(run: (id: string) => Promise<void>): Promise<void>;
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
