import type { FamilyName } from '../catalogue/endpoint.js';
import type { FamilyConcurrency, JobQueue, TargetProcessor } from './queue.js';
import type { TargetTask } from './types.js';

const pendingKey = (task: TargetTask): string => `${task.jobId}:${task.index}`;

/** Tries of a task whose processor threw (the store failed). */
const MAX_TRIES = 5;
const RETRY_MS = 1000;
/**
 * How long close() keeps starting waiting targets: a stopping process finishes a short queue, and
 * a long one cannot hold its stop for longer than this (plus the targets already running).
 */
const DRAIN_MS = 20_000;

interface Lane {
  limit: number;
  running: number;
  waiting: { task: TargetTask; tries: number }[];
  /** Tasks between a failed try and the next one. */
  retrying: Set<{ task: TargetTask; tries: number; timer: NodeJS.Timeout }>;
}

export interface MemoryJobQueueOptions {
  onError?: (error: unknown, task: TargetTask) => void;
  /** The targets close() could not start within its bound (or with no worker started). */
  onUnrun?: (tasks: TargetTask[]) => void;
  drainMs?: number;
  retryMs?: number;
}

/**
 * The queue of one process, used without REDIS_URL: a FIFO lane per family, each running at
 * most its family's limit of targets at once. Nothing survives a restart, like the rest of
 * the in-memory state.
 *
 * On Redis, closing a worker leaves waiting targets in the queue for the next process. Here the
 * queue ends with the process, so close() runs them first: it keeps starting waiting targets
 * (and those put back for another try) for up to `drainMs`, then waits for the running ones.
 * Targets it could not start are handed to `onUnrun` rather than dropped silently.
 */
export class MemoryJobQueue implements JobQueue {
  readonly #lanes = new Map<FamilyName, Lane>();
  #processor: TargetProcessor | null = null;
  /** Set once close() has stopped starting targets. */
  #stopped = false;
  readonly #idle = new Set<() => void>();
  /** Targets waiting, running or waiting for another try, by `jobId:index`. */
  readonly #pending = new Set<string>();
  readonly #onError: (error: unknown, task: TargetTask) => void;
  readonly #onUnrun: (tasks: TargetTask[]) => void;
  readonly #drainMs: number;
  readonly #retryMs: number;
  /** Targets that failed a try after close() stopped starting any. */
  readonly #failedAfterStop: TargetTask[] = [];

  constructor(concurrency: FamilyConcurrency, options: MemoryJobQueueOptions = {}) {
    for (const [family, limit] of Object.entries(concurrency))
      this.#lanes.set(family as FamilyName, { limit, running: 0, waiting: [], retrying: new Set() });
    this.#onError = options.onError ?? (() => {});
    this.#onUnrun = options.onUnrun ?? (() => {});
    this.#drainMs = options.drainMs ?? DRAIN_MS;
    this.#retryMs = options.retryMs ?? RETRY_MS;
  }

  async enqueue(family: FamilyName, jobId: string, indexes: readonly number[]): Promise<void> {
    const lane = this.#lane(family);
    for (const index of indexes) {
      const task = { jobId, index };
      const key = pendingKey(task);
      if (this.#pending.has(key)) continue;
      this.#pending.add(key);
      lane.waiting.push({ task, tries: 0 });
    }
    this.#pump(lane);
  }

  async startWorkers(processor: TargetProcessor): Promise<void> {
    this.#processor = processor;
    for (const lane of this.#lanes.values()) this.#pump(lane);
  }

  /** Runs the waiting targets within the bound, then stops and waits for those still running. */
  async close(): Promise<void> {
    if (this.#processor) {
      const deadline = Date.now() + this.#drainMs;
      while (this.#lanesAny((lane) => lane.running > 0 || lane.waiting.length > 0 || lane.retrying.size > 0) && Date.now() < deadline)
        await this.#changeOrTimeout(deadline - Date.now());
    }
    this.#stopped = true;
    const unrun: TargetTask[] = [];
    for (const lane of this.#lanes.values()) {
      for (const item of lane.retrying) clearTimeout(item.timer);
      unrun.push(...lane.waiting.splice(0).map((item) => item.task), ...[...lane.retrying].map((item) => item.task));
      lane.retrying.clear();
    }
    for (const task of unrun) this.#pending.delete(pendingKey(task));
    while (this.#lanesAny((lane) => lane.running > 0)) await this.#changeOrTimeout(Infinity);
    unrun.push(...this.#failedAfterStop.splice(0));
    if (unrun.length > 0) this.#onUnrun(unrun);
  }

  #lanesAny(test: (lane: Lane) => boolean): boolean {
    return [...this.#lanes.values()].some(test);
  }

  /** Resolves when a running target ends or a retried one is put back, or after `ms`. */
  #changeOrTimeout(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = Number.isFinite(ms) ? setTimeout(resolve, Math.max(0, ms)) : null;
      this.#idle.add(() => {
        if (timer) clearTimeout(timer);
        resolve();
      });
    });
  }

  #changed(): void {
    for (const resolve of this.#idle) resolve();
    this.#idle.clear();
  }

  #lane(family: FamilyName): Lane {
    const lane = this.#lanes.get(family);
    if (!lane) throw new Error(`no queue lane for family ${family}`);
    return lane;
  }

  #pump(lane: Lane): void {
    const processor = this.#processor;
    if (!processor || this.#stopped) return;
    while (lane.running < lane.limit && lane.waiting.length > 0) {
      const item = lane.waiting.shift()!;
      lane.running += 1;
      const key = pendingKey(item.task);
      void processor(item.task)
        .then(
          () => this.#pending.delete(key),
          (error: unknown) => {
            this.#onError(error, item.task);
            if (!this.#stopped && item.tries + 1 < MAX_TRIES) return this.#retryLater(lane, { task: item.task, tries: item.tries + 1 });
            this.#pending.delete(key);
            if (this.#stopped) this.#failedAfterStop.push(item.task);
          },
        )
        .finally(() => {
          lane.running -= 1;
          this.#changed();
          this.#pump(lane);
        });
    }
  }

  #retryLater(lane: Lane, item: { task: TargetTask; tries: number }): void {
    const retry = {
      ...item,
      timer: setTimeout(() => {
        lane.retrying.delete(retry);
        lane.waiting.push(item);
        this.#changed();
        this.#pump(lane);
      }, this.#retryMs).unref(),
    };
    lane.retrying.add(retry);
  }
}
