import { Queue, Worker, type Job } from 'bullmq';
import {
  closeBullConnection,
  openBullConnection,
  queueCall,
  taggedQueueName,
  type BullConnection,
  type BullTarget,
} from '../state/redis/bull-connection.js';
import { WAKE, wakeAfterReconnect } from '../state/redis/bull-wake.js';
import type { AttemptInfo, CheckScheduler, DeliveryQueue, DeliveryTask, DeliveryVerdict } from './queues.js';
import { MAX_DELIVERY_ATTEMPTS, retryDelayMs } from './retry-schedule.js';

/** Hash-tagged, so each queue's keys share a slot on a cluster. */
const CHECKS = taggedQueueName('subscription-checks');
const DELIVERIES = taggedQueueName('webhook-deliveries');
/** How long, and how many, delivered webhooks are remembered by id (see enqueue). */
const DELIVERED_KEPT_SECONDS = 24 * 3600;
const DELIVERED_KEPT_COUNT = 10_000;

export interface BullOptions {
  /** The state's Redis: BullMQ opens a connection of its own there (its workers duplicate it again to block). */
  target: BullTarget;
  /** The state prefix: queues live under `{prefix}bull:{name}:`, next to the jobs' queues. */
  prefix: string;
  /** Checks (of different subscriptions) run at once in one process. */
  concurrency?: number;
  onError?: (error: unknown, context: Record<string, unknown>) => void;
}

interface CheckData {
  /** A watch target key (named so for the jobs of schedules made per subscription before watches were shared). */
  subscriptionId: string;
}

/** Opens a BullMQ Queue on a connection of its own. */
async function openQueue(name: string, options: BullOptions): Promise<{ queue: Queue; connection: BullConnection }> {
  const connection = await openBullConnection(options.target);
  return { queue: new Queue(name, { connection, prefix: `${options.prefix}bull` }), connection };
}

async function closeAll(workers: Worker[], queue: Queue, connection: BullConnection, stopWaking: Array<() => void>): Promise<void> {
  for (const stop of stopWaking.splice(0)) stop();
  await Promise.all(workers.splice(0).map((worker) => worker.close()));
  await queue.close();
  await closeBullConnection(connection);
}

/**
 * A BullMQ job scheduler per watched target (`upsertJobScheduler(key, { every })`): the schedules
 * live in Redis, so polls continue whichever gateway process is running, and across restarts.
 * A scheduler makes its next job only when the current one starts, so it never piles up polls;
 * the target's poll lease (watch-hub.ts) covers overlaps, and lapses within seconds when the
 * worker running a poll dies.
 */
export class BullCheckScheduler implements CheckScheduler {
  readonly #options: BullOptions;
  readonly #queue: Queue;
  readonly #connection: BullConnection;
  readonly #workers: Worker[] = [];
  readonly #stopWaking: Array<() => void> = [];

  private constructor(options: BullOptions, queue: Queue, connection: BullConnection) {
    this.#options = options;
    this.#queue = queue;
    this.#connection = connection;
  }

  static async open(options: BullOptions): Promise<BullCheckScheduler> {
    const { queue, connection } = await openQueue(CHECKS, options);
    return new BullCheckScheduler(options, queue, connection);
  }

  async schedule(id: string, intervalSeconds: number, options: { runNow?: boolean } = {}): Promise<void> {
    const data: CheckData = { subscriptionId: id };
    await queueCall(() =>
      this.#queue.upsertJobScheduler(
        id,
        { every: intervalSeconds * 1000 },
        { name: 'check', data, opts: { removeOnComplete: true, removeOnFail: 100 } },
      ),
    );
    // The scheduler's first job waits one interval; the baseline should not.
    if (options.runNow !== false)
      await queueCall(() => this.#queue.add('check', data, { jobId: `first-${id}`, removeOnComplete: true, removeOnFail: true }));
  }

  async runOnce(id: string): Promise<void> {
    const data: CheckData = { subscriptionId: id };
    await queueCall(() => this.#queue.add('check', data, { jobId: `first-${id}`, removeOnComplete: true, removeOnFail: true }));
  }

  async unschedule(subscriptionId: string): Promise<void> {
    await queueCall(() => this.#queue.removeJobScheduler(subscriptionId));
  }

  async start(run: (subscriptionId: string) => Promise<void>): Promise<void> {
    const worker = new Worker<CheckData>(CHECKS, async (job) => (job.name === WAKE ? undefined : run(job.data.subscriptionId)), {
      connection: this.#connection,
      prefix: `${this.#options.prefix}bull`,
      concurrency: this.#options.concurrency ?? 8,
    });
    worker.on('failed', (job, error) => this.#options.onError?.(error, { queue: CHECKS, subscriptionId: job?.data.subscriptionId }));
    worker.on('error', (error) => this.#options.onError?.(error, { queue: CHECKS }));
    this.#workers.push(worker);
    this.#stopWaking.push(wakeAfterReconnect([this.#queue], this.#connection, this.#options.onError));
  }

  close(): Promise<void> {
    return closeAll(this.#workers, this.#queue, this.#connection, this.#stopWaking);
  }
}

/** A processor error that means "try this delivery again after the back-off". */
class RetryDelivery extends Error {
  override name = 'RetryDelivery';
}

/**
 * Deliveries as BullMQ jobs, the job id being the webhook-id (a delivery queued twice, even
 * after it was sent, is kept once). A failed attempt throws, and BullMQ runs the job again
 * after the custom back-off of retry-schedule.ts, up to MAX_DELIVERY_ATTEMPTS: at least 24
 * hours at the default base.
 */
export class BullDeliveryQueue implements DeliveryQueue {
  readonly #options: BullOptions & { retryBaseMs: number };
  readonly #queue: Queue;
  readonly #connection: BullConnection;
  readonly #workers: Worker[] = [];
  readonly #stopWaking: Array<() => void> = [];

  private constructor(options: BullOptions & { retryBaseMs: number }, queue: Queue, connection: BullConnection) {
    this.#options = options;
    this.#queue = queue;
    this.#connection = connection;
  }

  static async open(options: BullOptions & { retryBaseMs: number }): Promise<BullDeliveryQueue> {
    const { queue, connection } = await openQueue(DELIVERIES, options);
    return new BullDeliveryQueue(options, queue, connection);
  }

  async enqueue(task: DeliveryTask): Promise<void> {
    await queueCall(() =>
      this.#queue.add('deliver', task, {
        jobId: task.webhookId,
        attempts: MAX_DELIVERY_ATTEMPTS,
        backoff: { type: 'webhook' },
        // Kept a day after success: a change queued again by a check repeated after a crash (same
        // webhook-id) finds the delivered job and is not sent twice.
        removeOnComplete: { age: DELIVERED_KEPT_SECONDS, count: DELIVERED_KEPT_COUNT },
        removeOnFail: { age: 7 * 24 * 3600 },
      }),
    );
  }

  async start(process: (task: DeliveryTask, info: AttemptInfo) => Promise<DeliveryVerdict>): Promise<void> {
    const retryBaseMs = this.#options.retryBaseMs;
    const worker = new Worker<DeliveryTask>(
      DELIVERIES,
      async (job: Job<DeliveryTask>) => {
        if (job.name === WAKE) return;
        const attempt = job.attemptsMade + 1;
        const verdict = await process(job.data, { attempt, last: attempt >= MAX_DELIVERY_ATTEMPTS });
        if (verdict === 'retry') throw new RetryDelivery(`delivery ${job.data.webhookId} attempt ${attempt} failed`);
      },
      {
        connection: this.#connection,
        prefix: `${this.#options.prefix}bull`,
        concurrency: this.#options.concurrency ?? 16,
        settings: { backoffStrategy: (attemptsMade: number) => retryDelayMs(attemptsMade, retryBaseMs) },
      },
    );
    worker.on('failed', (job, error) => {
      if (!(error instanceof RetryDelivery)) this.#options.onError?.(error, { queue: DELIVERIES, webhookId: job?.data.webhookId });
    });
    worker.on('error', (error) => this.#options.onError?.(error, { queue: DELIVERIES }));
    this.#workers.push(worker);
    this.#stopWaking.push(wakeAfterReconnect([this.#queue], this.#connection, this.#options.onError));
  }

  close(): Promise<void> {
    return closeAll(this.#workers, this.#queue, this.#connection, this.#stopWaking);
  }
}
