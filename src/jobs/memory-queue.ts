import type { FamilyName } from '../catalogue/endpoint.js';
import type { FamilyConcurrency, JobQueue, TargetProcessor } from './queue.js';
import type { TargetTask } from './types.js';

const pendingKey = (task: TargetTask): string => `${task.jobId}:${task.index}`;

/** Tries of a task whose processor threw (the store failed), a second apart. */
const MAX_TRIES = 5;

interface Lane {
  limit: number;
  running: number;
  waiting: { task: TargetTask; tries: number }[];
}

/**
 * The queue of one process, used without REDIS_URL: a FIFO lane per family, each running at
 * most its family's limit of targets at once. Nothing survives a restart, like the rest of
 * the in-memory state.
 */
export class MemoryJobQueue implements JobQueue {
  readonly #lanes = new Map<FamilyName, Lane>();
  #processor: TargetProcessor | null = null;
  #closed = false;
  readonly #idle = new Set<() => void>();
  /** Targets waiting, running or waiting for another try, by `jobId:index`. */
  readonly #pending = new Set<string>();
  readonly #onError: (error: unknown, task: TargetTask) => void;

  constructor(concurrency: FamilyConcurrency, options: { onError?: (error: unknown, task: TargetTask) => void } = {}) {
    for (const [family, limit] of Object.entries(concurrency)) this.#lanes.set(family as FamilyName, { limit, running: 0, waiting: [] });
    this.#onError = options.onError ?? (() => {});
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

  /** Stops taking work and waits for the targets already running. */
  async close(): Promise<void> {
    this.#closed = true;
    while ([...this.#lanes.values()].some((lane) => lane.running > 0)) await new Promise<void>((resolve) => this.#idle.add(resolve));
  }

  #lane(family: FamilyName): Lane {
    const lane = this.#lanes.get(family);
    if (!lane) throw new Error(`no queue lane for family ${family}`);
    return lane;
  }

  #pump(lane: Lane): void {
    const processor = this.#processor;
    if (!processor || this.#closed) return;
    while (lane.running < lane.limit && lane.waiting.length > 0) {
      const item = lane.waiting.shift()!;
      lane.running += 1;
      const key = pendingKey(item.task);
      void processor(item.task)
        .then(
          () => this.#pending.delete(key),
          (error: unknown) => {
            this.#onError(error, item.task);
            if (item.tries + 1 < MAX_TRIES)
              setTimeout(() => (lane.waiting.push({ ...item, tries: item.tries + 1 }), this.#pump(lane)), 1000).unref();
            else this.#pending.delete(key);
          },
        )
        .finally(() => {
          lane.running -= 1;
          for (const resolve of this.#idle) resolve();
          this.#idle.clear();
          this.#pump(lane);
        });
    }
  }
}
