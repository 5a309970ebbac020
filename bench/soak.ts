/**
 * Crash soak: `npm run soak`. Two gateway processes (WORKERS=off) and one worker process on a
 * private redis-server (its own port and data directory, AOF with fsync always: never the shared
 * one), under mixed load on loopback, while each process is SIGKILLed and restarted, Redis is
 * killed and restarted once, and the upstream hangs. Prints requests by outcome, kills, credits
 * reported against credits spent per key, and the longest silence per subscription.
 * Bounded (about 90 s); not part of `npm test`. SOAK_LOG_LEVEL=error also prints each process's
 * log and every delivery, for finding out why a number is off.
 */
import { createClient } from 'redis';
import { SEGMENT } from '../src/state/redis/key-layout.js';
import { freePort, hasRedisServer, startOwnRedis, type OwnRedis } from '../test/redis/processes.js';
import { upstreamOrigins } from '../test/support/gateway.js';
import { call, SoakReceiver, SoakUpstream, Tally, type Json } from './soak-load.js';
import { SoakProcess } from './soak-processes.js';

const LOAD_SECONDS = 60;
const INTERVAL_SECONDS = 5;
const CHANGE_EVERY_MS = 7000;
const UPSTREAM_TIMEOUT_MS = 3000;
const HANG_MS = 5000;
const KEYS = { big: 'sk_test_soak_big_01', small: 'sk_test_soak_small1', subs: 'sk_test_soak_subs_01' } as const;
const OPENING = { big: 1_000_000, small: 60, subs: 1000 } as const;
const SUBSCRIPTIONS = 3;
const BATCH_TARGETS = 20;
/** A hold's expiry at this upstream time-out (two time-outs plus 15 s), and some room. */
const HOLD_WAIT_MS = 2 * UPSTREAM_TIMEOUT_MS + 15_000 + 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (message: string) => process.stdout.write(`[${((Date.now() - startedAt) / 1000).toFixed(1).padStart(5)} s] ${message}\n`);
let startedAt = Date.now();

async function main(): Promise<void> {
  if (!hasRedisServer) {
    console.error('npm run soak needs a redis-server binary on the PATH: it runs a private one (never the shared instance).');
    process.exit(1);
  }
  const upstream = new SoakUpstream(CHANGE_EVERY_MS);
  const upstreamOrigin = await upstream.start();
  const receiver = new SoakReceiver();
  const webhookUrl = await receiver.start();
  const redis: OwnRedis = await startOwnRedis();
  const env = {
    REDIS_URL: redis.url,
    API_KEYS: `${KEYS.big}=${OPENING.big},${KEYS.small}=${OPENING.small},${KEYS.subs}=${OPENING.subs}`,
    UPSTREAM_ORIGINS: upstreamOrigins(upstreamOrigin),
    UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
    JOB_UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
    JOB_LOCK_MS: '3000',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_RETRY_BASE_MS: '500',
    SUBSCRIPTION_MIN_INTERVAL_SECONDS: '1',
    RATE_LIMIT_PER_MINUTE: '0',
    LOG_LEVEL: process.env.SOAK_LOG_LEVEL ?? 'silent',
  };
  const gatewayEnv = (port: number) => ({ ...env, WORKERS: 'off', PORT: String(port), HOST: '127.0.0.1' });
  const [portA, portB] = [await freePort(), await freePort()];
  const gateways = [
    new SoakProcess('gateway A', 'src/main.ts', gatewayEnv(portA), /Gateway listening/),
    new SoakProcess('gateway B', 'src/main.ts', gatewayEnv(portB), /Gateway listening/),
  ];
  const worker = new SoakProcess('worker', 'src/jobs/worker-main.ts', env, /Worker ready/);
  const urls = [`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`];
  const tally = new Tally();
  let redisKills = 0;
  let stopped = false;

  try {
    // Sequential starts: two gateways seeding the same keys at once is covered by the tests, not the soak's point.
    await gateways[0]!.start();
    await gateways[1]!.start();
    await worker.start();
    startedAt = Date.now();
    log('2 gateways (WORKERS=off), 1 worker, private redis-server on ' + redis.url.replace(/^redis:\/\//, ''));

    let turn = 0;
    const pick = () => urls[turn++ % urls.length]!;

    // Subscriptions on the changing listings, paid from their own key.
    const subscriptionIds = new Map<string, string>();
    for (let index = 0; index < SUBSCRIPTIONS; index++) {
      const created = await call(pick(), 'POST', '/v1/subscriptions', KEYS.subs, {
        endpoint: '/v1/forum/subreddit',
        params: { subreddit: `watch${index}`, limit: 5 },
        webhookUrl,
        intervalSeconds: INTERVAL_SECONDS,
      });
      if (created.status !== 201) throw new Error(`subscription not created: ${JSON.stringify(created.body)}`);
      subscriptionIds.set(created.body!.data.id as string, `watch${index}`);
    }

    const liveLoop = async (loop: number) => {
      for (let n = 0; !stopped; n++) {
        const cached = n % 3 === 0;
        const path = cached
          ? `/v1/forum/subreddit?subreddit=hot${n % 5}&limit=5&cache_max_age=3600`
          : `/v1/forum/subreddit?subreddit=load${loop}x${n % 40}&limit=5`;
        const started = Date.now();
        const answer = await call(pick(), 'GET', path, KEYS.big);
        tally.record(cached ? 'REST cached' : 'REST live', KEYS.big, answer, Date.now() - started, true);
        await sleep(answer.outcome === 'refused (process down)' ? 100 : 15);
      }
    };
    const smallLoop = async () => {
      for (let n = 0; !stopped; n++) {
        const started = Date.now();
        const answer = await call(pick(), 'GET', `/v1/forum/subreddit?subreddit=small${n % 30}&limit=5`, KEYS.small);
        tally.record('REST small key', KEYS.small, answer, Date.now() - started, true);
        await sleep(answer.status === 402 ? 500 : 200);
      }
    };
    const batches: { id: string; done: boolean; creditsCharged: number; results: number; succeeded: number }[] = [];
    const batch = async (index: number) => {
      for (;;) {
        const created = await call(pick(), 'POST', '/v1/jobs/batch', KEYS.big, {
          endpoint: '/v1/forum/subreddit',
          targets: Array.from({ length: BATCH_TARGETS }, (_unused, target) => ({ subreddit: `batch${index}x${target}`, limit: 5 })),
        });
        tally.record('batch create', KEYS.big, created, 0, false);
        if (created.status !== 202 && created.body)
          log(`batch create ${created.status}: ${JSON.stringify(created.body.error ?? created.body).slice(0, 200)}`);
        if (created.status === 202) {
          batches.push({ id: created.body!.data.id as string, done: false, creditsCharged: 0, results: 0, succeeded: 0 });
          return;
        }
        if (stopped) return;
        await sleep(500);
      }
    };

    // The big key's held credits every 2 s: holds orphaned by a kill stay until their expiry, then return.
    const heldSamples: string[] = [];
    const heldSampler = async () => {
      for (let tick = 0; !stopped; tick++) {
        await sleep(Math.max(0, startedAt + tick * 2000 - Date.now()));
        const view = await call(pick(), 'GET', '/v1/account', KEYS.big);
        heldSamples.push(view.status === 200 ? String(view.body!.data.held) : '-');
      }
    };
    const load = [0, 1, 2, 3].map((loop) => liveLoop(loop));
    load.push(smallLoop(), heldSampler());

    const chaos = async () => {
      const at = async (seconds: number) => sleep(Math.max(0, startedAt + seconds * 1000 - Date.now()));
      const restartLater = (process: SoakProcess, afterMs: number) =>
        sleep(afterMs).then(() =>
          process.restart().then(
            () => log(`${process.name} back`),
            (error: unknown) => log(`${process.name} did not restart: ${String(error)}`),
          ),
        );
      const killAndRestart = async (process: SoakProcess, downMs: number) => {
        await process.kill();
        log(`SIGKILL ${process.name}`);
        await restartLater(process, downMs);
      };
      await at(3);
      void batch(0);
      await at(8);
      await killAndRestart(gateways[0]!, 1500);
      await at(14);
      upstream.hangUntil = Date.now() + HANG_MS;
      log(`upstream hangs for ${HANG_MS / 1000} s`);
      await at(15);
      // Live requests are waiting on the upstream with their credits held: the gateway dies with them.
      await killAndRestart(gateways[1]!, 1500);
      await at(16);
      // Checks started during the hang are in flight: the worker dies in the middle of them.
      await killAndRestart(worker, 2000);
      await at(22);
      void batch(1);
      await at(26);
      await killAndRestart(gateways[0]!, 1500);
      await at(30);
      await killAndRestart(worker, 2000);
      await at(35);
      await redis.kill();
      redisKills += 1;
      log('SIGKILL redis-server');
      await sleep(3000);
      await redis.start();
      log('redis-server back (AOF)');
      await at(42);
      void batch(2);
      await at(50);
      await killAndRestart(gateways[1]!, 1500);
      await at(LOAD_SECONDS);
    };
    await chaos();
    stopped = true;
    await Promise.all(load);
    const loadEndedAt = Date.now();
    log(`load stopped after ${tally.total} requests; waiting for batches and holds`);

    // Batches finish on the worker; their totals come from the job views.
    const batchDeadline = Date.now() + 60_000;
    for (const entry of batches) {
      while (!entry.done && Date.now() < batchDeadline) {
        const view = await call(pick(), 'GET', `/v1/jobs/${entry.id}?limit=100`, KEYS.big);
        const job = view.body?.data as Json | undefined;
        if (view.status === 200 && job && ['succeeded', 'failed', 'canceled'].includes(job.status as string)) {
          entry.done = true;
          entry.creditsCharged = job.creditsCharged as number;
          entry.results = (job.results as unknown[]).length;
          entry.succeeded = (job.results as { status: string }[]).filter((result) => result.status === 'succeeded').length;
        } else {
          await sleep(250);
        }
      }
    }

    // Every hold left by a killed process returns by its expiry; then the balances are final.
    const accounts = new Map<string, Json>();
    const holdsDeadline = Date.now() + HOLD_WAIT_MS;
    for (const [name, key] of Object.entries(KEYS)) {
      for (;;) {
        const view = await call(pick(), 'GET', '/v1/account', key);
        const data = view.body?.data as Json | undefined;
        if (view.status === 200 && data && (data.held === 0 || Date.now() > holdsDeadline)) {
          accounts.set(name, data);
          break;
        }
        await sleep(250);
      }
    }
    const holdsClearedMs = Date.now() - loadEndedAt;
    // Deliveries queued by the last checks.
    await sleep(2000);
    for (const id of process.env.SOAK_LOG_LEVEL ? subscriptionIds.keys() : []) {
      const view = await call(pick(), 'GET', `/v1/subscriptions/${id}`, KEYS.subs);
      log(`subscription ${id}: ${JSON.stringify(view.body?.data ?? view.body).slice(0, 600)}`);
    }

    const chargedChanges = await chargedChangeNumbers(redis.url, [...subscriptionIds.keys()]);
    report({
      tally,
      gateways,
      worker,
      redisKills,
      batches,
      accounts,
      receiver,
      upstream,
      subscriptionIds,
      holdsClearedMs,
      loadEndedAt,
      chargedChanges,
      heldSamples,
    });
  } finally {
    stopped = true;
    if (process.env.SOAK_LOG_LEVEL) for (const each of [...gateways, worker]) process.stderr.write(`--- ${each.name}\n${each.output()}\n`);
    await Promise.all([...gateways, worker].map((process) => process.stop().catch(() => {})));
    await redis.stop().catch(() => {});
    await receiver.stop().catch(() => {});
    await upstream.stop().catch(() => {});
  }
}

interface ReportInput {
  tally: Tally;
  gateways: SoakProcess[];
  worker: SoakProcess;
  redisKills: number;
  batches: { id: string; done: boolean; creditsCharged: number; results: number; succeeded: number }[];
  accounts: Map<string, Json>;
  receiver: SoakReceiver;
  upstream: SoakUpstream;
  subscriptionIds: Map<string, string>;
  holdsClearedMs: number;
  loadEndedAt: number;
  /** Per subscription, the change numbers whose charge was committed. */
  chargedChanges: Map<string, number[]>;
  heldSamples: string[];
}

/**
 * Reads the subscriptions' charges from the ledger itself: each change number is one reservation
 * `sub:{id}:change:{n}` (a field of its account's reservation hash, KeyLayout.reservations),
 * committed at most once however often a check repeated it.
 */
async function chargedChangeNumbers(url: string, ids: string[]): Promise<Map<string, number[]>> {
  const client = createClient({ url });
  client.on('error', () => {});
  await client.connect();
  try {
    const charged = new Map<string, number[]>(ids.map((id) => [id, []]));
    for await (const keys of client.scanIterator({ MATCH: `pdg:${SEGMENT.reservations}*`, COUNT: 500 })) {
      for (const key of keys)
        for await (const entries of client.hScanIterator(key, { MATCH: 'sub:*:change:*', COUNT: 500 }))
          for (const { field, value } of entries) {
            const [, id, , number] = field.split(':');
            const state = (JSON.parse(value) as { state?: string }).state;
            if (state === 'committed' && id !== undefined) charged.get(id)?.push(Number(number));
          }
    }
    for (const numbers of charged.values()) numbers.sort((a, b) => a - b);
    return charged;
  } finally {
    await client.close();
  }
}

function report(input: ReportInput): void {
  const { tally, batches, accounts, receiver, upstream } = input;
  const lines: string[] = [];
  const out = (line = '') => lines.push(line);
  out();
  out(`Requests by outcome (${tally.total} in ${LOAD_SECONDS} s; slowest 503 ${tally.slowest503Ms} ms)`);
  for (const [label, count] of [...tally.byOutcome].sort(([a], [b]) => a.localeCompare(b)))
    out(`  ${label.padEnd(44)} ${String(count).padStart(6)}`);
  out();
  out('Kills (SIGKILL, each restarted)');
  for (const process of [...input.gateways, input.worker])
    out(`  ${process.name.padEnd(12)} ${process.kills} killed, ${process.restarts} restarted`);
  out(`  ${'redis-server'.padEnd(12)} ${input.redisKills} killed, ${input.redisKills} restarted (AOF, fsync always)`);
  out();
  out('Batches');
  for (const entry of batches)
    out(
      `  ${entry.id}  ${entry.done ? 'finished' : 'NOT FINISHED'}  ${entry.results}/${BATCH_TARGETS} results, ${entry.succeeded} succeeded, ${entry.creditsCharged} credits`,
    );
  out();

  const changes = receiver.deliveries.filter((delivery) => delivery.type === 'content.changed');
  const batchCredits = batches.reduce((sum, entry) => sum + entry.creditsCharged, 0);
  const rows: [string, number, number, number, number][] = [
    ['big (REST + batches)', OPENING.big, (tally.reportedCredits.get(KEYS.big) ?? 0) + batchCredits, tally.lostPaid.get(KEYS.big) ?? 0, 0],
    ['small (spent to 402)', OPENING.small, tally.reportedCredits.get(KEYS.small) ?? 0, tally.lostPaid.get(KEYS.small) ?? 0, 0],
    ['subscriptions', OPENING.subs, [...input.chargedChanges.values()].reduce((sum, numbers) => sum + numbers.length, 0), 0, 0],
  ];
  out(`Credits per key (after every hold returned: ${(input.holdsClearedMs / 1000).toFixed(1)} s after the load stopped)`);
  out(
    `  ${'key'.padEnd(22)} ${'reported'.padStart(9)} ${'spent'.padStart(7)} ${'diff'.padStart(6)} ${'lost answers'.padStart(13)} ${'held'.padStart(5)} ${'balance'.padStart(8)}  verdict`,
  );
  for (const [index, name] of ['big', 'small', 'subs'].entries()) {
    const row = rows[index]!;
    const account = accounts.get(name) ?? {};
    const spent = row[1] - Number(account.balance);
    const diff = spent - row[2];
    const lost = row[3];
    const verdict =
      account.held !== 0
        ? 'HOLDS LEFT'
        : diff >= 0 && diff <= lost
          ? diff === 0
            ? 'exact'
            : `explained by ${diff} lost answer(s)`
          : 'UNEXPLAINED';
    const overdrawn = Number(account.balance) < 0 ? ' OVERDRAWN' : '';
    out(
      `  ${row[0].padEnd(22)} ${String(row[2]).padStart(9)} ${String(spent).padStart(7)} ${String(diff).padStart(6)} ${String(lost).padStart(13)} ${String(account.held).padStart(5)} ${String(account.balance).padStart(8)}  ${verdict}${overdrawn}`,
    );
  }
  out(`  held by the big key every 2 s (- when no gateway answered): ${input.heldSamples.join(' ')}`);
  out();

  out(`Subscriptions (interval ${INTERVAL_SECONDS} s, content changes every ${CHANGE_EVERY_MS / 1000} s)`);
  out(
    `  ${'subscription'.padEnd(38)} ${'checks'.padStart(6)} ${'longest silence'.padStart(22)} ${'delivered'.padStart(9)} ${'charged'.padStart(7)} ${'duplicates'.padStart(10)}`,
  );
  for (const [id, community] of input.subscriptionIds) {
    const fetches = (upstream.watchFetches.get(community) ?? []).filter((at) => at <= input.loadEndedAt);
    const points = [...fetches, input.loadEndedAt];
    let silence = 0;
    let silentFrom = 0;
    for (let index = 1; index < points.length; index++) {
      if (points[index]! - points[index - 1]! > silence) [silence, silentFrom] = [points[index]! - points[index - 1]!, points[index - 1]!];
    }
    const own = changes.filter((delivery) => delivery.subscriptionId === id);
    const distinct = new Set(own.map((delivery) => delivery.webhookId));
    const versions = new Set(own.map((delivery) => delivery.firstItem));
    const duplicates = own.length - distinct.size + (distinct.size - versions.size);
    const silenceText = `${(silence / 1000).toFixed(1)} s from ${((silentFrom - startedAt) / 1000).toFixed(1)} s`;
    const charged = input.chargedChanges.get(id)?.length ?? 0;
    if (process.env.SOAK_LOG_LEVEL)
      out(
        `    delivered: ${own.map((delivery) => `${((delivery.at - startedAt) / 1000).toFixed(1)}s ${delivery.firstItem}`).join(', ')}; charged numbers ${JSON.stringify(input.chargedChanges.get(id))}`,
      );
    out(
      `  ${`${id} (${community})`.padEnd(38)} ${String(fetches.length).padStart(6)} ${silenceText.padStart(22)} ${String(distinct.size).padStart(9)} ${String(charged).padStart(7)} ${String(duplicates).padStart(10)}`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();
