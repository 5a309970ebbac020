/**
 * Burst benchmark: `REDIS_URL=redis://127.0.0.1:6379 npm run bench:burst`, or on a Redis Cluster
 * `REDIS_CLUSTER_NODES=127.0.0.1:7101,... npm run bench:burst`. Two gateway processes
 * (WORKERS=off) on the shared store, a key holding 100 credits, and 400 charged requests sent at
 * once, alternating between the processes, against a loopback fake upstream. Prints the answers by
 * outcome (successes, insufficient_credits, 503 by message, anything else), the key's balance
 * afterwards and the machine's load average; exits 1 unless exactly 100 succeed, 300 are refused
 * insufficient_credits and nothing else happens. Its own key prefix; everything is deleted after.
 * BENCH_BURSTS=n sends n bursts to the same processes, each with a key of its own, BENCH_PAUSE_MS
 * apart (default 3000: about when a keep-alive connection to the upstream goes idle for good), so
 * later bursts reuse the processes' upstream and Redis connections.
 */
import { listing, postsByAuthors } from '../test/families/forum/forum-data.js';
import { spawnGateway, type ChildGateway } from '../test/redis/processes.js';
import { deletePrefix, testPrefix } from '../test/state/redis-support.js';
import { FakeUpstream } from '../test/support/fake-upstream-server.js';
import { BURST_CREDITS, BURST_REQUESTS, runBurst, storeFromEnv } from './support/burst-run.js';

const KEY = 'sk_test_burst_hundred';
/** A whole number from the environment within [min, max], or the fallback. */
const setting = (value: string | undefined, fallback: number, min: number, max: number): number => {
  const parsed = Number(value ?? fallback);
  return Number.isInteger(parsed) ? Math.min(max, Math.max(min, parsed)) : fallback;
};
const BURSTS = setting(process.env.BENCH_BURSTS, 1, 1, 50);
const PAUSE_MS = setting(process.env.BENCH_PAUSE_MS, 3000, 0, 60_000);
const UPSTREAM_DELAY_MS = 5;

const keyOf = (burst: number) => (burst === 0 ? KEY : `${KEY}_${burst}`);

async function main(): Promise<number> {
  const store = storeFromEnv();
  if ('problem' in store) {
    console.error(`npm run bench:burst ${store.problem}: two processes share one store.`);
    return 2;
  }
  const prefix = testPrefix();
  const upstream = new FakeUpstream();
  upstream.on((_request, url) =>
    url.pathname === '/r/synthetic/hot.json' ? { body: listing(postsByAuthors(3, 3)), delayMs: UPSTREAM_DELAY_MS } : undefined,
  );
  const origin = await upstream.start();
  const env = {
    ...store.env,
    TEST_REDIS_PREFIX: prefix,
    API_KEYS: Array.from({ length: BURSTS }, (_unused, burst) => `${keyOf(burst)}=${BURST_CREDITS}`).join(','),
    UPSTREAM_ORIGINS: `www.reddit.com=${origin}`,
    UPSTREAM_TIMEOUT_MS: '10000',
    LOG_LEVEL: 'silent',
    WORKERS: 'off',
  };
  let gateways: ChildGateway[] = [];
  try {
    gateways = await Promise.all([0, 1].map(() => spawnGateway('test/redis/gateway-process.ts', env, 60_000)));
    process.stdout.write(`store                   ${store.description}\n`);
    let allExact = true;
    for (let burst = 0; burst < BURSTS; burst++) {
      if (burst > 0) await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      const fetchesBefore = upstream.requests.length;
      const { lines, exact } = await runBurst(gateways, keyOf(burst));
      const heading = BURSTS > 1 ? [`burst ${burst + 1} of ${BURSTS}`] : [];
      process.stdout.write(`${[...heading, ...lines, `upstream requests       ${upstream.requests.length - fetchesBefore}`].join('\n')}\n`);
      process.stdout.write(
        `${exact ? 'EXACT: 100 / 300 / 0' : `NOT EXACT: expected ${BURST_CREDITS} / ${BURST_REQUESTS - BURST_CREDITS} / 0`}\n`,
      );
      allExact &&= exact;
    }
    return allExact ? 0 : 1;
  } finally {
    await Promise.all(gateways.map((gateway) => gateway.stop()));
    await upstream.stop();
    // REDIS_URL when given; otherwise the cluster named by REDIS_CLUSTER_NODES.
    await deletePrefix(prefix, process.env.REDIS_URL);
  }
}

process.exitCode = await main();
