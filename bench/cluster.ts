/**
 * Redis Cluster acceptance check: `REDIS_CLUSTER_NODES=127.0.0.1:7101,... npm run bench:cluster`
 * (`scripts/redis-cluster.sh start` starts a local 3-master, 3-replica cluster and prints the
 * value). Two gateway processes (WORKERS=off) and one worker process on the cluster, against a
 * loopback fake upstream and webhook receiver, under a key prefix of the run's own:
 * - 400 charged requests at once on a 100-credit key: exactly 100 / 300 insufficient_credits / 0;
 * - the accounts of 50 seeded keys spread over every master; every key name has a hash tag;
 * - a 50-target batch finishes whole with 50 credits, followed over SSE on the other gateway;
 * - a change subscription delivers once per change, signed, and over SSE on the other gateway;
 * - failover: under charged load the master of an account's slot is SIGKILLed; both gateways serve
 *   again by themselves within 10 s of the promotion, answering only 503 with Retry-After
 *   meanwhile; then again with REDIS_MIN_REPLICAS_ACK=1, where balance plus the credits reported
 *   to callers must equal the opening balance. The killed node is started again each time and
 *   rejoins as a replica;
 * - no CROSSSLOT or MOVED in any process's output.
 * The failover kills redis-server processes: run it on a cluster of its own on this machine, never
 * one that others use. Prints a table; exits 1 when a check fails, 2 when it cannot run.
 */
import { testPrefix, deletePrefix } from '../test/state/redis-support.js';
import {
  batchAfterFailoverCheck,
  batchChecks,
  burstCheck,
  hashTagCheck,
  logCheck,
  offendingLogLines,
  spreadCheck,
  subscriptionChecks,
} from './cluster/checks.js';
import { failoverRound } from './cluster/failover.js';
import { clusterHealthy, parseSeeds } from './cluster/topology.js';
import { renderRows, runCheck, type CheckRow } from './cluster/verdict.js';
import { ClusterWorld } from './cluster/world.js';

async function main(): Promise<number> {
  const nodes = process.env.REDIS_CLUSTER_NODES?.trim();
  if (!nodes || process.env.REDIS_URL) {
    console.error('npm run bench:cluster needs REDIS_CLUSTER_NODES (scripts/redis-cluster.sh start prints it) and no REDIS_URL.');
    return 2;
  }
  const seeds = parseSeeds(nodes);
  if (!(await clusterHealthy(seeds))) {
    console.error(`not every node of ${nodes} answers cluster_state:ok`);
    return 2;
  }
  const prefix = testPrefix();
  const world = await ClusterWorld.start({ REDIS_CLUSTER_NODES: nodes }, prefix);
  const rows: CheckRow[] = [];
  const add = (row: CheckRow) => {
    rows.push(row);
    process.stdout.write(`${row.verdict.padEnd(17)} ${row.check}: ${row.detail}\n`);
  };
  try {
    const started = await runCheck('processes start on the cluster', async () => {
      await world.startGateways();
      return { verdict: 'pass', detail: `gateways ${world.gateways.map((gateway) => gateway.url).join(', ')} and a worker` };
    });
    add(started);
    if (started.verdict !== 'pass') return finish(rows);

    add(await runCheck('accounts spread over every master', () => spreadCheck(seeds, prefix)));
    add(await runCheck('burst: 400 at once on 100 credits', () => burstCheck(world)));
    const batch = await runCheck('batch of 50 targets', async () => {
      const outcome = await batchChecks(world);
      add({ check: 'SSE jobProgress on A, batch via B', ...outcome.stream });
      return outcome.batch;
    });
    add(batch);
    const subscription = await runCheck('change subscription: once per change', async () => {
      const outcome = await subscriptionChecks(world, seeds);
      add({ check: 'SSE subscriptionEvents on A, via B', ...outcome.stream });
      return outcome.webhooks;
    });
    add(subscription);
    add(await runCheck('every key name has a hash tag', () => hashTagCheck(seeds, prefix)));

    add(await runCheck('no CROSSSLOT or MOVED in any log before the failovers', async () => logCheck(world)));
    const beforeFailovers = offendingLogLines(world);
    for (const minReplicasAck of [0, 1]) {
      if (!(await clusterHealthy(seeds))) {
        add({ check: `failover, REDIS_MIN_REPLICAS_ACK=${minReplicasAck}`, verdict: 'FAIL', detail: 'skipped: the cluster is not whole' });
        continue;
      }
      const label = `failover, REDIS_MIN_REPLICAS_ACK=${minReplicasAck}`;
      const round = await runCheck(label, async () => {
        await world.startGateways({ REDIS_MIN_REPLICAS_ACK: String(minReplicasAck) });
        // With replicas to wait for, the promoted master needs one: the killed node comes back at once.
        const outcome = await failoverRound(world, seeds, prefix, { restartAtPromotion: minReplicasAck > 0 });
        add({ check: `${label}: served again`, ...outcome.recovery });
        add({ check: `${label}: answers`, ...outcome.answers });
        add({ check: `${label}: credits`, ...outcome.credits });
        add({ check: `${label}: killed node rejoins`, ...outcome.rejoin });
        return { verdict: 'pass', detail: 'both gateways started with the setting' };
      });
      if (round.verdict !== 'pass') add(round);
      add(await runCheck(`${label}: worker runs a batch after it`, () => batchAfterFailoverCheck(world)));
    }
    add(await runCheck('no CROSSSLOT or MOVED in any log during and after the failovers', async () => logCheck(world, beforeFailovers)));
    return finish(rows);
  } finally {
    if (process.env.BENCH_CLUSTER_LOGS) for (const [name, output] of world.logs()) process.stderr.write(`--- ${name}\n${output}\n`);
    await world.stop();
    await deletePrefix(prefix);
  }
}

function finish(rows: readonly CheckRow[]): number {
  process.stdout.write(`\n${renderRows(rows)}\n`);
  const failed = rows.filter((row) => row.verdict !== 'pass').length;
  process.stdout.write(failed === 0 ? 'ALL CHECKS PASS\n' : `${failed} of ${rows.length} checks did not pass\n`);
  return failed === 0 ? 0 : 1;
}

process.exitCode = await main();
