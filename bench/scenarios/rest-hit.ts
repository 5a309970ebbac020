import { loadavg } from 'node:os';
import { load } from '../support/load.js';
import { startStockTarget } from '../support/stock-process.js';
import { fmt, type Row } from '../support/table.js';
import { startTarget, type TargetStats } from '../support/target-process.js';

const CONNECTIONS = 32;
/** Each server is loaded in this many rounds, taking turns, so a change in the machine's other load falls on all of them. */
const ROUNDS = 3;
const ROUND_SECONDS = 4;
const SECONDS = ROUNDS * ROUND_SECONDS;

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

/** One server's figures summed over its rounds. */
interface Measured {
  rps: number;
  requests: number;
  failed: number;
  /** The worst round's p99. */
  p99: number;
  /** The server process's CPU time over its measured requests. */
  cpuPerRequest: number;
}

/**
 * REST cache hit (/v1/forum/subreddit, 25 posts) against two baselines answering the same bytes
 * with the same connections, in the same run: a bare node:http server (in the gateway's
 * process, idle while the others are loaded) and the stock assembly of the same features
 * (bench/stock-target.ts, a process of its own). A one-route Fastify answering the bytes is a
 * reference for the framework's share. The servers take turns, ROUNDS rounds of ROUND_SECONDS
 * each, after a warm-up second each. CPU per hit is each process's own CPU time over its
 * measured requests. Memory is sampled in the target every second of the gateway's rounds.
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
    const options = { connections: CONNECTIONS, headers: { 'x-api-key': target.key } };
    // Each reading returns the upstream requests since the one before; only the gateway makes any.
    let upstreamRequests = 0;
    const targetStats = async () => {
      const stats = await target.stats();
      upstreamRequests += stats.upstreamRequests;
      return stats;
    };
    const servers = {
      bare: { url: target.bareUrl + target.hitPath, stats: targetStats },
      stock: { url: stock.url, stats: () => stock.stats() },
      framework: { url: target.fastifyUrl + target.hitPath, stats: targetStats },
      gateway: { url: target.gatewayUrl + target.hitPath, stats: targetStats },
    };
    type Name = keyof typeof servers;
    const totals = new Map<Name, { requests: number; failed: number; p99: number; cpuMicros: number }>();
    for (const server of Object.values(servers)) await load({ ...options, duration: 1, url: server.url }, 0);
    await targetStats();
    upstreamRequests = 0;
    const samples: TargetStats[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, server] of Object.entries(servers) as [Name, (typeof servers)[Name]][]) {
        // Readings are answered in order and matched by type: the last sample is awaited before the next reading is asked for.
        let sampling: Promise<unknown> = Promise.resolve();
        const sampler =
          name === 'gateway' ? setInterval(() => (sampling = sampling.then(targetStats).then((stats) => samples.push(stats))), 1000) : null;
        const before = await server.stats();
        const figures = await load({ ...options, duration: ROUND_SECONDS, url: server.url }, 0);
        if (sampler) clearInterval(sampler);
        await sampling;
        const after = await server.stats();
        const total = totals.get(name) ?? { requests: 0, failed: 0, p99: 0, cpuMicros: 0 };
        totals.set(name, {
          requests: total.requests + figures.requests,
          failed: total.failed + figures.failed,
          p99: Math.max(total.p99, figures.p99),
          cpuMicros: total.cpuMicros + after.cpuMicros - before.cpuMicros,
        });
      }
    }
    const measured = (name: Name): Measured => {
      const total = totals.get(name)!;
      return { ...total, rps: total.requests / SECONDS, cpuPerRequest: total.cpuMicros / Math.max(1, total.requests) };
    };
    const bare = measured('bare');
    const assembly = measured('stock');
    const framework = measured('framework');
    const gateway = measured('gateway');
    const after = await targetStats();
    const live = upstreamRequests;
    // Skip the warm-up second's sample: flat means steady once warm.
    const steady = samples.slice(1);
    const first = steady[0]?.rss ?? after.rss;
    const peak = Math.max(first, ...steady.map((sample) => sample.rss), after.rss);
    const ratio = gateway.rps / bare.rps;
    const stockRatio = gateway.rps / assembly.rps;
    const scenario = `REST hit ${label} (${fmt.int(target.hitBytes)} B, ${CONNECTIONS} conn, ${ROUNDS} x ${ROUND_SECONDS}s)`;
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
