import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createClient } from 'redis';
import type { HostPort } from '../../src/config/setting-types.js';

/**
 * The cluster as its nodes describe it (CLUSTER NODES, CLUSTER KEYSLOT, INFO), read over plain
 * single-node connections so the check sees what Redis says, not what a cluster client believes.
 */

type NodeClient = ReturnType<typeof createClient>;

export interface ClusterNode {
  id: string;
  host: string;
  port: number;
  role: 'master' | 'replica';
  /** Failed or not connected, as the answering node sees it. */
  failing: boolean;
  /** The master this replica follows ('-' for a master). */
  masterId: string;
  /** Slot ranges served (masters only). */
  slots: [number, number][];
}

export const address = (node: Pick<ClusterNode, 'host' | 'port'>): string => `${node.host}:${node.port}`;

export function parseSeeds(value: string): HostPort[] {
  return value.split(',').map((entry) => {
    const [host, port] = entry.trim().split(':');
    if (!host || !Number.isInteger(Number(port))) throw new RangeError(`not host:port: ${entry}`);
    return { host, port: Number(port) };
  });
}

export async function withNode<T>(node: HostPort, work: (client: NodeClient) => Promise<T>): Promise<T> {
  const client = createClient({ socket: { host: node.host, port: node.port, connectTimeout: 1000, reconnectStrategy: false } });
  client.on('error', () => {});
  await client.connect();
  try {
    return await work(client);
  } finally {
    client.destroy();
  }
}

/** Runs `work` on the first seed that answers. */
async function onAnySeed<T>(seeds: readonly HostPort[], work: (client: NodeClient) => Promise<T>): Promise<T> {
  let lastError: unknown = new Error('no seed nodes');
  for (const seed of seeds) {
    try {
      return await withNode(seed, work);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

/** CLUSTER NODES from the first seed that answers. */
export async function clusterNodes(seeds: readonly HostPort[]): Promise<ClusterNode[]> {
  const text = await onAnySeed(seeds, (client) => client.sendCommand<string>(['CLUSTER', 'NODES']));
  return text
    .trim()
    .split('\n')
    .map((line) => {
      const [id, endpoint, flags, masterId, , , , , ...slotFields] = line.split(' ');
      const [host, port] = endpoint!.split('@')[0]!.split(':');
      const flagList = flags!.split(',');
      const slots = slotFields
        .filter((field) => !field.startsWith('['))
        .map((field): [number, number] => {
          const [from, to] = field.split('-').map(Number);
          return [from!, to ?? from!];
        });
      return {
        id: id!,
        host: host!,
        port: Number(port),
        role: flagList.includes('master') ? 'master' : 'replica',
        failing: flagList.some((flag) => flag === 'fail' || flag === 'fail?' || flag === 'noaddr'),
        masterId: masterId!,
        slots,
      } satisfies ClusterNode;
    });
}

export const liveMasters = (nodes: readonly ClusterNode[]): ClusterNode[] =>
  nodes.filter((node) => node.role === 'master' && !node.failing && node.slots.length > 0);

/** The live master serving a key's slot, and the slot. */
export async function masterOfKey(seeds: readonly HostPort[], key: string): Promise<{ slot: number; master: ClusterNode | undefined }> {
  const slot = await onAnySeed(seeds, (client) => client.clusterKeySlot(key));
  const master = liveMasters(await clusterNodes(seeds)).find((node) => node.slots.some(([from, to]) => from <= slot && slot <= to));
  return { slot, master };
}

/** Every key under a prefix on one node (SCAN, never KEYS). */
export async function keysOn(node: HostPort, prefix: string): Promise<string[]> {
  return withNode(node, async (client) => {
    const found: string[] = [];
    for await (const batch of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 1000 })) found.push(...batch);
    return found;
  });
}

/** Whether every node answers `cluster_state:ok`. */
export async function clusterHealthy(nodes: readonly HostPort[]): Promise<boolean> {
  for (const node of nodes) {
    const info = await withNode(node, (client) => client.sendCommand<string>(['CLUSTER', 'INFO'])).catch(() => '');
    if (!info.includes('cluster_state:ok')) return false;
  }
  return true;
}

/** The settings a cluster node needs to start again as the same node (its config file keeps its identity). */
const RESTART_SETTINGS = [
  'port',
  'bind',
  'dir',
  'cluster-enabled',
  'cluster-config-file',
  'cluster-node-timeout',
  'save',
  'appendonly',
  'logfile',
];

export interface KilledNode {
  pid: number;
  /** Starts the node again with the settings it ran with; it rejoins its cluster (as a replica once its slots moved). */
  restart(): Promise<void>;
}

/**
 * SIGKILLs a cluster node running on this machine (its pid from INFO server): no shutdown, no
 * final save, as when a host dies.
 */
export async function killNode(node: HostPort): Promise<KilledNode> {
  const { pid, settings, executable } = await withNode(node, async (client) => {
    const info = await client.info('server');
    const config = await client.configGet(RESTART_SETTINGS);
    return {
      pid: Number(/process_id:(\d+)/.exec(info)?.[1]),
      // Redis makes argv[0] absolute against its working directory: a server started as plain
      // `redis-server` reports a path that does not exist, and the PATH's binary is meant.
      executable: [/executable:(\S+)/.exec(info)?.[1]].find((path) => path !== undefined && existsSync(path)) ?? 'redis-server',
      settings: config,
    };
  });
  if (!Number.isInteger(pid) || pid <= 0) throw new Error(`no process id from ${address(node)}`);
  process.kill(pid, 'SIGKILL');
  // bind lists addresses separated by spaces: one argument each.
  const args = Object.entries(settings).flatMap(([name, value]) => [`--${name}`, ...(name === 'bind' ? value.split(' ') : [value])]);
  return {
    pid,
    async restart() {
      await new Promise<void>((resolve, reject) => {
        const child = spawn(executable, [...args, '--daemonize', 'yes'], { stdio: 'ignore' });
        child.once('error', reject);
        child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`redis-server exited with ${code}`))));
      });
    },
  };
}
