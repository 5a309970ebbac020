import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { familyQueueName } from '../../src/jobs/bullmq-queue.js';
import { clusterSeeds, deletePrefix, testPrefix } from '../state/redis-support.js';
import { bookshelfCatalogue } from '../support/bookshelf-catalogue.js';
import { startHarness, type Harness } from '../support/gateway.js';
import { shelfTargets, finished, pollJob, send, serveShelves } from '../jobs/support.js';
import { storeEnv } from './store-target.js';
import { masterPortOf, restoreCluster, stopNode } from './cluster-outage.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
    // Replication is asynchronous: the promoted replica may still hold targets the dead master had
    // finished as running. They return through the stalled-job check once their lock lapses, so a
    // short lock keeps that wait (and the test) short.
    harness = await startHarness({ ...storeEnv(), JOB_LOCK_MS: '4000' }, { redisPrefix: prefix, catalogue: bookshelfCatalogue });
    serveShelves(harness.upstream);
  });
  afterAll(async () => {
    await harness?.close();
    await restoreCluster();
    await deletePrefix(prefix);
  }, 60_000);

  it('queues and finishes batches again after the promotion, without a restart', async () => {
    const batch = (name: string, key?: string) =>
      send(harness.baseUrl, 'POST', '/v1/jobs/batch', {
        body: { endpoint: '/v1/bookshelf/shelf', targets: shelfTargets(3, name) },
        headers: key ? { 'idempotency-key': key } : {},
      });
    const before = await batch('before');
    expect(await pollJob(harness.baseUrl, before.body.data.id, finished, { timeoutMs: 20_000 })).toMatchObject({ status: 'succeeded' });

    const port = await masterPortOf(`${prefix}bull:${familyQueueName('bookshelf')}:wait`);
    const stoppedAt = Date.now();
    await stopNode(port);
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
