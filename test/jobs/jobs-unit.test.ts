import { describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../src/catalogue/catalogue.js';
import { GatewayError } from '../../src/errors.js';
import { validateJobRequest } from '../../src/jobs/job-requests.js';
import { MemoryJobQueue } from '../../src/jobs/memory-queue.js';
import { MemoryJobStore } from '../../src/jobs/memory-store.js';
import { processTarget } from '../../src/jobs/process-target.js';
import type { TargetTask } from '../../src/jobs/types.js';
import { validateRequest } from '../../src/pipeline/params.js';
import { createMemoryState } from '../../src/state/memory/index.js';
import { BOOKS, bookshelfFamily } from '../families/bookshelf/family.js';
import { bookshelfCatalogue as catalogue } from '../support/bookshelf-catalogue.js';
import { flakyQueue, jobService, queuedJob } from '../support/job-service.js';
import { stubUpstream } from '../support/stub-upstream.js';

/** On the test family's shelf endpoint (test/families/bookshelf). */
const shelf = catalogue.byPath.get('/v1/bookshelf/shelf')!;

describe('job requests', () => {
  it('refuses to batch an endpoint that is not x-batchable, naming it', () => {
    const unbatchable = { ...shelf, flags: { ...shelf.flags, batchable: false } };
    const custom = buildCatalogue([{ ...bookshelfFamily, endpoints: [unbatchable], urlForms: [] }]);
    expect(() => validateJobRequest(custom, 'batch', { endpoint: shelf.path, targets: [{ shelf: 'x1' }] })).toThrow(
      /\/v1\/bookshelf\/shelf cannot be batched/,
    );
    expect(validateJobRequest(custom, 'job', { endpoint: shelf.path, params: { shelf: 'x1' } }).targets).toHaveLength(1);
  });
});

describe('the memory job store', () => {
  it('removes a finished job after the retention period: then it is gone, never queued again', async () => {
    let now = 1_000_000;
    const store = new MemoryJobStore({ retentionSeconds: 60, now: () => now });
    await store.create(queuedJob({ id: 'job_a' }), [{ input: {}, request: validateRequest(shelf, { shelf: 'x1' }) }], null);
    await store.record('job_a', 0, { status: 'succeeded', creditsCharged: 1, reservationId: 'r', envelope: '{}' }, 'now');
    now += 59_000;
    expect((await store.get('job_a'))?.status).toBe('succeeded');
    now += 2_000;
    expect(await store.get('job_a')).toBeNull();
    expect(await store.record('job_a', 0, { status: 'succeeded', creditsCharged: 1, reservationId: 'r', envelope: '{}' }, 'now')).toBe(
      'missing',
    );
  });
});

describe('processTarget', () => {
  it('waits for Retry-After on upstream_rate_limited, then charges once', async () => {
    const state = createMemoryState({ cacheMaxBytes: 1_000_000, cacheRetentionSeconds: 60 });
    const account = await state.keys.seed('sk_test_unit_0001', 10, null);
    let calls = 0;
    const upstream = stubUpstream(() => {
      calls += 1;
      if (calls === 1) return new GatewayError('upstream_rate_limited', 'slow down', { retryAfter: 7 });
      return { body: JSON.stringify({ books: [BOOKS['101'], BOOKS['102']] }) };
    });
    const store = new MemoryJobStore({ retentionSeconds: 60 });
    await store.create(
      queuedJob({ id: 'job_b', accountId: account.id }),
      [{ input: { shelf: 'x1' }, request: validateRequest(shelf, { shelf: 'x1' }) }],
      null,
    );
    const waits: number[] = [];
    const deps = {
      pipeline: { catalogue, state, upstreamFor: () => upstream, logError: () => {} },
      store,
      catalogue,
      sleep: async (ms: number) => void waits.push(ms),
    };
    await processTarget(deps, { jobId: 'job_b', index: 0 });
    expect(waits).toEqual([7000]);
    expect(await store.get('job_b')).toMatchObject({ status: 'succeeded', creditsCharged: 1 });
    expect((await state.ledger.usage(account.id, null)).balance).toBe(9);
    // A retried worker finds the stored result and neither fetches nor charges again.
    const fetched = calls;
    await processTarget(deps, { jobId: 'job_b', index: 0 });
    expect(calls).toBe(fetched);
    expect((await state.ledger.usage(account.id, null)).balance).toBe(9);
  });
});

describe('queuing a job when the store fails midway', () => {
  const batch = { endpoint: shelf.path, targets: [{ shelf: 'x1' }, { shelf: 'x2' }] };
  const account = { id: 'acct', status: 'active' as const, dailyCap: null, createdAt: new Date().toISOString() };

  it('queues the targets of a job it could neither queue nor abandon when the caller retries with the same key', async () => {
    const store = new MemoryJobStore({ retentionSeconds: 60 });
    // The store goes away after the job was written: abandoning it fails as queuing did.
    store.abandon = async () => {
      throw new GatewayError('service_unavailable', 'store away');
    };
    const { queue, state } = flakyQueue();
    const run: TargetTask[] = [];
    const service = jobService(store, queue);

    await expect(service.create(account, 'batch', batch, 'retry-key')).rejects.toMatchObject({ code: 'service_unavailable' });
    state.away = false;
    const retried = await service.create(account, 'batch', batch, 'retry-key');
    expect(retried.replayed).toBe(true);
    await queue.startWorkers(async (task) => void run.push(task));
    await queue.close();
    expect(run).toEqual([
      { jobId: retried.view.id, index: 0 },
      { jobId: retried.view.id, index: 1 },
    ]);

    // Another replay queues nothing again: a target with a result is finished, and one still
    // waiting is not added twice.
    await store.record(String(retried.view.id), 0, { status: 'succeeded', creditsCharged: 0, reservationId: null, envelope: '{}' }, 'now');
    const again = new MemoryJobQueue({ bookshelf: 2 });
    const rerun: TargetTask[] = [];
    const replayer = jobService(store, again);
    await replayer.create(account, 'batch', batch, 'retry-key');
    await replayer.create(account, 'batch', batch, 'retry-key');
    await again.startWorkers(async (task) => void rerun.push(task));
    await again.close();
    expect(rerun).toEqual([{ jobId: retried.view.id, index: 1 }]);
  });
});
