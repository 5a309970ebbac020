import { startForumUpstream } from '../support/forum-upstream.js';
import { load } from '../support/load.js';
import { fmt, type Row } from '../support/table.js';
import { startTarget, type TargetStats } from '../support/target-process.js';

const SLICE = 10_000;
const CACHE_MAX_BYTES = 16 * 1024 * 1024;
/**
 * The old-space bound of the measured run, as a deployment sets it with NODE_OPTIONS: about
 * twice the live heap this mix reaches (~100 to 130 MB with a 16 MB cache), so V8 collects
 * before it grows the heap instead of growing towards its default limit (a quarter of RAM).
 */
const MAX_OLD_SPACE_MB = 224;
const NAMES = 400;
const SORTS = ['hot', 'new', 'top'];
const LIMITS = [5, 10, 25];

/** A skewed mix (a few popular communities, a long tail) so most requests hit and the tail keeps evicting. */
function mixedPath(): string {
  const name = `c${Math.floor(NAMES * Math.random() ** 5)}`;
  if (Math.random() < 0.1) return `/v1/forum/user?username=u_${name}&cache_max_age=1h`;
  const sort = SORTS[Math.floor(Math.random() * SORTS.length)]!;
  const limit = LIMITS[Math.floor(Math.random() * LIMITS.length)]!;
  return `/v1/forum/subreddit?subreddit=${name}&sort=${sort}&limit=${limit}&cache_max_age=1h`;
}

interface MemoryRun {
  sent: number;
  failed: number;
  seconds: number;
  readings: TargetStats[];
}

/** Sends up to `total` mixed requests in slices of 10,000, reading the target's memory after each. */
async function run(origin: string, total: number, budgetMs: number, maxOldSpaceMb?: number): Promise<MemoryRun> {
  const target = await startTarget({ BENCH_CACHE_MAX_BYTES: String(CACHE_MAX_BYTES), BENCH_UPSTREAM_ORIGIN: origin }, { maxOldSpaceMb });
  try {
    const started = Date.now();
    const readings: TargetStats[] = [];
    let sent = 0;
    let failed = 0;
    while (sent < total && Date.now() - started < budgetMs) {
      const figures = await load(
        {
          url: target.gatewayUrl,
          connections: 32,
          amount: SLICE,
          headers: { 'x-api-key': target.key },
          requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: mixedPath() }) }],
        },
        0,
      );
      sent += figures.requests;
      failed += figures.failed;
      readings.push(await target.stats());
    }
    // The live set at the end, after a full collection: what the process really keeps.
    readings.push(await target.stats(true));
    return { sent, failed, seconds: (Date.now() - started) / 1000, readings };
  } finally {
    await target.stop();
  }
}

/**
 * Resident memory after up to 100,000 mixed requests against a cache bounded to 16 MB, read
 * after every 10,000; flat means the last readings stay within 10% once the cache is full.
 * The baseline is the same gateway with V8's default heap sizing, for 20,000 requests: it
 * shows how much of RSS is garbage V8 has not yet collected rather than memory kept.
 * The fake upstream runs in this process, so its bodies are not counted as the gateway's.
 */
export async function memory(): Promise<Row[]> {
  const { upstream, origin } = await startForumUpstream();
  try {
    const unbounded = await run(origin, 20_000, 12_000);
    upstream.requests.length = 0;
    const bounded = await run(origin, 100_000, 38_000, MAX_OLD_SPACE_MB);
    const misses = upstream.requests.length;
    const rss = bounded.readings.map((reading) => reading.rss);
    const end = rss.at(-1) ?? 0;
    const half = rss[Math.floor(rss.length / 2)] ?? end;
    const live = bounded.readings.at(-1)?.liveHeap ?? 0;
    const defaultEnd = unbounded.readings.at(-1)!;
    const scenario = `Memory: ${fmt.int(bounded.sent)} mixed requests in ${bounded.seconds.toFixed(0)}s, cache <= ${fmt.mb(CACHE_MAX_BYTES)}, old space <= ${MAX_OLD_SPACE_MB} MB`;
    return [
      {
        scenario,
        metric: 'RSS at end (live heap)',
        measured: `${fmt.mb(end)} (${fmt.mb(live)})`,
        baseline: `${fmt.mb(defaultEnd.rss)} (${fmt.mb(defaultEnd.liveHeap ?? 0)}) default V8 sizing, ${fmt.int(unbounded.sent)} req`,
        ratio: fmt.ratio(end / defaultEnd.rss),
        target: '< 300 MB',
        met: end < 300 * 1024 * 1024,
      },
      {
        scenario,
        metric: 'RSS mid..end',
        measured: `${fmt.mb(half)}..${fmt.mb(end)}`,
        baseline: rss.map(fmt.mb).join(' '),
        ratio: fmt.ratio(end / half),
        target: 'flat (<= 1.10)',
        met: end / half <= 1.1,
      },
      {
        scenario,
        metric: 'misses / failed',
        measured: `${fmt.int(misses)} upstream, ${bounded.failed} failed`,
        baseline: '-',
        ratio: fmt.ratio(misses / Math.max(bounded.sent, 1)),
        target: '0 failed',
        met: bounded.failed === 0 && unbounded.failed === 0,
      },
    ];
  } finally {
    await upstream.stop();
  }
}
