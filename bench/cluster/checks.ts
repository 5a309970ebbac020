import type { HostPort } from '../../src/config/setting-types.js';
import { subscriptionEventsTopic } from '../../src/subscriptions/events.js';
import { follow, sseClient, type Result } from '../../test/graphql/sse-client.js';
import { call, type Json } from '../soak-load.js';
import { runBurst } from '../support/burst-run.js';
import { address, clusterNodes, keysOn, liveMasters, masterOfKey, withNode } from './topology.js';
import { NotSupportedYet, verdictOf, type CheckRow } from './verdict.js';
import { KEYS, SPREAD_KEYS, WATCHED, type ClusterWorld } from './world.js';

type Outcome = Omit<CheckRow, 'check'>;

const BATCH_TARGETS = 50;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it returns a value, or throws naming `what` after `timeoutMs`. */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number, everyMs = 200): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** A route the gateway does not have yet answers 404 not_found; anything else unexpected is a failure. */
function expectStatus(answer: { status: number | null; body: Json | null }, status: number, what: string): void {
  if (answer.status === status) return;
  const body = JSON.stringify(answer.body?.error ?? answer.body).slice(0, 300);
  if (answer.status === 404 && answer.body?.error?.code === 'not_found') throw new NotSupportedYet(`${what}: 404 ${body}`);
  throw new Error(`${what}: ${answer.status ?? 'no answer'} ${body}`);
}

/** 400 charged requests at once over both gateways on a 100-credit key. */
export async function burstCheck(world: ClusterWorld): Promise<Outcome> {
  const outcome = await runBurst(world.gateways, KEYS.burst);
  return {
    verdict: verdictOf(outcome.exact),
    detail:
      `${outcome.successes} ok / ${outcome.refused} insufficient_credits / ${outcome.unavailable} 503 / ${outcome.other} other, ` +
      `balance ${outcome.balance ?? 'unread'}, ${outcome.wallMs.toFixed(0)} ms`,
  };
}

/** Keys per master right after the gateways seeded their accounts: every master must hold some. */
export async function spreadCheck(seeds: readonly HostPort[], prefix: string): Promise<Outcome> {
  const masters = liveMasters(await clusterNodes(seeds));
  const counts = await Promise.all(masters.map(async (master) => [address(master), (await keysOn(master, prefix)).length] as const));
  const empty = counts.filter(([, count]) => count === 0);
  return {
    verdict: verdictOf(masters.length >= 2 && empty.length === 0),
    detail: `${SPREAD_KEYS.length + Object.keys(KEYS).length} accounts seeded; keys per master: ${counts.map(([node, count]) => `${node} ${count}`).join(', ')}`,
  };
}

/** Redis Cluster's rule: the part between the first `{` and the next `}`, when not empty, is hashed instead of the name. */
export const hasHashTag = (key: string): boolean => {
  const open = key.indexOf('{');
  const close = open < 0 ? -1 : key.indexOf('}', open + 1);
  return close > open + 1;
};

/** Every key under the run's prefix, on every master, carries a hash tag. */
export async function hashTagCheck(seeds: readonly HostPort[], prefix: string): Promise<Outcome> {
  const masters = liveMasters(await clusterNodes(seeds));
  const keys = (await Promise.all(masters.map((master) => keysOn(master, prefix)))).flat();
  const untagged = keys.filter((key) => !hasHashTag(key)).map((key) => key.slice(prefix.length));
  return {
    verdict: verdictOf(keys.length > 0 && untagged.length === 0),
    detail: `${keys.length} keys scanned on ${masters.length} masters, ${untagged.length} without a hash tag${untagged.length > 0 ? `: ${[...new Set(untagged)].slice(0, 10).join(', ')}` : ''}`,
  };
}

const JOB_PROGRESS = `subscription ($id: ID!) { jobProgress(id: $id) { status creditsCharged progress { done failed total } } }`;

/** Throws NotSupportedYet when the schema has no such field, else the stream's first error. */
function streamErrors(results: readonly Result[], field: string): void {
  const errors = results.flatMap((result) => result.errors ?? []);
  if (errors.length === 0) return;
  const message = errors.map((error) => error.message).join('; ');
  if (/Cannot query field/.test(message)) throw new NotSupportedYet(`${field}: ${message}`);
  throw new Error(`${field}: ${message}`);
}

/**
 * A 50-target batch created through gateway B finishes whole with 50 credits, while a jobProgress
 * stream on gateway A follows it: A receives the progress the worker publishes. Two rows.
 */
export async function batchChecks(world: ClusterWorld): Promise<{ batch: Outcome; stream: Outcome }> {
  const [gatewayA, gatewayB] = world.gateways;
  const before = await call(gatewayA!.url, 'GET', '/v1/account', KEYS.work);
  expectStatus(before, 200, 'account before the batch');
  const created = await call(gatewayB!.url, 'POST', '/v1/jobs/batch', KEYS.work, {
    endpoint: '/v1/forum/subreddit',
    targets: Array.from({ length: BATCH_TARGETS }, (_unused, index) => ({ subreddit: `batch${index}`, limit: 3 })),
  });
  expectStatus(created, 202, 'POST /v1/jobs/batch');
  const id = created.body!.data.id as string;
  const client = sseClient(gatewayA!.url, KEYS.work, 'distinct');
  const stream = follow(client, JOB_PROGRESS, { id });
  let events: Result[] = [];
  try {
    events = await Promise.race([
      stream.rest(),
      sleep(120_000).then(() => {
        throw new Error('the jobProgress stream on gateway A did not end within 120 s');
      }),
    ]);
  } finally {
    await stream.stop();
    client.dispose();
  }
  const job = await waitFor(
    'the batch to finish',
    async () => {
      const view = await call(gatewayA!.url, 'GET', `/v1/jobs/${id}?limit=100`, KEYS.work);
      const data = view.body?.data as Json | undefined;
      return data && ['succeeded', 'failed', 'canceled'].includes(data.status as string) ? data : undefined;
    },
    60_000,
  );
  const after = await call(gatewayA!.url, 'GET', '/v1/account', KEYS.work);
  const results = (job.results ?? []) as { status: string }[];
  const succeeded = results.filter((result) => result.status === 'succeeded').length;
  const spent = (before.body!.data.balance as number) - (after.body!.data.balance as number);
  const batch: Outcome = {
    verdict: verdictOf(
      job.status === 'succeeded' && succeeded === BATCH_TARGETS && job.creditsCharged === BATCH_TARGETS && spent === BATCH_TARGETS,
    ),
    detail: `${job.status}, ${succeeded}/${BATCH_TARGETS} targets succeeded, creditsCharged ${String(job.creditsCharged)}, balance down by ${spent}`,
  };

  streamErrors(events, 'jobProgress');
  const progress = events.map((event) => event.data?.jobProgress as Json | undefined);
  const last = progress.at(-1);
  const done = progress.map((entry) => (entry?.progress as Json | undefined)?.done as number | undefined);
  const rising = done.every((value, index) => value !== undefined && (index === 0 || value >= done[index - 1]!));
  const streamOutcome: Outcome = {
    verdict: verdictOf(events.length >= 2 && rising && last?.status === 'SUCCEEDED' && last.progress?.done === BATCH_TARGETS),
    detail: `jobProgress on A for a batch created on B: ${events.length} events, done ${done.join(',')}, last ${String(last?.status)}`,
  };
  return { batch, stream: streamOutcome };
}

const EVENTS = `subscription ($id: ID!) { subscriptionEvents(id: $id) { type subscriptionId hash data } }`;
const CHANGES = 2;

/**
 * A change subscription created through gateway B, checked by the worker: two changes of the
 * upstream give two signed content.changed webhooks (no more), and a subscriptionEvents stream on
 * gateway A receives both. Two rows.
 */
export async function subscriptionChecks(world: ClusterWorld, seeds: readonly HostPort[]): Promise<{ webhooks: Outcome; stream: Outcome }> {
  const [gatewayA, gatewayB] = world.gateways;
  const created = await call(gatewayB!.url, 'POST', '/v1/subscriptions', KEYS.work, {
    endpoint: '/v1/forum/subreddit',
    params: { subreddit: WATCHED, limit: 5 },
    webhookUrl: world.receiver.url,
    intervalSeconds: 1,
  });
  expectStatus(created, 201, 'POST /v1/subscriptions');
  const { id, secret } = created.body!.data as { id: string; secret: string };
  world.receiver.secret = secret;
  try {
    await waitFor(
      'the baseline check',
      async () => ((await call(gatewayA!.url, 'GET', `/v1/subscriptions/${id}`, KEYS.work)).body?.data?.hash ? true : undefined),
      30_000,
    );
    const client = sseClient(gatewayA!.url, KEYS.work, 'distinct');
    const stream = follow(client, EVENTS, { id });
    const received = stream.take(CHANGES);
    // Wait until gateway A has subscribed the topic's sharded channel on its master, so no event is published before it listens.
    const channel = `${world.env.TEST_REDIS_PREFIX}events:{${subscriptionEventsTopic(id)}}`;
    const listening = await shardSubscribers(seeds, channel, 15_000);
    const countChanged = () => world.receiver.received.filter((hook) => JSON.parse(hook.body).type === 'content.changed').length;
    try {
      for (let change = 1; change <= CHANGES; change++) {
        world.watched.posts = [{ id: `cluster${change}`, author: 'erin' }, ...world.watched.posts];
        await waitFor(`webhook ${change}`, async () => (countChanged() >= change ? true : undefined), 30_000);
      }
      // Several more checks of unchanged content: nothing more may arrive.
      await sleep(4000);
      const events = await Promise.race([
        received,
        sleep(15_000).then(() => {
          throw new Error(`the subscriptionEvents stream on gateway A did not receive ${CHANGES} events within 15 s`);
        }),
      ]);
      streamErrors(events, 'subscriptionEvents');
      const types = events.map((event) => (event.data?.subscriptionEvents as Json | undefined)?.type as string);
      const changed = world.receiver.received.filter((hook) => JSON.parse(hook.body).type === 'content.changed');
      const ids = new Set(changed.map((hook) => String(hook.headers['webhook-id'])));
      const signed = changed.filter((hook) => hook.verified !== null).length;
      return {
        webhooks: {
          verdict: verdictOf(changed.length === CHANGES && ids.size === CHANGES && signed === CHANGES),
          detail: `${CHANGES} upstream changes: ${changed.length} content.changed webhooks, ${ids.size} distinct ids, ${signed} signatures verified`,
        },
        stream: {
          verdict: verdictOf(types.length === CHANGES && types.every((type) => type === 'CONTENT_CHANGED')),
          detail: `subscriptionEvents on A (subscription created on B, checked by the worker): ${types.join(', ')}; A's shard subscribers on the channel: ${listening}`,
        },
      };
    } finally {
      await stream.stop();
      client.dispose();
    }
  } finally {
    // Stopped before the failover, so its checks do not run through it.
    await call(gatewayB!.url, 'DELETE', `/v1/subscriptions/${id}`, KEYS.work);
  }
}

/** PUBSUB SHARDNUMSUB on the channel's master, once it is at least 1 (or the last count after `timeoutMs`). */
async function shardSubscribers(seeds: readonly HostPort[], channel: string, timeoutMs: number): Promise<number> {
  const count = async () => {
    const { master } = await masterOfKey(seeds, channel);
    if (!master) return 0;
    const reply = await withNode(master, (client) => client.sendCommand<[string, number]>(['PUBSUB', 'SHARDNUMSUB', channel]));
    return Number(reply[1]);
  };
  return waitFor('a sharded subscriber', async () => ((await count()) >= 1 ? count() : undefined), timeoutMs).catch(() => count());
}

const AFTER_FAILOVER_TARGETS = 5;

/** A small batch through gateway B after a failover: the worker's queues serve again too. */
export async function batchAfterFailoverCheck(world: ClusterWorld): Promise<Outcome> {
  const [gatewayA, gatewayB] = world.gateways;
  const started = Date.now();
  const created = await waitFor(
    'a batch accepted',
    async () => {
      const answer = await call(gatewayB!.url, 'POST', '/v1/jobs/batch', KEYS.work, {
        endpoint: '/v1/forum/subreddit',
        targets: Array.from({ length: AFTER_FAILOVER_TARGETS }, (_unused, index) => ({ subreddit: `after${started}x${index}`, limit: 3 })),
      });
      return answer.status === 202 ? answer : undefined;
    },
    30_000,
    500,
  );
  const id = created.body!.data.id as string;
  const job = await waitFor(
    'the batch to finish',
    async () => {
      const data = (await call(gatewayA!.url, 'GET', `/v1/jobs/${id}?limit=100`, KEYS.work)).body?.data as Json | undefined;
      return data && ['succeeded', 'failed', 'canceled'].includes(data.status as string) ? data : undefined;
    },
    60_000,
    250,
  ).catch(() => undefined);
  return {
    verdict: verdictOf(job?.status === 'succeeded' && job.creditsCharged === AFTER_FAILOVER_TARGETS),
    detail: job
      ? `${String(job.status)}, creditsCharged ${String(job.creditsCharged)} of ${AFTER_FAILOVER_TARGETS}, ${((Date.now() - started) / 1000).toFixed(1)} s`
      : 'not finished within 60 s',
  };
}

/** Lines naming CROSSSLOT or MOVED in every process's output so far, each prefixed with its process. */
export function offendingLogLines(world: ClusterWorld): string[] {
  return world.logs().flatMap(([name, output]) =>
    output
      .split('\n')
      .filter((line) => /CROSSSLOT|MOVED/.test(line))
      .map((line) => `${name}: ${line.slice(0, 300)}`),
  );
}

/** No CROSSSLOT or MOVED in the lines the processes wrote after `earlier` (a snapshot of offendingLogLines). */
export function logCheck(world: ClusterWorld, earlier: readonly string[] = []): Outcome {
  const remaining = [...earlier];
  const offending = offendingLogLines(world).filter((line) => {
    const seen = remaining.indexOf(line);
    if (seen >= 0) remaining.splice(seen, 1);
    return seen < 0;
  });
  return {
    verdict: verdictOf(offending.length === 0),
    detail: offending.length === 0 ? `${world.logs().length} process logs read` : `${offending.length} lines, first: ${offending[0]}`,
  };
}
