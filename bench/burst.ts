/**
 * Burst benchmark: `REDIS_URL=redis://127.0.0.1:6379 npm run bench:burst`. Two gateway processes
 * (WORKERS=off) on one Redis, a key holding 100 credits, and 400 charged requests sent at once,
 * alternating between the processes, against a loopback fake upstream. Prints the answers by
 * outcome (successes, insufficient_credits, 503 by message, anything else), the key's balance
 * afterwards and the machine's load average; exits 1 unless exactly 100 succeed, 300 are refused
 * insufficient_credits and nothing else happens. Its own key prefix; everything is deleted after.
 * BENCH_BURSTS=n sends n bursts to the same processes, each with a key of its own, BENCH_PAUSE_MS
 * apart (default 3000: about when a keep-alive connection to the upstream goes idle for good), so
 * later bursts reuse the processes' upstream and Redis connections.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { listing, postsByAuthors } from '../test/families/forum/forum-data.js';
import { spawnGateway, type ChildGateway } from '../test/redis/processes.js';
import { deletePrefix, testPrefix } from '../test/state/redis-support.js';
import { FakeUpstream } from '../test/support/fake-upstream-server.js';

const KEY = 'sk_test_burst_hundred';
/** A whole number from the environment within [min, max], or the fallback. */
const setting = (value: string | undefined, fallback: number, min: number, max: number): number => {
  const parsed = Number(value ?? fallback);
  return Number.isInteger(parsed) ? Math.min(max, Math.max(min, parsed)) : fallback;
};
const BURSTS = setting(process.env.BENCH_BURSTS, 1, 1, 50);
const PAUSE_MS = setting(process.env.BENCH_PAUSE_MS, 3000, 0, 60_000);
const CREDITS = 100;
const REQUESTS = 400;
const PATH = '/v1/forum/subreddit?subreddit=synthetic&limit=3';
const UPSTREAM_DELAY_MS = 5;

interface Answer {
  status: number;
  code: string | null;
  message: string | null;
}

/** Every answer as status, error code and message; a failed fetch is status 0. */
async function fire(gateways: readonly ChildGateway[], key: string): Promise<Answer[]> {
  return Promise.all(
    Array.from({ length: REQUESTS }, async (_unused, index) => {
      try {
        const response = await fetch(gateways[index % gateways.length]!.url + PATH, { headers: { 'x-api-key': key } });
        const body = (await response.json()) as { error?: { code: string; message: string } };
        return { status: response.status, code: body.error?.code ?? null, message: body.error?.message ?? null };
      } catch (error) {
        return { status: 0, code: 'fetch_failed', message: String(error) };
      }
    }),
  );
}

function tally(answers: readonly Answer[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const answer of answers) {
    const outcome =
      answer.status === 200
        ? 'success'
        : answer.code === 'insufficient_credits'
          ? 'insufficient_credits'
          : `${answer.status} ${answer.code}${answer.status === 503 ? `: ${answer.message}` : ''}`;
    counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
  }
  return counts;
}

const keyOf = (burst: number) => (burst === 0 ? KEY : `${KEY}_${burst}`);

/** One burst with a fresh 100-credit key: its report lines, and whether it was exact (balance 0 included). */
async function runBurst(gateways: readonly ChildGateway[], key: string): Promise<{ lines: string[]; exact: boolean }> {
  const loadBefore = loadavg();
  const started = performance.now();
  const answers = await fire(gateways, key);
  const wallMs = performance.now() - started;
  const account = (await (await fetch(`${gateways[0]!.url}/v1/account`, { headers: { 'x-api-key': key } })).json()) as {
    data?: { balance: number };
  };
  const counts = tally(answers);
  const successes = counts.get('success') ?? 0;
  const refused = counts.get('insufficient_credits') ?? 0;
  const unavailable = answers.filter((answer) => answer.status === 503).length;
  const other = REQUESTS - successes - refused - unavailable;
  const exact = successes === CREDITS && refused === REQUESTS - CREDITS && unavailable === 0 && other === 0 && account.data?.balance === 0;
  const lines = [
    `requests                ${REQUESTS} over ${gateways.length} processes, key with ${CREDITS} credits`,
    `successes               ${successes}`,
    `insufficient_credits    ${refused}`,
    `503                     ${unavailable}`,
    `other                   ${other}`,
    ...[...counts].filter(([outcome]) => outcome !== 'success' && outcome !== 'insufficient_credits').map(([o, n]) => `  ${n} x ${o}`),
    `balance after           ${account.data?.balance ?? 'unread'}`,
    `wall time               ${wallMs.toFixed(0)} ms`,
    `load average            ${loadBefore.map((value) => value.toFixed(2)).join(' ')} (1, 5, 15 min, before the burst)`,
  ];
  return { lines, exact };
}

async function main(): Promise<number> {
  const redisUrl = process.env.REDIS_URL;
  if (!redisUrl) {
    console.error('npm run bench:burst needs REDIS_URL (e.g. redis://127.0.0.1:6379): two processes share one store.');
    return 2;
  }
  const prefix = testPrefix();
  const upstream = new FakeUpstream();
  upstream.on((_request, url) =>
    url.pathname === '/r/synthetic/hot.json' ? { body: listing(postsByAuthors(3, 3)), delayMs: UPSTREAM_DELAY_MS } : undefined,
  );
  const origin = await upstream.start();
  const env = {
    REDIS_URL: redisUrl,
    TEST_REDIS_PREFIX: prefix,
    API_KEYS: Array.from({ length: BURSTS }, (_unused, burst) => `${keyOf(burst)}=${CREDITS}`).join(','),
    UPSTREAM_ORIGINS: `www.reddit.com=${origin}`,
    UPSTREAM_TIMEOUT_MS: '10000',
    LOG_LEVEL: 'silent',
    WORKERS: 'off',
  };
  let gateways: ChildGateway[] = [];
  try {
    gateways = await Promise.all([0, 1].map(() => spawnGateway('test/redis/gateway-process.ts', env, 60_000)));
    let allExact = true;
    for (let burst = 0; burst < BURSTS; burst++) {
      if (burst > 0) await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      const fetchesBefore = upstream.requests.length;
      const { lines, exact } = await runBurst(gateways, keyOf(burst));
      const heading = BURSTS > 1 ? [`burst ${burst + 1} of ${BURSTS}`] : [];
      process.stdout.write(`${[...heading, ...lines, `upstream requests       ${upstream.requests.length - fetchesBefore}`].join('\n')}\n`);
      process.stdout.write(`${exact ? 'EXACT: 100 / 300 / 0' : `NOT EXACT: expected ${CREDITS} / ${REQUESTS - CREDITS} / 0`}\n`);
      allExact &&= exact;
    }
    return allExact ? 0 : 1;
  } finally {
    await Promise.all(gateways.map((gateway) => gateway.stop()));
    await upstream.stop();
    await deletePrefix(prefix, redisUrl);
  }
}

process.exitCode = await main();
