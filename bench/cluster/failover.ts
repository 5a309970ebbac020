import type { HostPort } from '../../src/config/setting-types.js';
import { accountIdForKey } from '../../src/state/key-hash.js';
import { KeyLayout } from '../../src/state/redis/key-layout.js';
import { call } from '../soak-load.js';
import { waitFor } from './checks.js';
import { address, clusterHealthy, clusterNodes, killNode, masterOfKey, withNode, type ClusterNode } from './topology.js';
import { verdictOf, type CheckRow } from './verdict.js';
import { KEYS, type ClusterWorld } from './world.js';

type Outcome = Omit<CheckRow, 'check'>;

const LOADERS = 6;
const PATH = '/v1/forum/subreddit?subreddit=failover&limit=3';
const WARM_MS = 3000;
/** Served again means this many 200s in a row from a gateway after its last failure. */
const STREAK = 10;
/** The contract's bound on recovery after the promotion. */
const RECOVERY_BOUND_MS = 10_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Sent {
  gateway: number;
  startedAt: number;
  endedAt: number;
  status: number | null;
  code: string | null;
  message: string | null;
  retryAfter: string | null;
  charged: number;
  requestId: string | null;
}

/** Charged GETs from LOADERS loops over both gateways until stopped; every answer recorded. */
function chargedLoad(urls: readonly string[]): { sent: Sent[]; stop(): Promise<void> } {
  const sent: Sent[] = [];
  let stopped = false;
  const loop = async (loader: number) => {
    for (let n = 0; !stopped; n++) {
      const gateway = (loader + n) % urls.length;
      const startedAt = Date.now();
      let entry: Omit<Sent, 'gateway' | 'startedAt' | 'endedAt'>;
      try {
        const response = await fetch(urls[gateway]! + PATH, {
          headers: { 'x-api-key': KEYS.failover },
          signal: AbortSignal.timeout(20_000),
        });
        const body = (await response.json()) as { error?: { code: string; message: string } };
        const charged = Number(response.headers.get('x-credits-charged') ?? 0);
        entry = {
          status: response.status,
          code: body.error?.code ?? null,
          message: body.error?.message ?? null,
          retryAfter: response.headers.get('retry-after'),
          charged: Number.isFinite(charged) ? charged : 0,
          requestId: response.headers.get('x-request-id'),
        };
      } catch (error) {
        entry = { status: null, code: 'fetch_failed', message: String(error), retryAfter: null, charged: 0, requestId: null };
      }
      sent.push({ gateway, startedAt, endedAt: Date.now(), ...entry });
      await sleep(20);
    }
  };
  const loops = Array.from({ length: LOADERS }, (_unused, loader) => loop(loader));
  return {
    sent,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/** When a gateway served again: the start of its first 200 after its last failure, once STREAK 200s followed. */
function servedAgainAt(sent: readonly Sent[], gateway: number, since: number): number | null {
  const own = sent.filter((entry) => entry.gateway === gateway && entry.startedAt >= since).sort((a, b) => a.startedAt - b.startedAt);
  const lastFailure = own.reduce((latest, entry, index) => (entry.status !== 200 ? index : latest), -1);
  const after = own.slice(lastFailure + 1);
  return after.length >= STREAK ? after[0]!.startedAt : null;
}

export interface FailoverRound {
  recovery: Outcome;
  answers: Outcome;
  credits: Outcome;
  rejoin: Outcome;
}

/**
 * One failover under charged load: the master of the failover account's slot is SIGKILLed, the
 * cluster promotes its replica, and both gateways must serve again by themselves. With
 * `restartAtPromotion` the killed node is started again as soon as the promotion is seen (so
 * the promoted master has a replica for REDIS_MIN_REPLICAS_ACK), otherwise once the gateways serve.
 */
export async function failoverRound(
  world: ClusterWorld,
  seeds: readonly HostPort[],
  prefix: string,
  options: { restartAtPromotion: boolean },
): Promise<FailoverRound> {
  const urls = world.gateways.map((gateway) => gateway.url);
  const opening = await balanceAndHeld(urls[0]!);
  const balanceKey = new KeyLayout(prefix).balance(accountIdForKey(KEYS.failover));
  const { slot, master } = await masterOfKey(seeds, balanceKey);
  if (!master) throw new Error(`no live master serves slot ${slot}`);
  const survivors = seeds.filter((seed) => address(seed) !== address(master));
  const load = chargedLoad(urls);
  let killed: Awaited<ReturnType<typeof killNode>> | null = null;
  let restarted = false;
  try {
    await sleep(WARM_MS);
    const killedAt = Date.now();
    killed = await killNode(master);
    const promoted = await waitFor(`a replica promoted for slot ${slot}`, async () => promotedMaster(survivors, slot, master), 30_000, 100);
    const promotedAt = Date.now();
    if (options.restartAtPromotion) {
      await killed.restart();
      restarted = true;
    }
    const served = await waitFor(
      'both gateways to serve again',
      async () => {
        const times = urls.map((_url, gateway) => servedAgainAt(load.sent, gateway, killedAt));
        return times.every((time) => time !== null) ? (times as number[]) : undefined;
      },
      45_000,
    ).catch(() => urls.map((_url, gateway) => servedAgainAt(load.sent, gateway, killedAt)));
    await load.stop();

    const latest = Math.max(...served.map((time) => time ?? Infinity));
    const recovery: Outcome = {
      verdict: verdictOf(Number.isFinite(latest) && latest - promotedAt <= RECOVERY_BOUND_MS),
      detail:
        `killed ${address(master)} (pid ${killed.pid}, slot ${slot}); ${address(promoted)} promoted after ${seconds(promotedAt - killedAt)}; ` +
        served
          .map(
            (time, gateway) =>
              `${'AB'[gateway]} served again ${time === null ? 'NEVER' : `${seconds(time - killedAt)} after the kill (${seconds(time - promotedAt)} after the promotion)`}`,
          )
          .join(', '),
    };
    const answers = answersOutcome(load.sent, killedAt, latest);
    const layout = new KeyLayout(prefix);
    const usageLog = layout.usageLog(accountIdForKey(KEYS.failover));
    const credits = await creditsOutcome(urls[0]!, opening, load.sent, () => chargedRequestIds(seeds, usageLog), killedAt);
    const restartError = restarted
      ? null
      : await killed.restart().then(
          () => null,
          (error: unknown) => String(error),
        );
    restarted = true;
    const rejoin = restartError
      ? ({ verdict: 'FAIL', detail: `${address(master)} could not be started again: ${restartError}` } as const)
      : await rejoinOutcome(seeds, master);
    return { recovery, answers, credits, rejoin };
  } finally {
    await load.stop();
    if (killed && !restarted) await killed.restart().catch(() => {});
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The live master now serving `slot`, when it is another node than the killed one. */
async function promotedMaster(seeds: readonly HostPort[], slot: number, killed: ClusterNode): Promise<ClusterNode | undefined> {
  const nodes = await clusterNodes(seeds).catch(() => []);
  return nodes.find(
    (node) =>
      node.role === 'master' && !node.failing && node.id !== killed.id && node.slots.some(([from, to]) => from <= slot && slot <= to),
  );
}

async function balanceAndHeld(url: string): Promise<{ balance: number; held: number }> {
  const view = await call(url, 'GET', '/v1/account', KEYS.failover);
  if (view.status !== 200) throw new Error(`GET /v1/account: ${view.status} ${JSON.stringify(view.body)}`);
  return { balance: view.body!.data.balance as number, held: view.body!.data.held as number };
}

/** Only 200 before the kill and after recovery; in between only 503 with Retry-After. */
function answersOutcome(sent: readonly Sent[], killedAt: number, recoveredAt: number): Outcome {
  const counts = new Map<string, number>();
  const misplaced: string[] = [];
  for (const entry of sent) {
    // The message's first words tell the store's outage from an unconfirmed charge or a busy process.
    const label =
      entry.status === 503
        ? `503 retry-after ${entry.retryAfter ?? 'none'} "${(entry.message ?? '').split(' ').slice(0, 8).join(' ')}"`
        : `${entry.status ?? 'no answer'} ${entry.code ?? ''}`.trim();
    counts.set(label, (counts.get(label) ?? 0) + 1);
    const during = entry.endedAt >= killedAt && entry.startedAt <= recoveredAt;
    if (entry.status !== 200 && !(entry.status === 503 && entry.retryAfter !== null && during))
      misplaced.push(`${'AB'[entry.gateway]} ${label} ${seconds(entry.startedAt - killedAt)}..${seconds(entry.endedAt - killedAt)}`);
  }
  return {
    verdict: verdictOf(misplaced.length === 0),
    detail:
      `${sent.length} charged requests: ${[...counts].map(([label, count]) => `${count} x ${label}`).join(', ')}; ` +
      `${misplaced.length} outside "200, or 503 with Retry-After during the outage"${misplaced.length > 0 ? ` (sent..answered from the kill: ${misplaced.slice(0, 4).join('; ')})` : ''}`,
  };
}

/** The request ids of the charges in an account's usage log, read from the master of its slot. */
async function chargedRequestIds(seeds: readonly HostPort[], usageLog: string): Promise<Set<string>> {
  const { master } = await masterOfKey(seeds, usageLog);
  if (!master) return new Set();
  const entries = await withNode(master, (client) => client.lRange(usageLog, 0, -1));
  return new Set(
    entries.flatMap((entry) => {
      const parsed = JSON.parse(entry) as { kind?: string; requestId?: string };
      return parsed.kind === 'charge' && parsed.requestId ? [parsed.requestId] : [];
    }),
  );
}

/**
 * After every hold returned: balance plus the credits reported to callers is the opening
 * balance. When it is not, the usage log names the requests charged though their caller was
 * told otherwise, by the answer they got.
 */
async function creditsOutcome(
  url: string,
  opening: { balance: number },
  sent: readonly Sent[],
  charged: () => Promise<Set<string>>,
  killedAt: number,
): Promise<Outcome> {
  const settled = await waitFor(
    'every hold to return',
    async () => {
      const view = await balanceAndHeld(url).catch(() => undefined);
      return view && view.held === 0 ? view : undefined;
    },
    60_000,
    500,
  );
  const reported = sent.filter((entry) => entry.status === 200).reduce((sum, entry) => sum + entry.charged, 0);
  const lost = sent.filter((entry) => entry.status === null).length;
  const difference = opening.balance - settled.balance - reported;
  let unreported = '';
  if (difference !== 0) {
    const ids = await charged();
    // By answer, with when each was sent and answered, counted from the kill.
    const byAnswer = new Map<string, string[]>();
    for (const entry of sent)
      if (entry.status !== 200 && entry.requestId && ids.has(entry.requestId)) {
        const label = `${entry.status ?? 'no answer'} "${(entry.message ?? entry.code ?? '').split(' ').slice(0, 8).join(' ')}"`;
        byAnswer.set(label, [
          ...(byAnswer.get(label) ?? []),
          `${seconds(entry.startedAt - killedAt)}..${seconds(entry.endedAt - killedAt)}`,
        ]);
      }
    const listed = [...byAnswer].map(([label, times]) => `${times.length} x ${label} (${times.join(', ')})`);
    unreported = `; in the usage log though answered: ${listed.join(', ') || 'none found'}`;
  }
  return {
    verdict: verdictOf(difference === 0),
    detail:
      `opening ${opening.balance}, balance after ${settled.balance}, reported (x-credits-charged over 200s) ${reported}, ` +
      `charged but not reported ${difference}, answers lost ${lost}${unreported}`,
  };
}

/** The killed node is back as a replica and every node says cluster_state:ok. */
async function rejoinOutcome(seeds: readonly HostPort[], killed: ClusterNode): Promise<Outcome> {
  const started = Date.now();
  const back = await waitFor(
    `${address(killed)} to rejoin`,
    async () => {
      const node = (await clusterNodes(seeds).catch(() => [])).find((entry) => entry.id === killed.id);
      return node && !node.failing && node.role === 'replica' && (await clusterHealthy(seeds)) ? node : undefined;
    },
    30_000,
    250,
  ).catch(() => undefined);
  return {
    verdict: verdictOf(back !== undefined),
    detail: back
      ? `${address(killed)} back as a replica, cluster_state:ok on every node after ${seconds(Date.now() - started)}`
      : `${address(killed)} not back as a healthy replica within 30 s`,
  };
}
