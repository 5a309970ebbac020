import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { fmt, type Row } from '../support/table.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const STARTS = 3;
const GIVE_UP_MS = 30_000;

/** What `npm start` runs (tsx compiles on load, in a child process) and what `npm run start:prod` runs. */
const MODES = {
  tsx: (node: string) => [node, fileURLToPath(new URL('../../node_modules/tsx/dist/cli.mjs', import.meta.url)), 'src/main.ts'],
  built: (node: string) => [node, 'dist/src/main.js'],
} as const;

interface Start {
  ms: number;
  /** RSS of the process and its children (tsx runs the server in a child) when /healthz first answered. */
  rss: number;
}

/**
 * Cold start of the server, memory state, until /healthz answers 200, and its RSS then: the
 * `tsx` start beside the built one (`npm run build` first), three starts each, alternating, medians.
 * When .ci/run has fetched Node 24 into .ci/cache, the same pair runs on it too.
 */
export async function coldStart(): Promise<Row[]> {
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed');
  const rows = await pairRows(process.execPath, process.version);
  const node24 = `${ROOT}.ci/cache/node-${process.platform}-${process.arch}-24/bin/node`;
  if (!process.version.startsWith('v24.') && existsSync(node24)) {
    const version = spawnSync(node24, ['--version'], { encoding: 'utf8' }).stdout.trim();
    rows.push(...(await pairRows(node24, version)));
  }
  return rows;
}

async function pairRows(node: string, version: string): Promise<Row[]> {
  const runs: Record<keyof typeof MODES, Start[]> = { tsx: [], built: [] };
  for (let index = 0; index < STARTS; index += 1) {
    for (const mode of ['tsx', 'built'] as const) runs[mode].push(await startOnce(MODES[mode](node)));
  }
  const tsxMs = median(runs.tsx.map((run) => run.ms));
  const builtMs = median(runs.built.map((run) => run.ms));
  const tsxRss = median(runs.tsx.map((run) => run.rss));
  const builtRss = median(runs.built.map((run) => run.rss));
  const scenario = `Cold start, memory state, node ${version} (median of ${STARTS}): built vs tsx`;
  return [
    {
      scenario,
      metric: 'start until /healthz answers',
      measured: fmt.ms(builtMs),
      baseline: `${fmt.ms(tsxMs)} (tsx)`,
      ratio: fmt.ratio(builtMs / tsxMs),
      target: '- (reference)',
      met: null,
    },
    {
      scenario,
      metric: 'RSS when ready (with children)',
      measured: fmt.mb(builtRss),
      baseline: `${fmt.mb(tsxRss)} (tsx)`,
      ratio: fmt.ratio(builtRss / tsxRss),
      target: '- (reference)',
      met: null,
    },
  ];
}

async function startOnce(command: readonly string[]): Promise<Start> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    API_KEYS: 'sk_bench_cold_start=10',
  };
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited (${child.exitCode}) before answering:\n${stderr}`);
      if (performance.now() - started > GIVE_UP_MS) throw new Error(`${command.join(' ')} did not answer /healthz in ${GIVE_UP_MS} ms`);
      if (await healthy(port)) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const ms = performance.now() - started;
    return { ms, rss: treeRss(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

function healthy(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const request = get({ host: '127.0.0.1', port, path: '/healthz', agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('error', () => resolve(false));
  });
}

/** RSS of a process and its descendants, from /proc (Linux); 0 elsewhere. */
function treeRss(rootPid: number): number {
  if (process.platform !== 'linux') return 0;
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The parent pid is the 2nd field after the parenthesised command name.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
    } catch {
      // The process ended while the list was read.
    }
  }
  let total = 0;
  const pending = [rootPid];
  while (pending.length > 0) {
    const pid = pending.pop()!;
    try {
      const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      total += Number(kb ?? 0) * 1024;
    } catch {
      continue;
    }
    pending.push(...(children.get(pid) ?? []));
  }
  return total;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
