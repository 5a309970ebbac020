import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BullJobQueue } from '../../src/jobs/bullmq-queue.js';
import { createRedisState, type RedisState } from '../../src/state/redis/index.js';
import { hasRedisServer, startOwnRedis, type OwnRedis } from './processes.js';

/**
 * A restarted Redis has lost every loaded script. BullMQ's bulk add runs its script inside a
 * transaction, which does not fall back to loading it, so a batch could not be queued (500)
 * until something else reloaded the script. A private redis-server: flushing the shared one's
 * scripts would disturb every other suite.
 */
describe.skipIf(!hasRedisServer)('queueing a batch after Redis lost its scripts', () => {
  let redis: OwnRedis;
  let state: RedisState;
  let queue: BullJobQueue;
  beforeAll(async () => {
    redis = await startOwnRedis();
    state = await createRedisState({ url: redis.url, prefix: 'noscript:', cacheRetentionSeconds: 60 });
    queue = await BullJobQueue.open({ target: state.store.topology, prefix: state.prefix, concurrency: { forum: 2 }, lockMs: 30_000 });
  });
  afterAll(async () => {
    await queue?.close();
    await state?.close();
    await redis?.stop();
  });

  it('still queues every target, once each', async () => {
    await queue.enqueue('forum', 'job_before', [0, 1]);
    await state.store.call((client) => client.scriptFlush());
    await queue.enqueue('forum', 'job_after', [0, 1, 2]);
    const waiting = await state.store.call((client) => client.keys('noscript:bull:{jobs-forum}:job_*'));
    expect(waiting.sort()).toEqual(
      ['job_after-0', 'job_after-1', 'job_after-2', 'job_before-0', 'job_before-1'].map((id) => `noscript:bull:{jobs-forum}:${id}`),
    );
  });
});
