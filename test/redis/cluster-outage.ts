import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { clusterSeeds, withMasters } from '../state/redis-support.js';

/**
 * Outages on the local Redis Cluster of scripts/redis-cluster.sh, for the failover tests: which
 * master serves a key, stopping it, and bringing the cluster back whole afterwards.
 */

const run = promisify(execFile);

/** The master serving a key's slot, as the cluster itself says. */
export async function masterPortOf(key: string): Promise<number> {
  return withMasters(async ([any]) => {
    const slot = await any!.clusterKeySlot(key);
    const shard = (await any!.clusterSlots()).find((range) => range.from <= slot && slot <= range.to);
    if (!shard) throw new Error(`no master serves slot ${slot}`);
    return shard.master.port;
  });
}

/** Stops the node on `port` at once, without saving: as far as the cluster can tell, it died. */
export async function stopNode(port: number): Promise<void> {
  await run('redis-cli', ['-h', '127.0.0.1', '-p', String(port), 'shutdown', 'nosave']).catch(() => {});
}

/** Starts the stopped node again (it rejoins as a replica), so the cluster is whole for the next run. */
export async function restoreCluster(): Promise<void> {
  const base = Math.min(...clusterSeeds!.map((seed) => seed.port)) - 1;
  await run('scripts/redis-cluster.sh', ['start'], { env: { ...process.env, REDIS_CLUSTER_PORT_BASE: String(base) } });
}
