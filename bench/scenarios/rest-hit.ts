import { load } from '../support/load.js';
import { fmt, type Row } from '../support/table.js';
import { startTarget, type TargetStats } from '../support/target-process.js';

const CONNECTIONS = 32;
const SECONDS = 8;

/**
 * REST cache hit (/v1/forum/subreddit, 25 posts) against a bare node:http server answering
 * the same bytes, same connections, same process, one after the other (and a one-route
 * Fastify answering them, as a reference for the framework's share). Memory is sampled in
 * the target every second of the gateway's run.
 */
export async function restHit(label: string, env: Record<string, string> = {}, targetRatio = 0.7): Promise<Row[]> {
  const target = await startTarget(env);
  try {
    const options = { connections: CONNECTIONS, duration: SECONDS, headers: { 'x-api-key': target.key } };
    /** Load after a warm-up second, with the target's CPU time per measured request. */
    const measure = async (url: string) => {
      await load({ ...options, duration: 1, url }, 0);
      const before = await target.stats();
      const figures = await load({ ...options, url }, 0);
      return { ...figures, before, cpuPerRequest: ((await target.stats()).cpuMicros - before.cpuMicros) / Math.max(1, figures.requests) };
    };
    const bare = await measure(target.bareUrl + target.hitPath);
    const framework = await load({ ...options, url: target.fastifyUrl + target.hitPath });
    const samples: TargetStats[] = [];
    const sampler = setInterval(() => void target.stats().then((stats) => samples.push(stats)), 1000);
    const gateway = await measure(target.gatewayUrl + target.hitPath);
    clearInterval(sampler);
    const after = await target.stats();
    const live = samples.reduce((sum, sample) => sum + sample.upstreamRequests, after.upstreamRequests);
    // Skip the warm-up second's sample: flat means steady once warm.
    const steady = samples.slice(1);
    const first = steady[0]?.rss ?? after.rss;
    const peak = Math.max(first, ...steady.map((sample) => sample.rss), after.rss);
    const ratio = gateway.rps / bare.rps;
    const scenario = `REST hit ${label} (${fmt.int(target.hitBytes)} B, ${CONNECTIONS} conn, ${SECONDS}s)`;
    return [
      {
        scenario,
        metric: 'requests/s',
        measured: fmt.int(gateway.rps),
        baseline: `${fmt.int(bare.rps)} (bare http)`,
        ratio: fmt.ratio(ratio),
        target: `>= ${targetRatio.toFixed(2)}`,
        met: ratio >= targetRatio,
      },
      {
        scenario,
        // The server's own cost, which the shared cores' contention with the load generator does not move much.
        metric: 'CPU per request (bare / gateway)',
        measured: `${gateway.cpuPerRequest.toFixed(1)} µs`,
        baseline: `${bare.cpuPerRequest.toFixed(1)} µs (bare http)`,
        ratio: fmt.ratio(bare.cpuPerRequest / gateway.cpuPerRequest),
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
    ];
  } finally {
    await target.stop();
  }
}
