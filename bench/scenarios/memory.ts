import { load } from '../support/load.js';
import { fmt, type Row } from '../support/table.js';
import { startTarget } from '../support/target-process.js';

const TOTAL = 100_000;
const SLICE = 10_000;
/** Wall-clock bound of the whole run; on 2 cores the slices stop early if it is reached. */
const BUDGET_MS = 45_000;
const CACHE_MAX_BYTES = 16 * 1024 * 1024;
const NAMES = 400;
const SORTS = ['hot', 'new', 'top'];
const LIMITS = [5, 10, 25];

/** A skewed mix (a few popular communities, a long tail) so most requests hit and the tail keeps evicting. */
function mixedPath(): string {
  const name = `c${Math.floor(NAMES * Math.random() ** 3)}`;
  if (Math.random() < 0.1) return `/v1/forum/user?username=u_${name}&cache_max_age=1h`;
  const sort = SORTS[Math.floor(Math.random() * SORTS.length)]!;
  const limit = LIMITS[Math.floor(Math.random() * LIMITS.length)]!;
  return `/v1/forum/subreddit?subreddit=${name}&sort=${sort}&limit=${limit}&cache_max_age=1h`;
}

/**
 * Resident memory after up to 100,000 mixed requests against a cache bounded to 16 MB,
 * read after every 10,000; flat means the last readings stay within 10% once the cache is full.
 */
export async function memory(): Promise<Row[]> {
  const target = await startTarget({ BENCH_CACHE_MAX_BYTES: String(CACHE_MAX_BYTES) });
  try {
    const started = Date.now();
    const readings: number[] = [];
    let sent = 0;
    let failed = 0;
    let upstream = 0;
    while (sent < TOTAL && Date.now() - started < BUDGET_MS) {
      const figures = await load(
        { url: target.gatewayUrl, connections: 32, amount: SLICE, headers: { 'x-api-key': target.key }, requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: mixedPath() }) }] },
        0,
      );
      sent += figures.requests;
      failed += figures.failed;
      const stats = await target.stats();
      upstream += stats.upstreamRequests;
      readings.push(stats.rss);
    }
    const seconds = (Date.now() - started) / 1000;
    const end = readings.at(-1) ?? 0;
    const half = readings[Math.floor(readings.length / 2)] ?? end;
    const scenario = `Memory: ${fmt.int(sent)} mixed requests in ${seconds.toFixed(0)}s, cache <= ${fmt.mb(CACHE_MAX_BYTES)}`;
    return [
      { scenario, metric: 'RSS at end', measured: fmt.mb(end), baseline: '-', ratio: '-', target: '< 300 MB', met: end < 300 * 1024 * 1024 },
      { scenario, metric: 'RSS mid..end', measured: `${fmt.mb(half)}..${fmt.mb(end)}`, baseline: readings.map(fmt.mb).join(' '), ratio: fmt.ratio(end / half), target: 'flat (<= 1.10)', met: end / half <= 1.1 },
      { scenario, metric: 'misses / failed', measured: `${fmt.int(upstream)} upstream, ${failed} failed`, baseline: '-', ratio: fmt.ratio(upstream / Math.max(sent, 1)), target: '0 failed', met: failed === 0 },
    ];
  } finally {
    await target.stop();
  }
}
