import type { ErrorCode } from '../errors.js';
import type { ValidatedRequest } from '../pipeline/params.js';

/** A job's states: queued → running → succeeded | failed; queued or running → canceled. */
export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'canceled';

/** One job or batch as stored; per-target specs and results are kept beside it, by index. */
export interface JobRecord {
  id: string;
  /** The account of the key that created it: only that key may read or cancel it. */
  accountId: string;
  kind: 'job' | 'batch';
  endpoint: string;
  status: JobStatus;
  total: number;
  /** Targets finished, successfully or not. */
  done: number;
  /** Of those, the ones that failed. */
  failed: number;
  creditsCharged: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /**
   * Canceled by the gateway because its targets could not be queued, never by its caller: a
   * replay of its Idempotency-Key is answered as a new request.
   */
  abandoned?: true;
}

/** What a target runs: the caller's input (echoed back) and the validated request. */
export interface TargetSpec {
  input: Record<string, unknown>;
  request: ValidatedRequest;
  /** A target of a job on /v1/resolve: the endpoint its URL resolved to, which runs it. */
  endpoint?: string;
  /** A batch target on /v1/resolve that no endpoint can run: its failure, recorded without any fetch or charge. */
  refusal?: { code: ErrorCode; message: string; details?: Record<string, unknown> };
}

/** A finished target. Stored once per index, so a retried worker never runs it again. */
export interface TargetResult {
  status: 'succeeded' | 'failed';
  creditsCharged: number;
  /** The reservation the charge was made under (null when nothing was charged). */
  reservationId: string | null;
  /** The REST envelope (success or error) as JSON text. */
  envelope: string;
}

/** A page of a batch's targets with their results (null while not finished). */
export interface TargetPageEntry {
  index: number;
  spec: TargetSpec;
  result: TargetResult | null;
}

/** One unit of queued work: a target of a job. */
export interface TargetTask {
  jobId: string;
  index: number;
}

/** A finished job's status: a batch succeeds when any target did; it fails only when all failed. */
export function finalStatus(job: Pick<JobRecord, 'done' | 'failed'>): 'succeeded' | 'failed' {
  return job.failed < job.done ? 'succeeded' : 'failed';
}
