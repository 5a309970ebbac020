import type { FamilyName } from '../catalogue/endpoint.js';
import type { TargetTask } from './types.js';

/** Runs one target; a thrown error means "try again later" (the store was unreachable). */
export type TargetProcessor = (task: TargetTask) => Promise<void>;

/**
 * The queue of targets, one lane per family so each family's upstream concurrency limit
 * holds for every worker together. BullMQ on Redis, in-process without it.
 */
export interface JobQueue {
  /** Adds each target once: one already waiting or running is not added again. */
  enqueue(family: FamilyName, jobId: string, indexes: readonly number[]): Promise<void>;
  /** Starts consuming in this process with the given processor. */
  startWorkers(processor: TargetProcessor): Promise<void>;
  close(): Promise<void>;
}

/** Per-family limits on concurrent upstream work, across all workers. */
export type FamilyConcurrency = Record<FamilyName, number>;
