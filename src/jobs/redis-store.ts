import type { RedisStore } from '../state/redis/store.js';
import { idempotencyClaimKey, jobKeys, pendingQueueKeys } from './redis-keys.js';
import { CANCEL, CREATE, MARK_RUNNING, RECORD, RELEASE_CLAIM } from './redis-scripts.js';
import type { CreateOutcome, IdempotencyClaim, JobLanes, JobStore, PendingQueue, RecordOutcome } from './store.js';
import type { JobRecord, TargetPageEntry, TargetResult, TargetSpec } from './types.js';

/**
 * Jobs in Redis under the state prefix (names in redis-keys.ts): a job's four hashes share one
 * hash tag and change together in scripts; the Idempotency-Key claim (`jobId|fingerprint`) is a
 * key of its own. A finished job's keys expire after the retention period; an unfinished job's never do.
 */
export class RedisJobStore implements JobStore {
  readonly #store: RedisStore;
  readonly #retentionSeconds: number;

  constructor(store: RedisStore, options: { retentionSeconds: number }) {
    this.#store = store;
    this.#retentionSeconds = options.retentionSeconds;
  }

  /**
   * Two steps, each idempotent, since the claim and the job live in different slots on a cluster:
   * the claim first (SET NX), then the job (written only when absent). A claim whose job is not
   * there yet (its writer is about to write it, or died before) is completed by whoever holds the
   * same key and body: it writes the job under the claimed id, and queuing its targets again
   * adds each once.
   */
  async create(job: JobRecord, targets: TargetSpec[], claim: IdempotencyClaim | null): Promise<CreateOutcome> {
    let record = job;
    if (claim) {
      const key = idempotencyClaimKey(this.#store.keys.prefix, claim.key);
      const held = await this.#store.call((client) =>
        client.set(key, `${job.id}|${claim.fingerprint}`, {
          condition: 'NX',
          GET: true,
          expiration: { type: 'EX', value: this.#retentionSeconds },
        }),
      );
      if (held != null) {
        const [jobId, fingerprint] = String(held).split('|');
        if (fingerprint !== claim.fingerprint || !jobId) return { kind: 'conflict' };
        if (await this.get(jobId)) return { kind: 'replayed', jobId };
        record = { ...job, id: jobId };
      }
    }
    const fields = Object.entries(toHash(record)).flat();
    const args: (string | number)[] = [fields.length / 2, ...fields];
    for (const [index, spec] of targets.entries()) args.push(index, JSON.stringify(spec));
    const keys = jobKeys(this.#store.keys.prefix, record.id);
    await this.#store.call((client) => CREATE.run(client, [keys.job, keys.targets], args));
    return { kind: 'created', job: record };
  }

  async get(jobId: string): Promise<JobRecord | null> {
    const hash = await this.#store.call((client) => client.hGetAll(this.#keys(jobId)[0]));
    return hash.id === undefined ? null : fromHash(hash);
  }

  async target(jobId: string, index: number): Promise<TargetSpec | null> {
    const text = await this.#store.call((client) => client.hGet(this.#keys(jobId)[1], String(index)));
    return text == null ? null : (JSON.parse(text) as TargetSpec);
  }

  async result(jobId: string, index: number): Promise<TargetResult | null> {
    const text = await this.#store.call((client) => client.hGet(this.#keys(jobId)[2], String(index)));
    return text == null ? null : (JSON.parse(text) as TargetResult);
  }

  async page(jobId: string, from: number, count: number): Promise<TargetPageEntry[]> {
    const [, targetsKey, resultsKey] = this.#keys(jobId);
    const fields = Array.from({ length: count }, (_unused, offset) => String(from + offset));
    if (fields.length === 0) return [];
    const [specs, results] = await this.#store.call((client) =>
      Promise.all([client.hmGet(targetsKey, fields), client.hmGet(resultsKey, fields)]),
    );
    const page: TargetPageEntry[] = [];
    for (const [offset, spec] of specs.entries()) {
      if (spec == null) break;
      const result = results[offset];
      page.push({
        index: from + offset,
        spec: JSON.parse(spec) as TargetSpec,
        result: result == null ? null : (JSON.parse(result) as TargetResult),
      });
    }
    return page;
  }

  async markRunning(jobId: string, now: string): Promise<void> {
    await this.#store.call((client) => MARK_RUNNING.run(client, [this.#keys(jobId)[0]], [now]));
  }

  async record(jobId: string, index: number, result: TargetResult, now: string): Promise<RecordOutcome> {
    const args = [index, JSON.stringify(result), result.status === 'failed' ? 1 : 0, result.creditsCharged, now, this.#retentionSeconds];
    const reply = await this.#store.call((client) => RECORD.run(client, this.#keys(jobId), args));
    return reply === 1 ? 'recorded' : reply === 0 ? 'duplicate' : 'missing';
  }

  /** The job first (a retry then never finds a claim naming a live job it cannot see), then the claim: two slots, two idempotent steps. */
  async abandon(jobId: string, claim: IdempotencyClaim | null, now: string): Promise<void> {
    // Marked before the claim is released: a replay that still finds the claim sees the job was abandoned.
    await this.#store.call((client) => CANCEL.run(client, this.#keys(jobId), [now, this.#retentionSeconds, 'abandoned']));
    if (!claim) return;
    const key = idempotencyClaimKey(this.#store.keys.prefix, claim.key);
    await this.#store.call((client) => RELEASE_CLAIM.run(client, [key], [`${jobId}|${claim.fingerprint}`]));
  }

  async queuePending(jobId: string, lanes: JobLanes, at: number): Promise<void> {
    const keys = pendingQueueKeys(this.#store.keys.prefix);
    await this.#store.call((client) =>
      client.multi().zAdd(keys.byTime, { score: at, value: jobId }).hSet(keys.lanes, jobId, JSON.stringify(lanes)).exec(),
    );
  }

  async pendingQueues(before: number, limit: number): Promise<PendingQueue[]> {
    const keys = pendingQueueKeys(this.#store.keys.prefix);
    const ids = await this.#store.call((client) =>
      client.zRangeByScore(keys.byTime, 0, `(${before}`, { LIMIT: { offset: 0, count: limit } }),
    );
    if (ids.length === 0) return [];
    const lanes = await this.#store.call((client) => client.hmGet(keys.lanes, ids));
    return ids.map((jobId, index) => ({ jobId, lanes: JSON.parse(lanes[index] ?? '[]') as JobLanes }));
  }

  async queueDone(jobId: string): Promise<void> {
    const keys = pendingQueueKeys(this.#store.keys.prefix);
    await this.#store.call((client) => client.multi().zRem(keys.byTime, jobId).hDel(keys.lanes, jobId).exec());
  }

  async cancel(jobId: string, now: string): Promise<JobRecord | null> {
    await this.#store.call((client) => CANCEL.run(client, this.#keys(jobId), [now, this.#retentionSeconds]));
    return this.get(jobId);
  }

  async attempt(jobId: string, index: number): Promise<number> {
    return Number((await this.#store.call((client) => client.hGet(this.#keys(jobId)[3], String(index)))) ?? 0);
  }

  async nextAttempt(jobId: string, index: number): Promise<number> {
    return this.#store.call((client) => client.hIncrBy(this.#keys(jobId)[3], String(index), 1));
  }

  async close(): Promise<void> {}

  #keys(jobId: string): [string, string, string, string] {
    const keys = jobKeys(this.#store.keys.prefix, jobId);
    return [keys.job, keys.targets, keys.results, keys.attempts];
  }
}

function toHash(job: JobRecord): Record<string, string> {
  return Object.fromEntries(Object.entries(job).map(([name, value]) => [name, value === null ? '' : String(value)]));
}

function fromHash(hash: Record<string, string>): JobRecord {
  return {
    id: hash.id!,
    accountId: hash.accountId!,
    kind: hash.kind as JobRecord['kind'],
    endpoint: hash.endpoint!,
    status: hash.status as JobRecord['status'],
    total: Number(hash.total),
    done: Number(hash.done),
    failed: Number(hash.failed),
    creditsCharged: Number(hash.creditsCharged),
    createdAt: hash.createdAt!,
    startedAt: hash.startedAt || null,
    finishedAt: hash.finishedAt || null,
    ...(hash.abandoned === '1' ? { abandoned: true as const } : {}),
  };
}
