/**
 * Batch benchmark: one 500-target batch against a fake upstream with a fixed delay, with the
 * forum family's concurrency limit. Prints the batch's wall time against the ideal
 * `targets x upstream delay / concurrency`, where the delay is measured in the same run.
 * `npm run bench:batch` (in-process queue), or with REDIS_URL (BullMQ, workers in this process).
 */
import { performance } from 'node:perf_hooks';
import { deletePrefix, testPrefix } from '../test/state/redis-support.js';
import { RICH_KEY, startHarness } from '../test/support/gateway.js';
import { communityTargets, serveCommunities } from '../test/families/forum/serve-communities.js';
import { finished, pollJob, send } from '../test/jobs/support.js';

const TARGETS = Number(process.env.BENCH_TARGETS ?? 500);
const DELAY_MS = Number(process.env.BENCH_DELAY_MS ?? 20);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const prefix = testPrefix();

const env: Record<string, string> = { API_KEYS: `${RICH_KEY}=1000000`, FORUM_CONCURRENCY: String(CONCURRENCY) };
if (process.env.REDIS_URL) env.REDIS_URL = process.env.REDIS_URL;
const harness = await startHarness(env, { redisPrefix: prefix });
serveCommunities(harness.upstream, DELAY_MS);

try {
  // The upstream's real latency here (delay plus loopback HTTP), one request at a time.
  const samples = 20;
  const started = performance.now();
  for (let index = 0; index < samples; index += 1)
    await fetch(`${harness.upstreamOrigin}/r/probe${index}/hot.json`).then((response) => response.arrayBuffer());
  const measuredDelay = (performance.now() - started) / samples;

  const begin = performance.now();
  const created = await send(harness.baseUrl, 'POST', '/v1/jobs/batch', {
    body: { endpoint: '/v1/forum/subreddit', targets: communityTargets(TARGETS, 'bench') },
  });
  if (created.status !== 202) throw new Error(`batch refused: ${JSON.stringify(created.body)}`);
  const job = await pollJob(harness.baseUrl, created.body.data.id, finished, { timeoutMs: 600_000 });
  const wall = performance.now() - begin;

  const ideal = (TARGETS * measuredDelay) / CONCURRENCY;
  const rows: [string, string][] = [
    ['backend', process.env.REDIS_URL ? 'redis (BullMQ)' : 'memory'],
    ['targets', String(TARGETS)],
    ['concurrency', String(CONCURRENCY)],
    ['upstream delay (configured / measured)', `${DELAY_MS} ms / ${measuredDelay.toFixed(1)} ms`],
    ['ideal (targets x delay / concurrency)', `${ideal.toFixed(0)} ms`],
    ['batch wall time', `${wall.toFixed(0)} ms`],
    ['wall / ideal', `${(wall / ideal).toFixed(2)}x`],
    ['status / done / credits', `${job.status} / ${job.progress.done} / ${job.creditsCharged}`],
    ['upstream max concurrent', String(harness.upstream.maxConcurrent)],
  ];
  for (const [name, value] of rows) process.stdout.write(`${name.padEnd(42)} ${value}\n`);
} finally {
  await harness.close();
  await deletePrefix(prefix);
}
