import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { ChildGateway } from '../../test/redis/processes.js';

/** One burst: this many charged requests at once on a key holding BURST_CREDITS. */
export const BURST_REQUESTS = 400;
export const BURST_CREDITS = 100;
/** A live, charged listing; the upstream's route for it is the caller's (the fake answers /r/synthetic/hot.json). */
export const BURST_PATH = '/v1/forum/subreddit?subreddit=synthetic&limit=3';

interface Answer {
  status: number;
  code: string | null;
  message: string | null;
}

/** Every answer as status, error code and message; a failed fetch is status 0. */
async function fire(gateways: readonly ChildGateway[], key: string): Promise<Answer[]> {
  return Promise.all(
    Array.from({ length: BURST_REQUESTS }, async (_unused, index) => {
      try {
        const response = await fetch(gateways[index % gateways.length]!.url + BURST_PATH, { headers: { 'x-api-key': key } });
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

export interface BurstOutcome {
  successes: number;
  refused: number;
  unavailable: number;
  other: number;
  balance: number | null;
  wallMs: number;
  /** 100 successes, 300 insufficient_credits, nothing else, and a balance of 0 afterwards. */
  exact: boolean;
  lines: string[];
}

/** One burst on a key holding BURST_CREDITS, spread evenly over the gateways. */
export async function runBurst(gateways: readonly ChildGateway[], key: string): Promise<BurstOutcome> {
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
  const other = BURST_REQUESTS - successes - refused - unavailable;
  const balance = account.data?.balance ?? null;
  const exact =
    successes === BURST_CREDITS && refused === BURST_REQUESTS - BURST_CREDITS && unavailable === 0 && other === 0 && balance === 0;
  const lines = [
    `requests                ${BURST_REQUESTS} over ${gateways.length} processes, key with ${BURST_CREDITS} credits`,
    `successes               ${successes}`,
    `insufficient_credits    ${refused}`,
    `503                     ${unavailable}`,
    `other                   ${other}`,
    ...[...counts].filter(([outcome]) => outcome !== 'success' && outcome !== 'insufficient_credits').map(([o, n]) => `  ${n} x ${o}`),
    `balance after           ${balance ?? 'unread'}`,
    `wall time               ${wallMs.toFixed(0)} ms`,
    `load average            ${loadBefore.map((value) => value.toFixed(2)).join(' ')} (1, 5, 15 min, before the burst)`,
  ];
  return { successes, refused, unavailable, other, balance, wallMs, exact, lines };
}

/**
 * The shared store from the environment, as the gateway reads it: REDIS_URL (one node) or
 * REDIS_CLUSTER_NODES (a cluster), never both. A message instead when neither or both are set.
 */
export function storeFromEnv(): { env: Record<string, string>; description: string } | { problem: string } {
  const url = process.env.REDIS_URL?.trim();
  const nodes = process.env.REDIS_CLUSTER_NODES?.trim();
  if (url && nodes) return { problem: 'set either REDIS_URL or REDIS_CLUSTER_NODES, not both' };
  if (nodes) return { env: { REDIS_CLUSTER_NODES: nodes }, description: `Redis Cluster ${nodes}` };
  if (url) return { env: { REDIS_URL: url }, description: url };
  return { problem: 'needs REDIS_URL (e.g. redis://127.0.0.1:6379) or REDIS_CLUSTER_NODES (scripts/redis-cluster.sh start prints it)' };
}
