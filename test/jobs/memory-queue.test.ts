import { describe, expect, it } from 'vitest';
import { MemoryJobQueue, type MemoryJobQueueOptions } from '../../src/jobs/memory-queue.js';
import type { TargetProcessor } from '../../src/jobs/queue.js';
import type { TargetTask } from '../../src/jobs/types.js';
import { createJobs } from '../../src/jobs/index.js';
import { loadConfig } from '../../src/config/config.js';
import { createMemoryState } from '../../src/state/memory/index.js';
import { bookshelfFamily } from '../families/bookshelf/family.js';
import { bookshelfCatalogue } from '../support/bookshelf-catalogue.js';
import { stubUpstream } from '../support/stub-upstream.js';

const tasks = (jobId: string, count: number): TargetTask[] => Array.from({ length: count }, (_, index) => ({ jobId, index }));
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Queues `count` targets of one job on a lane of `limit`, starts a worker doing `work` for each
 * (none without it), then closes the queue: the targets the worker finished, and those handed back.
 */
async function closeAfterQueuing(
  setup: { jobId: string; count: number; limit?: number; work?: TargetProcessor } & MemoryJobQueueOptions,
): Promise<{ run: TargetTask[]; unrun: TargetTask[] }> {
  const run: TargetTask[] = [];
  const unrun: TargetTask[] = [];
  const queue = new MemoryJobQueue({ bookshelf: setup.limit ?? 1 }, { ...setup, onUnrun: (left) => unrun.push(...left) });
  await queue.enqueue(
    'bookshelf',
    setup.jobId,
    tasks(setup.jobId, setup.count).map((task) => task.index),
  );
  const work = setup.work;
  if (work)
    await queue.startWorkers(async (task) => {
      await work(task);
      run.push(task);
    });
  await queue.close();
  return { run, unrun };
}

describe('closing the in-memory job queue', () => {
  it('runs the targets still waiting before it returns: nothing queued is lost', async () => {
    const { run, unrun } = await closeAfterQueuing({ jobId: 'job_w', count: 3, work: () => pause(5) });
    expect(run).toEqual(tasks('job_w', 3));
    expect(unrun).toEqual([]);
  });

  it('runs a target its failed try put back for another, when that try falls within the bound', async () => {
    let failures = 1;
    const work = async () => {
      if (failures-- > 0) throw new Error('store away');
    };
    const { run } = await closeAfterQueuing({ jobId: 'job_r', count: 1, retryMs: 5, work });
    expect(run).toEqual(tasks('job_r', 1));
  });

  it('stops starting targets after its bound, waits for the running one, and hands back those never started', async () => {
    const { run, unrun } = await closeAfterQueuing({ jobId: 'job_b', count: 3, drainMs: 30, work: () => pause(50) });
    expect(run).toEqual(tasks('job_b', 1));
    expect(unrun).toEqual(tasks('job_b', 3).slice(1));
  });

  it('hands back a target whose try fails after the bound instead of putting it back for a try that never comes', async () => {
    const work = async () => {
      await pause(30);
      throw new Error('store away');
    };
    const { run, unrun } = await closeAfterQueuing({ jobId: 'job_f', count: 1, drainMs: 10, retryMs: 5, work });
    expect(run).toEqual([]);
    expect(unrun).toEqual(tasks('job_f', 1));
  });

  it('hands back every waiting target when no worker was ever started', async () => {
    const { unrun } = await closeAfterQueuing({ jobId: 'job_n', count: 2, limit: 2 });
    expect(unrun).toEqual(tasks('job_n', 2));
  });
});

describe('in-memory jobs closed before their targets ran', () => {
  it('log how many targets they could not run, naming the first', async () => {
    const state = createMemoryState({ cacheMaxBytes: 1_000, cacheRetentionSeconds: 60 });
    const logged: [string, Record<string, unknown>][] = [];
    const pipeline = { catalogue: bookshelfCatalogue, state, upstreamFor: () => stubUpstream(() => ({ body: '{}' })), logError: () => {} };
    const jobs = await createJobs(loadConfig({}, [bookshelfFamily]), pipeline, (message, context) => void logged.push([message, context]));
    const account = { id: 'acct', status: 'active' as const, dailyCap: null, createdAt: new Date().toISOString() };
    const created = await jobs.service.create(
      account,
      'batch',
      { endpoint: '/v1/bookshelf/shelf', targets: [{ shelf: 'x1' }, { shelf: 'x2' }] },
      null,
    );
    await jobs.close();
    expect(logged).toEqual([[expect.stringContaining('could run'), { count: 2, first: tasks(String(created.view.id), 2) }]]);
  });
});
