import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountIdFromHash, hashKey } from '../../src/state/key-hash.js';
import { GATEWAY_START_ALLOWANCE_MS, kill, spawnWorker } from '../redis/processes.js';
import { deletePrefix, REDIS_URL, testPrefix } from '../state/redis-support.js';
import { BOOKS_HOST } from '../families/bookshelf/family.js';
import { bookshelfCatalogue } from '../support/bookshelf-harness.js';
import { RICH_KEY, startHarness, type Harness } from '../support/gateway.js';
import { finished, pollJob, send, serveShelves, shelfTargets } from './support.js';

/** Two worker starts one after the other, each allowed what a gateway start is, and the test's own work. */
const CRASH_TEST_MS = 2 * GATEWAY_START_ALLOWANCE_MS + 40_000;

const TARGETS = 500;
const CONCURRENCY = 10;

/** On the test family's shelf endpoint (test/families/bookshelf), registered in the worker processes too. */
describe.skipIf(!REDIS_URL)('a 500-target batch survives a worker killed with SIGKILL', () => {
  const prefix = testPrefix();
  let harness: Harness;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    // The HTTP side runs no workers: every target runs in the separate worker processes.
    harness = await startHarness(
      { REDIS_URL: REDIS_URL!, API_KEYS: `${RICH_KEY}=100000`, WORKERS: 'off', BOOKSHELF_CONCURRENCY: String(CONCURRENCY) },
      { redisPrefix: prefix, catalogue: bookshelfCatalogue },
    );
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => kill(worker, 'SIGTERM')));
    await harness?.close();
    await deletePrefix(prefix);
  });

  it(
    'finishes every target exactly once in the results and in the ledger',
    async () => {
      serveShelves(harness.upstream, 20);
      const workerEnv = {
        REDIS_URL: REDIS_URL!,
        TEST_REDIS_PREFIX: prefix,
        UPSTREAM_ORIGINS: `${BOOKS_HOST}=${harness.upstreamOrigin}`,
        BOOKSHELF_CONCURRENCY: String(CONCURRENCY),
        JOB_LOCK_MS: '1000',
        LOG_LEVEL: 'silent',
      };
      const accountId = accountIdFromHash(hashKey(RICH_KEY));
      const before = (await harness.gateway.state.ledger.usage(accountId, null)).balance;

      workers.push(await spawnWorker(workerEnv));
      const created = await send(harness.baseUrl, 'POST', '/v1/jobs/batch', {
        body: { endpoint: '/v1/bookshelf/shelf', targets: shelfTargets(TARGETS) },
      });
      expect(created.status).toBe(202);
      const id = created.body.data.id as string;

      const midway = await pollJob(harness.baseUrl, id, (job) => job.progress.done >= 200, { timeoutMs: 20_000 });
      await kill(workers[0]!, 'SIGKILL');
      const atKill = (await send(harness.baseUrl, 'GET', `/v1/jobs/${id}`)).body.data;
      expect(atKill.progress.done).toBeLessThan(TARGETS);
      expect(midway.status).toBe('running');

      // Two fresh workers: the family limit must hold across both while they finish the batch.
      harness.upstream.maxConcurrent = 0;
      workers.push(await spawnWorker(workerEnv), await spawnWorker(workerEnv));
      const job = await pollJob(harness.baseUrl, id, finished, { timeoutMs: 30_000, query: '?limit=500' });

      expect(job).toMatchObject({ status: 'succeeded', progress: { total: TARGETS, done: TARGETS, failed: 0 }, creditsCharged: TARGETS });
      expect(job.results.map((each: any) => each.index)).toEqual(Array.from({ length: TARGETS }, (_unused, index) => index));
      expect(
        job.results.every((each: any) => each.status === 'succeeded' && each.creditsCharged === 1 && each.result.success === true),
      ).toBe(true);
      expect(harness.upstream.maxConcurrent).toBeLessThanOrEqual(CONCURRENCY);
      // Targets in flight at the kill were fetched again, but never charged again.
      expect(harness.upstream.requests.length).toBeGreaterThanOrEqual(TARGETS);

      const after = (await harness.gateway.state.ledger.usage(accountId, null)).balance;
      expect(before - after).toBe(TARGETS);
      const charges = (await harness.gateway.state.ledger.history(accountId, 1000)).filter(
        (entry) => entry.kind === 'charge' && entry.requestId.startsWith(`job:${id}:`),
      );
      expect(charges).toHaveLength(TARGETS);
      expect(new Set(charges.map((entry) => entry.requestId)).size).toBe(TARGETS);
    },
    CRASH_TEST_MS,
  );
});
