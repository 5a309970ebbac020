import { loadavg } from 'node:os';
import { load } from '../support/load.js';
import { startStockTarget } from '../support/stock-process.js';
import { fmt, type Row } from '../support/table.js';
import { startTarget, type TargetStats } from '../support/target-process.js';

const CONNECTIONS = 32;
const SECONDS = 8;

/** What the gateway's hit must reach, as ratios of its baselines in the same run. */
export interface RestHitTargets {
  /** Requests a second against bare node:http. */
  bare: number;
  /** Requests a second against the stock assembly; null: printed for reference only. */
  stock: number | null;
}

const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/**
 * REST cache hit (/v1/forum/subreddit, 25 posts) against two baselines answering the same bytes
 * with the same connections, in the same run, one after the other: a bare node:http server (in
 * the gateway's process, idle while the gateway is measured) and the stock assembly of the same
 * features (bench/stock-target.ts, a process of its own). A one-route Fastify answering the
 * bytes is a reference for the framework's share. CPU per hit is each process's own CPU time
 * over its measured requests. Memory is sampled in the target every second of the gateway's run.
 */
export async function restHit(
  label: string,
  env: Record<string, string> = {},
  targets: RestHitTargets = { bare: 0.7, stock: 1 },
): Promise<Row[]> {
  const target = await startTarget(env);
  const stock = await startStockTarget(target.gatewayUrl + target.hitPath, target.key);
  const loadBefore = loadAverage();
  try {
    const options = { connections: CONNECTIONS, duration: SECONDS, headers: { 'x-api-key': target.key } };
    /** Load after a warm-up second, with the server process's CPU time per measured request. */
    const measure = async (url: string, stats: () => Promise<TargetStats>) => {
      await load({ ...options, duration: 1, url }, 0);
      const before = await stats();
      const figures = await load({ ...options, url }, 0);
      return { ...figures, before, cpuPerRequest: ((await stats()).cpuMicros - before.cpuMicros) / Math.max(1, figures.requests) };
    };
    const bare = await measure(target.bareUrl + target.hitPath, () => target.stats());
    const assembly = await measure(stock.url, () => stock.stats());
    const framework = await load({ ...options, url: target.fastifyUrl + target.hitPath });
    const samples: TargetStats[] = [];
    const sampler = setInterval(() => void target.stats().then((stats) => samples.push(stats)), 1000);
    const gateway = await measure(target.gatewayUrl + target.hitPath, () => target.stats());
    clearInterval(sampler);
    const after = await target.stats();
    const live = samples.reduce((sum, sample) => sum + sample.upstreamRequests, after.upstreamRequests);
    // Skip the warm-up second's sample: flat means steady once warm.
    const steady = samples.slice(1);
    const first = steady[0]?.rss ?? after.rss;
    const peak = Math.max(first, ...steady.map((sample) => sample.rss), after.rss);
    const ratio = gateway.rps / bare.rps;
    const stockRatio = gateway.rps / assembly.rps;
    const scenario = `REST hit ${label} (${fmt.int(target.hitBytes)} B, ${CONNECTIONS} conn, ${SECONDS}s)`;
    const micros = (value: number) => `${value.toFixed(1)} µs`;
    return [
      {
        scenario,
        metric: 'requests/s',
        measured: fmt.int(gateway.rps),
        baseline: `${fmt.int(bare.rps)} (bare http)`,
        ratio: fmt.ratio(ratio),
        target: `>= ${targets.bare.toFixed(2)}`,
        met: ratio >= targets.bare,
      },
      {
        scenario,
        metric: 'requests/s against the stock assembly',
        measured: fmt.int(gateway.rps),
        baseline: `${fmt.int(assembly.rps)} (stock assembly)`,
        ratio: fmt.ratio(stockRatio),
        target: targets.stock === null ? '- (reference)' : `>= ${targets.stock.toFixed(2)}`,
        met: targets.stock === null ? null : stockRatio >= targets.stock,
      },
      {
        scenario,
        metric: 'requests/s, stock assembly',
        measured: fmt.int(assembly.rps),
        baseline: `${fmt.int(bare.rps)} (bare http)`,
        ratio: fmt.ratio(assembly.rps / bare.rps),
        target: '- (reference)',
        met: null,
      },
      {
        scenario,
        // The server's own cost, which the shared cores' contention with the load generator does not move much.
        metric: 'CPU per hit, gateway (ratio: bare / gateway)',
        measured: micros(gateway.cpuPerRequest),
        baseline: `${micros(bare.cpuPerRequest)} (bare http)`,
        ratio: fmt.ratio(bare.cpuPerRequest / gateway.cpuPerRequest),
        target: '- (reference)',
        met: null,
      },
      {
        scenario,
        metric: 'CPU per hit, gateway (ratio: stock / gateway)',
        measured: micros(gateway.cpuPerRequest),
        baseline: `${micros(assembly.cpuPerRequest)} (stock assembly)`,
        ratio: fmt.ratio(assembly.cpuPerRequest / gateway.cpuPerRequest),
        target: '- (reference)',
        met: null,
      },
      {
        scenario,
        metric: 'CPU per hit, stock assembly (ratio: bare / stock)',
        measured: micros(assembly.cpuPerRequest),
        baseline: `${micros(bare.cpuPerRequest)} (bare http)`,
        ratio: fmt.ratio(bare.cpuPerRequest / assembly.cpuPerRequest),
        target: '- (reference)',
        met: null,
      },
      {
        scenario,
        metric: 'requests/s, Fastify alone',
        measured: fmt.int(framework.rps),
        baseline: `${fmt.int(bare.rps)} (bare http)`,
        ratio: fmt.ratio(framework.rps / bare.rps),
        target: '- (reference)',
        met: null,
      },
      {
        scenario,
        metric: 'p99 latency',
        measured: fmt.ms(gateway.p99),
        baseline: fmt.ms(bare.p99),
        ratio: fmt.ratio(gateway.p99 / Math.max(bare.p99, 1)),
        target: '-',
        met: null,
      },
      {
        scenario,
        metric: 'failed / upstream',
        measured: `${gateway.failed} failed, ${live} upstream`,
        baseline: `${bare.failed} failed`,
        ratio: '-',
        target: '0 / 0',
        met: gateway.failed === 0 && live === 0,
      },
      {
        scenario,
        metric: 'RSS first..end (peak)',
        measured: `${fmt.mb(first)}..${fmt.mb(after.rss)} (${fmt.mb(peak)})`,
        baseline: '-',
        ratio: fmt.ratio(after.rss / first),
        target: 'flat (<= 1.10)',
        met: after.rss / first <= 1.1,
      },
      {
        scenario,
        metric: 'load average 1/5/15 min, start..end',
        measured: `${loadBefore} .. ${loadAverage()}`,
        baseline: '-',
        ratio: '-',
        target: '-',
        met: null,
      },
    ];
  } finally {
    await stock.stop();
    await target.stop();
  }
}
