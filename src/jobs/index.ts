import type { Catalogue } from '../catalogue/catalogue.js';
import { DEFAULT_FAMILY_CONCURRENCY } from '../catalogue/family.js';
import type { Config } from '../config/config.js';
import { isGatewayError } from '../errors.js';
import type { PipelineDeps } from '../pipeline/run-endpoint.js';
import { isRedisState } from '../state/redis/index.js';
import { BullJobQueue } from './bullmq-queue.js';
import { MemoryJobQueue } from './memory-queue.js';
import { MemoryJobStore } from './memory-store.js';
import { processTarget, type TargetWorkerDeps } from './process-target.js';
import type { FamilyConcurrency, JobQueue } from './queue.js';
import { RedisJobStore } from './redis-store.js';
import { JobService, progressTopic } from './service.js';
import type { JobStore } from './store.js';

export { JobService } from './service.js';

/**
 * How long after its acceptance a job whose queuing never ended is taken for lost (its request
 * queues it within a moment; the margin covers a slow store), and how often workers look.
 */
const UNQUEUED_GRACE_MS = 30_000;
const SWEEP_EVERY_MS = 10_000;

/** Where jobs report what went wrong outside a request (a worker's failed task). */
export type JobLog = (message: string, context: Record<string, unknown>) => void;

export interface Jobs {
  service: JobService;
  store: JobStore;
  queue: JobQueue;
  /** Starts consuming targets in this process (WORKERS=inline, or the worker entry). */
  startWorkers(options?: Partial<Pick<TargetWorkerDeps, 'backoffMs' | 'maxRetries' | 'maxRetryAfterSeconds'>>): Promise<void>;
  close(): Promise<void>;
}

/** Each family's job lane and its limit, from the setting the family names (or the default). */
export function familyConcurrency(config: Config, catalogue: Catalogue): FamilyConcurrency {
  return Object.fromEntries(
    catalogue.families.map((family) => {
      const setting = family.concurrencyEnv === undefined ? undefined : config.settings[family.concurrencyEnv];
      return [family.name, typeof setting === 'number' ? setting : DEFAULT_FAMILY_CONCURRENCY];
    }),
  );
}

/**
 * Jobs on the chosen state: Redis job records and BullMQ with REDIS_URL, in-process store and
 * queue without. Workers are not started here; the caller decides (WORKERS, worker-main.ts).
 */
export async function createJobs(config: Config, pipeline: PipelineDeps, log: JobLog): Promise<Jobs> {
  const { catalogue, state } = pipeline;
  const concurrency = familyConcurrency(config, catalogue);
  // A queue error without a task is its connection's (a Redis node away, a slot map being
  // refreshed after a failover): the workers carry on by themselves once it is back.
  const onError = (error: unknown, task: unknown) =>
    log(
      task === null ? 'job queue connection failed; its workers resume by themselves' : 'job target failed to run; it will be retried',
      queueFailureFields(error, task),
    );
  let store: JobStore;
  let queue: JobQueue;
  if (isRedisState(state)) {
    store = new RedisJobStore(state.store, { retentionSeconds: config.JOB_RETENTION_SECONDS });
    queue = await BullJobQueue.open({
      target: state.store.topology,
      prefix: state.prefix,
      concurrency,
      lockMs: config.JOB_LOCK_MS,
      onError,
    });
  } else {
    store = new MemoryJobStore({ retentionSeconds: config.JOB_RETENTION_SECONDS });
    queue = new MemoryJobQueue(concurrency, {
      onError,
      // The in-process queue ends with the process: say which targets it could not run before.
      onUnrun: (tasks) =>
        log('job queue closed before some targets could run; their jobs stay unfinished', {
          count: tasks.length,
          first: tasks.slice(0, 20),
        }),
    });
  }
  const service = new JobService({ catalogue, store, queue, pubsub: state.pubsub });
  let sweeper: NodeJS.Timeout | null = null;
  return {
    service,
    store,
    queue,
    async startWorkers(options = {}) {
      const deps: TargetWorkerDeps = {
        pipeline,
        store,
        catalogue,
        backoffMs: config.JOB_RETRY_BASE_MS,
        upstreamTimeoutMs: config.JOB_UPSTREAM_TIMEOUT_MS,
        ...options,
      };
      await queue.startWorkers(async (task) => {
        await processTarget(deps, task);
        // Progress is best-effort: a lost message only delays a subscriber until the next one.
        const job = await store.get(task.jobId).catch(() => null);
        if (job) await state.pubsub.publish(progressTopic(job.id), JSON.stringify(job)).catch(() => {});
      });
      // Every worker process sweeps; overlapping sweeps queue each target once.
      sweeper ??= setInterval(
        () =>
          void service
            .sweepUnqueued(UNQUEUED_GRACE_MS)
            .catch((error: unknown) => log('jobs left unqueued could not be swept; the next sweep tries again', { error: String(error) })),
        SWEEP_EVERY_MS,
      ).unref();
    },
    async close() {
      if (sweeper) clearInterval(sweeper);
      await queue.close();
      await store.close();
    },
  };
}

/**
 * What the log says of a target the queue could not run: the error with its stack, and a
 * gateway error's details (a charge that may stand names its request id and usage lookup there).
 */
export function queueFailureFields(error: unknown, task: unknown): Record<string, unknown> {
  return {
    err: error,
    ...(isGatewayError(error) && error.details !== undefined ? { details: error.details } : {}),
    ...(task === null ? {} : { task }),
  };
}
