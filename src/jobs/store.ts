import type { FamilyName } from '../catalogue/endpoint.js';
import type { JobRecord, TargetPageEntry, TargetResult, TargetSpec } from './types.js';

/** Idempotency-Key of a create call: the caller's key and a fingerprint of the body. */
export interface IdempotencyClaim {
  key: string;
  fingerprint: string;
}

/** Target indexes by the family whose lane runs them. */
export type JobLanes = [family: FamilyName, indexes: number[]][];

export interface PendingQueue {
  jobId: string;
  lanes: JobLanes;
}

export type CreateOutcome = { kind: 'created'; job: JobRecord } | { kind: 'replayed'; jobId: string } | { kind: 'conflict' };

/** What recording a target's result did: stored now, already stored before, or the job is gone. */
export type RecordOutcome = 'recorded' | 'duplicate' | 'missing';

/**
 * Job records in the state store (memory, or Redis hashes under the state prefix), so any
 * process can answer GET /v1/jobs/{id}. Recording a result is atomic and happens once per
 * index: progress, creditsCharged and the final status move in the same step.
 */
export interface JobStore {
  /** Stores a new job and its targets; with a claim, a repeated key returns the first job instead. */
  create(job: JobRecord, targets: TargetSpec[], claim: IdempotencyClaim | null): Promise<CreateOutcome>;
  /** Null when unknown or removed after the retention period. */
  get(jobId: string): Promise<JobRecord | null>;
  target(jobId: string, index: number): Promise<TargetSpec | null>;
  result(jobId: string, index: number): Promise<TargetResult | null>;
  /** Targets from `from` (at most `count`), with results where finished. */
  page(jobId: string, from: number, count: number): Promise<TargetPageEntry[]>;
  /** queued → running; anything else is left alone. */
  markRunning(jobId: string, now: string): Promise<void>;
  /** Stores the result of a target once; finishes the job when it was the last one. */
  record(jobId: string, index: number, result: TargetResult, now: string): Promise<RecordOutcome>;
  /**
   * A job whose targets could not be queued: canceled (it expires like any finished job, and a
   * target queued before the failure is skipped), and its claim released when it still names
   * this job, so the caller's retry with the same Idempotency-Key queues a new one.
   */
  abandon(jobId: string, claim: IdempotencyClaim | null, now: string): Promise<void>;
  /**
   * Notes a job whose targets are about to be queued, with the lanes that run them: until
   * queueDone, the sweep (JobService.sweepUnqueued) takes it for a job whose queuing may have
   * been lost, and queues what it finds unfinished.
   */
  queuePending(jobId: string, lanes: JobLanes, at: number): Promise<void>;
  /** Jobs noted by queuePending before `before` (epoch ms) and not done yet, oldest first, at most `limit`. */
  pendingQueues(before: number, limit: number): Promise<PendingQueue[]>;
  queueDone(jobId: string): Promise<void>;
  /** queued or running → canceled; returns the job as it is afterwards. */
  cancel(jobId: string, now: string): Promise<JobRecord | null>;
  /** The attempt number a target's next reservation uses (0 at first). */
  attempt(jobId: string, index: number): Promise<number>;
  /** Moves to the next attempt after a failure whose credits were released. */
  nextAttempt(jobId: string, index: number): Promise<number>;
  close(): Promise<void>;
}
