import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { familyQueueName } from '../../src/jobs/bullmq-queue.js';
import { clusterSeeds, deletePrefix, testPrefix, withMasters } from '../state/redis-support.js';
import { startHarness, type Harness } from '../support/gateway.js';
import { communityTargets, finished, pollJob, send, serveCommunities } from '../jobs/support.js';
import { storeEnv } from './store-target.js';

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The master serving a key's slot, as the cluster itself says. */
async function masterPortOf(key: string): Promise<number> {
  return withMasters(async ([any]) => {
    const slot = await any!.clusterKeySlot(key);
    const shard = (await any!.clusterSlots()).find((range) => range.from <= slot && slot <= range.to);
    if (!shard) throw new Error(`no master serves slot ${slot}`);
    return shard.master.port;
  });
}

/**
 * Stops the master that holds a family's job queue and checks that the queue's producers and
 * workers (BullMQ on the ioredis cluster client) carry on by themselves once its replica is
 * promoted. Needs the local cluster of scripts/redis-cluster.sh (brought back whole afterwards);
 * run on its own, since every other suite on the cluster would see the same outage.
 */
describe.skipIf(!clusterSeeds)('a Redis Cluster master holding a job queue dies', () => {
  const prefix = testPrefix();
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness(storeEnv(), { redisPrefix: prefix });
    serveCommunities(harness.upstream);
  });
  afterAll(async () => {
    await harness?.close();
    const base = Math.min(...clusterSeeds!.map((seed) => seed.port)) - 1;
    await run('scripts/redis-cluster.sh', ['start'], { env: { ...process.env, REDIS_CLUSTER_PORT_BASE: String(base) } });
    await deletePrefix(prefix);
  }, 60_000);

  it('queues and finishes batches again after the promotion, without a restart', async () => {
    const batch = (name: string, key?: string) =>
      send(harness.baseUrl, 'POST', '/v1/jobs/batch', {
        body: { endpoint: '/v1/forum/subreddit', targets: communityTargets(3, name) },
        headers: key ? { 'idempotency-key': key } : {},
      });
    const before = await batch('before');
    expect(await pollJob(harness.baseUrl, before.body.data.id, finished, { timeoutMs: 20_000 })).toMatchObject({ status: 'succeeded' });

    const port = await masterPortOf(`${prefix}bull:${familyQueueName('forum')}:wait`);
    const stoppedAt = Date.now();
    await run('redis-cli', ['-h', '127.0.0.1', '-p', String(port), 'shutdown', 'nosave']).catch(() => {});
    const statuses = new Set<number>();
    let queued: string | null = null;
    while (queued === null && Date.now() - stoppedAt < 40_000) {
      // One key throughout: a batch refused with 503 is abandoned and frees its key for the retry.
      const answer = await batch('after', 'failover-retry');
      statuses.add(answer.status);
      if (answer.status === 202) queued = answer.body.data.id as string;
      else await sleep(200);
    }
    console.warn(
      `queue failover: a batch was queued again ${Date.now() - stoppedAt} ms after the master stopped; answers ${[...statuses].join(',')}`,
    );
    expect(queued).not.toBeNull();
    // Meanwhile every refusal was the store's 503, never a 500.
    expect([...statuses].filter((status) => status !== 202 && status !== 503)).toEqual([]);
    expect(await pollJob(harness.baseUrl, queued!, finished, { timeoutMs: 60_000 })).toMatchObject({
      status: 'succeeded',
      progress: { total: 3, done: 3, failed: 0 },
    });
  }, 150_000);
});
