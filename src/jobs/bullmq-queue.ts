import { Queue, Worker } from 'bullmq';
import type { FamilyName } from '../catalogue/endpoint.js';
import {
  closeBullConnection,
  openBullConnection,
  queueCall,
  taggedQueueName,
  type BullConnection,
  type BullTarget,
} from '../state/redis/bull-connection.js';
import type { FamilyConcurrency, JobQueue, TargetProcessor } from './queue.js';
import type { TargetTask } from './types.js';

export interface BullJobQueueOptions {
  /** The state's Redis: BullMQ opens a connection of its own there (workers duplicate it again to block). */
  target: BullTarget;
  /** The state prefix; BullMQ's keys live under `{prefix}bull:{jobs-<family>}:`. */
  prefix: string;
  concurrency: FamilyConcurrency;
  /** How long a worker's hold on a target lasts without renewal: a killed worker's targets return after it. */
  lockMs: number;
  onError?: (error: unknown, task: TargetTask | null) => void;
}

/** One BullMQ job per target; a task that throws (the store failed) is tried again with back-off. */
const TASK_ATTEMPTS = 10;

/** A family's queue, hash-tagged so its keys share a slot on a cluster while families spread over the masters. */
export const familyQueueName = (family: string): string => taggedQueueName(`jobs-${family}`);

/**
 * BullMQ on ioredis, one queue per family (familyQueueName). Each
 * queue's global concurrency is the family's limit, so however many gateway and worker
 * processes consume it, no more targets of a family run at once. A worker that dies loses its
 * lock; the stalled-job check of any live worker puts its targets back in the queue.
 */
export class BullJobQueue implements JobQueue {
  readonly #options: BullJobQueueOptions;
  readonly #queues = new Map<FamilyName, Queue>();
  readonly #workers: Worker[] = [];
  #connection: BullConnection | null = null;

  private constructor(options: BullJobQueueOptions) {
    this.#options = options;
  }

  /** Connects and sets each family queue's global concurrency (idempotent, so every process may do it). */
  static async open(options: BullJobQueueOptions): Promise<BullJobQueue> {
    const queue = new BullJobQueue(options);
    queue.#connection = await openBullConnection(options.target);
    for (const [family, limit] of Object.entries(options.concurrency) as [FamilyName, number][]) {
      const bull = new Queue(familyQueueName(family), { connection: queue.#connection, prefix: queue.#prefix });
      await bull.setGlobalConcurrency(limit);
      queue.#queues.set(family, bull);
    }
    return queue;
  }

  get #prefix(): string {
    return `${this.#options.prefix}bull`;
  }

  async enqueue(family: FamilyName, jobId: string, indexes: readonly number[]): Promise<void> {
    const queue = this.#queues.get(family);
    if (!queue) throw new Error(`no queue for family ${family}`);
    const targets = indexes.map((index) => ({
      name: 'target',
      data: { jobId, index } satisfies TargetTask,
      // One BullMQ job per target id: enqueueing a target twice adds it once.
      opts: {
        jobId: `${jobId}-${index}`,
        attempts: TASK_ATTEMPTS,
        backoff: { type: 'exponential' as const, delay: 1000 },
        removeOnComplete: true,
        removeOnFail: { age: 24 * 3600 },
      },
    }));
    await queueCall(async () => {
      try {
        await queue.addBulk(targets);
      } catch (error) {
        if (!lostScripts(error)) throw error;
        // A restarted Redis has lost its scripts, and the bulk add's transaction does not load them
        // again; a single add does. Targets already added are not added twice (one job per id).
        const [first, ...rest] = targets;
        await queue.add(first!.name, first!.data, first!.opts);
        if (rest.length > 0) await queue.addBulk(rest);
      }
    });
  }

  async startWorkers(processor: TargetProcessor): Promise<void> {
    for (const [family, limit] of Object.entries(this.#options.concurrency) as [FamilyName, number][]) {
      const worker = new Worker<TargetTask>(familyQueueName(family), async (job) => processor(job.data), {
        connection: this.#connection!,
        prefix: this.#prefix,
        concurrency: limit,
        lockDuration: this.#options.lockMs,
        stalledInterval: Math.max(500, Math.floor(this.#options.lockMs / 2)),
        // A target put back after a crash is safe to run again (billing is keyed by target).
        maxStalledCount: 10,
      });
      worker.on('failed', (job, error) => this.#options.onError?.(error, job?.data ?? null));
      worker.on('error', (error) => this.#options.onError?.(error, null));
      this.#workers.push(worker);
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.#workers.splice(0).map((worker) => worker.close()));
    await Promise.all([...this.#queues.values()].map((queue) => queue.close()));
    this.#queues.clear();
    const connection = this.#connection;
    this.#connection = null;
    if (connection) await closeBullConnection(connection);
  }
}

/** Whether a failed transaction failed because Redis no longer has a script (it restarted). */
function lostScripts(error: unknown): boolean {
  const replies = (error as { replies?: unknown[] }).replies ?? [];
  return [error, ...replies].some((each) => String((each as Error | undefined)?.message ?? each).includes('NOSCRIPT'));
}
