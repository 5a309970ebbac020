import { afterAll, describe, expect, it } from 'vitest';
import { GatewayError } from '../../src/errors.js';
import { MemoryJobQueue } from '../../src/jobs/memory-queue.js';
import { MemoryJobStore } from '../../src/jobs/memory-store.js';
import { RedisJobStore } from '../../src/jobs/redis-store.js';
import type { JobStore } from '../../src/jobs/store.js';
import type { TargetTask } from '../../src/jobs/types.js';
import { redisStates, STATE_REDIS } from '../state/redis-support.js';
import { flakyQueue, jobService } from '../support/job-service.js';

const batch = { endpoint: '/v1/bookshelf/shelf', targets: [{ shelf: 'a1' }, { shelf: 'a2' }] };
const account = { id: 'acct_abandoned', status: 'active' as const, dailyCap: null, createdAt: new Date().toISOString() };

const states = redisStates();
afterAll(() => states.cleanup());

const stores: [string, () => Promise<JobStore>, boolean][] = [
  ['memory', async () => new MemoryJobStore({ retentionSeconds: 60 }), true],
  ['redis', async () => new RedisJobStore((await states.create()).store, { retentionSeconds: 60 }), STATE_REDIS],
];

describe.each(stores)('a job accepted without an Idempotency-Key during a state outage (%s store)', (_name, create, available) => {
  it.skipIf(!available)('is swept: its targets are queued once the outage is over, and it is let go', async () => {
    const store = await create();
    // The store goes away after the job was written: canceling it fails as queuing did.
    const abandon = store.abandon.bind(store);
    store.abandon = async () => {
      throw new GatewayError('service_unavailable', 'store away');
    };
    const { queue, state } = flakyQueue();
    const service = jobService(store, queue);
    await expect(service.create(account, 'batch', batch, null)).rejects.toMatchObject({ code: 'service_unavailable' });
    store.abandon = abandon;
    state.away = false;
    // A job accepted in the meantime is queued by its own request: the sweep has nothing to do for it.
    const healthy = await service.create(account, 'batch', batch, null);
    expect(await service.sweepUnqueued(0, Date.now() + 1)).toBe(1);
    expect(await service.sweepUnqueued(0, Date.now() + 1)).toBe(0);
    const run: TargetTask[] = [];
    await queue.startWorkers(async (task) => void run.push(task));
    for (let attempt = 0; run.length < 4; attempt += 1) {
      if (attempt > 400) throw new Error(`only ${run.length} targets ran`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await queue.close();
    const stranded = run.map((task) => task.jobId).find((jobId) => jobId !== healthy.view.id);
    expect(stranded).toBeDefined();
    expect(run.filter((task) => task.jobId === stranded).map((task) => task.index)).toEqual([0, 1]);
    expect(run.filter((task) => task.jobId === healthy.view.id).map((task) => task.index)).toEqual([0, 1]);
  });

  it.skipIf(!available)('leaves a job alone until its request has had time to queue it, and lets a canceled one go', async () => {
    const store = await create();
    const { queue, state } = flakyQueue();
    const service = jobService(store, queue);
    // Canceled as abandoned by its own request: nothing to queue.
    await expect(service.create(account, 'batch', batch, null)).rejects.toMatchObject({ code: 'service_unavailable' });
    state.away = false;
    expect(await service.sweepUnqueued(60_000)).toBe(0);
    expect(await service.sweepUnqueued(0, Date.now() + 1)).toBe(0);
    const run: TargetTask[] = [];
    await queue.startWorkers(async (task) => void run.push(task));
    await queue.close();
    expect(run).toEqual([]);
  });
});

describe.each(stores)('a replay of a job that was abandoned (%s store)', (_name, create, available) => {
  it.skipIf(!available)('answers as a new request, never with the canceled job, and runs its targets', async () => {
    const store = await create();
    // The job is canceled as abandoned, but freeing its Idempotency-Key is lost (the key's shard went away).
    const abandon = store.abandon.bind(store);
    store.abandon = async (jobId, _claim, now) => abandon(jobId, null, now);
    const { queue, state } = flakyQueue();
    const service = jobService(store, queue);

    await expect(service.create(account, 'batch', batch, 'abandon-key')).rejects.toMatchObject({ code: 'service_unavailable' });
    state.away = false;
    store.abandon = abandon;
    const retried = await service.create(account, 'batch', batch, 'abandon-key');
    expect(retried.replayed).toBe(false);
    expect(retried.view.status).toBe('queued');
    const run: TargetTask[] = [];
    await queue.startWorkers(async (task) => void run.push(task));
    await queue.close();
    expect(run).toEqual([
      { jobId: retried.view.id, index: 0 },
      { jobId: retried.view.id, index: 1 },
    ]);
    // The key now names the new job: replays answer with it.
    const again = await service.create(account, 'batch', batch, 'abandon-key');
    expect([again.replayed, again.view.id]).toEqual([true, retried.view.id]);
  });

  it.skipIf(!available)('still answers a replay with a job its caller canceled', async () => {
    const store = await create();
    const queue = new MemoryJobQueue({ bookshelf: 2 });
    const service = jobService(store, queue);
    const first = await service.create(account, 'batch', batch, 'cancel-key');
    await service.cancel(account, String(first.view.id));
    const replay = await service.create(account, 'batch', batch, 'cancel-key');
    expect([replay.replayed, replay.view.id, replay.view.status]).toEqual([true, first.view.id, 'canceled']);
    await queue.close();
  });
});
