import { randomUUID } from 'node:crypto';
import type { Catalogue } from '../catalogue/catalogue.js';
import type { FamilyName } from '../catalogue/endpoint.js';
import { GatewayError } from '../errors.js';
import type { ApiKeyRecord, PubSub } from '../state/ports.js';
import { validateJobRequest } from './job-requests.js';
import type { JobQueue } from './queue.js';
import type { JobLanes, JobStore } from './store.js';
import type { JobRecord } from './types.js';
import { createdView, jobView } from './views.js';

/** Results per page of GET /v1/jobs/{id} unless `limit` says otherwise (at most MAX_PAGE). */
export const DEFAULT_PAGE = 100;
export const MAX_PAGE = 500;

/** Jobs one sweep looks at, at most. */
const SWEEP_BATCH = 100;

/** The pub/sub topic of a job's progress (the jobProgress subscription listens to it). */
export const progressTopic = (jobId: string): string => `job:${jobId}`;

/** What every door (REST, GraphQL) does with jobs; the caller is already authenticated. */
export class JobService {
  readonly #catalogue: Catalogue;
  readonly #store: JobStore;
  readonly #queue: JobQueue;
  readonly pubsub: PubSub;

  constructor(deps: { catalogue: Catalogue; store: JobStore; queue: JobQueue; pubsub: PubSub }) {
    this.#catalogue = deps.catalogue;
    this.#store = deps.store;
    this.#queue = deps.queue;
    this.pubsub = deps.pubsub;
  }

  /**
   * Validates every target, stores the job and queues its targets. With an Idempotency-Key the
   * same body returns the first job (replayed) and another body is 409 idempotency_conflict.
   */
  async create(
    account: ApiKeyRecord,
    kind: 'job' | 'batch',
    body: unknown,
    idempotencyKey: string | null,
    firstTry = true,
  ): Promise<{ view: Record<string, unknown>; replayed: boolean }> {
    const request = validateJobRequest(this.#catalogue, kind, body);
    const job: JobRecord = {
      id: `job_${randomUUID().replaceAll('-', '')}`,
      accountId: account.id,
      kind,
      endpoint: request.endpoint,
      status: 'queued',
      total: request.targets.length,
      done: 0,
      failed: 0,
      creditsCharged: 0,
      createdAt: new Date().toISOString(),
      startedAt: null,
      finishedAt: null,
    };
    const claim = idempotencyKey === null ? null : { key: `${account.id}:${idempotencyKey}`, fingerprint: request.fingerprint };
    const lanes: JobLanes = [...request.lanes].map(([family, indexes]) => [family, [...indexes]]);
    // Noted before the job exists: whatever happens next, the sweep finds a job left unqueued.
    await this.#store.queuePending(job.id, lanes, Date.now());
    const created = await this.#store.create(job, request.targets, claim);
    if (created.kind !== 'created' || created.job.id !== job.id) await this.#store.queueDone(job.id).catch(() => {});
    if (created.kind === 'conflict') {
      throw new GatewayError('idempotency_conflict', 'This Idempotency-Key was already used with a different request body.', {
        details: { idempotencyKey },
      });
    }
    if (created.kind === 'replayed') {
      const first = await this.#owned(account, created.jobId);
      if (first.abandoned && firstTry) {
        // Its first request never got it queued and the key's release was lost: the key is freed
        // now and this request runs as a new one, never answered with the canceled job.
        await this.#store.abandon(first.id, claim, new Date().toISOString());
        return this.create(account, kind, body, idempotencyKey, false);
      }
      if (first.status === 'queued' || first.status === 'running') await this.#enqueueUnfinished(first, request.lanes);
      return {
        view: createdView(first, first.kind === 'job' ? ((await this.#store.target(first.id, 0))?.input ?? null) : null),
        replayed: true,
      };
    }
    // The stored job: under a claimed id when this request completed a claim whose first writer stopped short.
    const stored = created.job;
    try {
      if (stored.id !== job.id) await this.#store.queuePending(stored.id, lanes, Date.now());
      for (const [family, indexes] of request.lanes) await this.#queue.enqueue(family, stored.id, indexes);
    } catch (error) {
      // Not left queued forever with nothing to run it: the caller is told to retry (503), and may reuse its key.
      // Left noted when even that fails: the sweep then queues it once the store is back.
      await this.#store
        .abandon(stored.id, claim, new Date().toISOString())
        .then(() => this.#store.queueDone(stored.id))
        .catch(() => {});
      throw error;
    }
    await this.#store.queueDone(stored.id).catch(() => {});
    return { view: createdView(stored, kind === 'job' ? request.targets[0]!.input : null), replayed: false };
  }

  /**
   * Finishes the queuing of jobs accepted at least `graceMs` ago whose queuing was never known
   * to end: the request that accepted one lost the queue and then the store before it could
   * queue or cancel it, so nothing would ever run it. Its unfinished targets are queued (a target
   * already queued is not added twice); a job that is finished, canceled or gone is let go.
   * Returns how many jobs it looked at.
   */
  async sweepUnqueued(graceMs: number, now = Date.now()): Promise<number> {
    const pending = await this.#store.pendingQueues(now - graceMs, SWEEP_BATCH);
    for (const { jobId, lanes } of pending) {
      const job = await this.#store.get(jobId);
      if (job && (job.status === 'queued' || job.status === 'running')) await this.#enqueueUnfinished(job, new Map(lanes));
      await this.#store.queueDone(jobId);
    }
    return pending.length;
  }

  /** The job with a page of its results from `cursor`; 404 for another key's job or a removed one. */
  async get(
    account: ApiKeyRecord,
    jobId: string,
    cursor: string | undefined,
    limit: number = DEFAULT_PAGE,
  ): Promise<Record<string, unknown>> {
    const job = await this.#owned(account, jobId);
    const from = cursor === undefined ? 0 : Number(cursor);
    if (!Number.isInteger(from) || from < 0)
      throw new GatewayError('invalid_request', 'Invalid parameter `cursor`: use the cursor of the previous page.', {
        details: { param: 'cursor' },
      });
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE)
      throw new GatewayError('invalid_request', `Invalid parameter \`limit\`: 1 to ${MAX_PAGE}.`, { details: { param: 'limit' } });
    const count = job.kind === 'job' ? 1 : Math.min(limit, Math.max(0, job.total - from));
    const page = await this.#store.page(job.id, job.kind === 'job' ? 0 : from, count);
    const next = from + count < job.total ? from + count : null;
    return jobView(job, page, job.kind === 'job' ? null : next);
  }

  /** queued or running → canceled; a finished job is returned unchanged. */
  async cancel(account: ApiKeyRecord, jobId: string): Promise<Record<string, unknown>> {
    await this.#owned(account, jobId);
    const job = (await this.#store.cancel(jobId, new Date().toISOString())) ?? notFound(jobId);
    if (job.status === 'canceled') await this.pubsub.publish(progressTopic(job.id), JSON.stringify(job)).catch(() => {});
    return this.get(account, job.id, undefined);
  }

  /** The job when it exists and belongs to this account; otherwise 404, so ids reveal nothing. */
  async #owned(account: ApiKeyRecord, jobId: string): Promise<JobRecord> {
    const job = /^job_[0-9a-f]{32}$/.test(jobId) ? await this.#store.get(jobId) : null;
    if (!job || job.accountId !== account.id) return notFound(jobId);
    return job;
  }

  /**
   * Queues again the targets of a replayed job that have no result yet. The request that
   * created it may have failed to queue them and then failed to abandon the job (the store went
   * away in between): the caller, told to retry, replays the same key, and this retry is what
   * gets the job running. A target still queued or running is not added twice.
   */
  async #enqueueUnfinished(job: JobRecord, lanes: ReadonlyMap<FamilyName, readonly number[]>): Promise<void> {
    const finished = new Set((await this.#store.page(job.id, 0, job.total)).filter((entry) => entry.result).map((entry) => entry.index));
    for (const [family, indexes] of lanes) {
      const unfinished = indexes.filter((index) => !finished.has(index));
      if (unfinished.length > 0) await this.#queue.enqueue(family, job.id, unfinished);
    }
  }

  /** The job record for an owner (the GraphQL subscription's first event). */
  owned(account: ApiKeyRecord, jobId: string): Promise<JobRecord> {
    return this.#owned(account, jobId);
  }
}

function notFound(jobId: string): never {
  throw new GatewayError('not_found', `No job ${jobId} for this API key (jobs are kept for a limited time after they finish).`);
}
