import type { CreateOutcome, IdempotencyClaim, JobLanes, JobStore, PendingQueue, RecordOutcome } from './store.js';
import { finalStatus, type JobRecord, type TargetPageEntry, type TargetResult, type TargetSpec } from './types.js';

interface Entry {
  job: JobRecord;
  targets: TargetSpec[];
  results: Map<number, TargetResult>;
  attempts: Map<number, number>;
  /** Epoch ms after which the job is gone; null while it is unfinished. */
  expiresAt: number | null;
}

/**
 * Jobs of one process. Every method changes state before its first await, so JavaScript's
 * run-to-completion makes each one atomic, like the Redis scripts.
 */
export class MemoryJobStore implements JobStore {
  readonly #jobs = new Map<string, Entry>();
  readonly #claims = new Map<string, { jobId: string; fingerprint: string; expiresAt: number }>();
  readonly #pending = new Map<string, { lanes: JobLanes; at: number }>();
  readonly #retentionMs: number;
  readonly #now: () => number;

  constructor(options: { retentionSeconds: number; now?: () => number }) {
    this.#retentionMs = options.retentionSeconds * 1000;
    this.#now = options.now ?? Date.now;
  }

  async create(job: JobRecord, targets: TargetSpec[], claim: IdempotencyClaim | null): Promise<CreateOutcome> {
    if (claim) {
      const existing = this.#claims.get(claim.key);
      if (existing && existing.expiresAt > this.#now()) {
        return existing.fingerprint === claim.fingerprint ? { kind: 'replayed', jobId: existing.jobId } : { kind: 'conflict' };
      }
      this.#claims.set(claim.key, { jobId: job.id, fingerprint: claim.fingerprint, expiresAt: this.#now() + this.#retentionMs });
    }
    this.#jobs.set(job.id, { job: { ...job }, targets, results: new Map(), attempts: new Map(), expiresAt: null });
    return { kind: 'created', job: { ...job } };
  }

  async abandon(jobId: string, claim: IdempotencyClaim | null, now: string): Promise<void> {
    if (claim && this.#claims.get(claim.key)?.jobId === jobId) this.#claims.delete(claim.key);
    const entry = this.#entry(jobId);
    if (entry && (entry.job.status === 'queued' || entry.job.status === 'running')) {
      entry.job.abandoned = true;
      this.#finish(entry, 'canceled', now);
    }
  }

  async get(jobId: string): Promise<JobRecord | null> {
    const entry = this.#entry(jobId);
    return entry ? { ...entry.job } : null;
  }

  async target(jobId: string, index: number): Promise<TargetSpec | null> {
    return this.#entry(jobId)?.targets[index] ?? null;
  }

  async result(jobId: string, index: number): Promise<TargetResult | null> {
    return this.#entry(jobId)?.results.get(index) ?? null;
  }

  async page(jobId: string, from: number, count: number): Promise<TargetPageEntry[]> {
    const entry = this.#entry(jobId);
    if (!entry) return [];
    return entry.targets
      .slice(from, from + count)
      .map((spec, offset) => ({ index: from + offset, spec, result: entry.results.get(from + offset) ?? null }));
  }

  async markRunning(jobId: string, now: string): Promise<void> {
    const entry = this.#entry(jobId);
    if (entry?.job.status === 'queued') Object.assign(entry.job, { status: 'running', startedAt: now });
  }

  async record(jobId: string, index: number, result: TargetResult, now: string): Promise<RecordOutcome> {
    const entry = this.#entry(jobId);
    if (!entry) return 'missing';
    if (entry.results.has(index)) return 'duplicate';
    entry.results.set(index, result);
    const { job } = entry;
    job.done += 1;
    if (result.status === 'failed') job.failed += 1;
    job.creditsCharged += result.creditsCharged;
    if (job.status === 'queued' || job.status === 'running') {
      job.startedAt ??= now;
      job.status = 'running';
      if (job.done >= job.total) this.#finish(entry, finalStatus(job), now);
    }
    return 'recorded';
  }

  async queuePending(jobId: string, lanes: JobLanes, at: number): Promise<void> {
    this.#pending.set(jobId, { lanes, at });
  }

  async pendingQueues(before: number, limit: number): Promise<PendingQueue[]> {
    return [...this.#pending]
      .filter(([, entry]) => entry.at < before)
      .sort(([, a], [, b]) => a.at - b.at)
      .slice(0, limit)
      .map(([jobId, { lanes }]) => ({ jobId, lanes }));
  }

  async queueDone(jobId: string): Promise<void> {
    this.#pending.delete(jobId);
  }

  async cancel(jobId: string, now: string): Promise<JobRecord | null> {
    const entry = this.#entry(jobId);
    if (!entry) return null;
    if (entry.job.status === 'queued' || entry.job.status === 'running') this.#finish(entry, 'canceled', now);
    return { ...entry.job };
  }

  async attempt(jobId: string, index: number): Promise<number> {
    return this.#entry(jobId)?.attempts.get(index) ?? 0;
  }

  async nextAttempt(jobId: string, index: number): Promise<number> {
    const entry = this.#entry(jobId);
    const next = (entry?.attempts.get(index) ?? 0) + 1;
    entry?.attempts.set(index, next);
    return next;
  }

  async close(): Promise<void> {}

  #finish(entry: Entry, status: JobRecord['status'], now: string): void {
    Object.assign(entry.job, { status, finishedAt: now });
    entry.expiresAt = this.#now() + this.#retentionMs;
  }

  /** The entry, or null once its retention has passed (it is then deleted for good). */
  #entry(jobId: string): Entry | null {
    const entry = this.#jobs.get(jobId);
    if (!entry) return null;
    if (entry.expiresAt !== null && entry.expiresAt <= this.#now()) {
      this.#jobs.delete(jobId);
      return null;
    }
    return entry;
  }
}
