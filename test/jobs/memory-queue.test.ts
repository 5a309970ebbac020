import { describe, expect, it } from 'vitest';
import { MemoryJobQueue } from '../../src/jobs/memory-queue.js';
import type { TargetTask } from '../../src/jobs/types.js';

const tasks = (jobId: string, count: number): TargetTask[] => Array.from({ length: count }, (_, index) => ({ jobId, index }));

describe('closing the in-memory job queue', () => {
  it('runs the targets still waiting before it returns: nothing queued is lost', async () => {
    const queue = new MemoryJobQueue({ bookshelf: 1 });
    const run: TargetTask[] = [];
    await queue.enqueue('bookshelf', 'job_w', [0, 1, 2]);
    await queue.startWorkers(async (task) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      run.push(task);
    });
    await queue.close();
    expect(run).toEqual(tasks('job_w', 3));
  });

  it('runs a target its failed try put back for another, when that try falls within the bound', async () => {
    const queue = new MemoryJobQueue({ bookshelf: 1 }, { retryMs: 5 });
    const run: TargetTask[] = [];
    let failures = 1;
    await queue.enqueue('bookshelf', 'job_r', [0]);
    await queue.startWorkers(async (task) => {
      if (failures-- > 0) throw new Error('store away');
      run.push(task);
    });
    await queue.close();
    expect(run).toEqual(tasks('job_r', 1));
  });

  it('stops starting targets after its bound, waits for the running one, and hands back those never started', async () => {
    const unrun: TargetTask[] = [];
    const queue = new MemoryJobQueue({ bookshelf: 1 }, { drainMs: 30, onUnrun: (left) => unrun.push(...left) });
    const run: TargetTask[] = [];
    await queue.enqueue('bookshelf', 'job_b', [0, 1, 2]);
    await queue.startWorkers(async (task) => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      run.push(task);
    });
    await queue.close();
    expect(run).toEqual(tasks('job_b', 1));
    expect(unrun).toEqual(tasks('job_b', 3).slice(1));
  });

  it('hands back a target whose try fails after the bound instead of putting it back for a try that never comes', async () => {
    const unrun: TargetTask[] = [];
    const queue = new MemoryJobQueue({ bookshelf: 1 }, { drainMs: 10, retryMs: 5, onUnrun: (left) => unrun.push(...left) });
    await queue.enqueue('bookshelf', 'job_f', [0]);
    await queue.startWorkers(async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      throw new Error('store away');
    });
    await queue.close();
    expect(unrun).toEqual(tasks('job_f', 1));
  });

  it('hands back every waiting target when no worker was ever started', async () => {
    const unrun: TargetTask[] = [];
    const queue = new MemoryJobQueue({ bookshelf: 2 }, { onUnrun: (left) => unrun.push(...left) });
    await queue.enqueue('bookshelf', 'job_n', [0, 1]);
    await queue.close();
    expect(unrun).toEqual(tasks('job_n', 2));
  });
});
