import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'redis';

export const ROOT = new URL('../../', import.meta.url).pathname;

/** True when a redis-server binary is on the PATH (the outage tests start their own). */
export const hasRedisServer = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;

export interface ChildGateway {
  url: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** A TCP port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * How long a spawned gateway may take to announce itself. Compiling the whole gateway through tsx
 * takes a few seconds on an idle machine and half a minute on a loaded one: a bound on a hang, not
 * a measure of speed. Hooks that start gateways allow this plus their own work.
 */
export const GATEWAY_START_ALLOWANCE_MS = 120_000;

/**
 * Spawns a gateway (`node --import tsx <entry>`) and waits for the line announcing its URL:
 * "listening <url>" from test/redis/gateway-process.ts, "Gateway listening on <url>" from src/main.ts.
 */
export async function spawnGateway(
  entry: string,
  env: Record<string, string>,
  timeoutMs = GATEWAY_START_ALLOWANCE_MS,
): Promise<ChildGateway> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`gateway did not start in ${timeoutMs} ms:\n${output}`)), timeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (?:on )?(http:\/\/[\d.:]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`gateway exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export interface OwnRedis {
  url: string;
  /** Kills the server at once (SIGKILL): clients see their connection drop. */
  kill(): Promise<void>;
  /** Starts it again on the same port and data directory; its AOF restores the state. */
  start(): Promise<void>;
  /** Freezes (SIGSTOP) or thaws (SIGCONT) the server: connections stay open and nothing answers. */
  freeze(frozen: boolean): void;
  stop(): Promise<void>;
}

/**
 * A redis-server of the test's own, persisting every write (AOF, fsync always) so a kill and
 * restart loses nothing that was acknowledged, as a production instance with AOF would.
 */
export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'gateway-redis-'));
  const url = `redis://127.0.0.1:${port}`;
  let server: ChildProcess | null = null;
  const start = async () => {
    server = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--appendfsync', 'always', '--dir', dir],
      { stdio: 'ignore' },
    );
    await waitForPing(url);
  };
  const kill = async () => {
    const current = server;
    server = null;
    if (!current || current.exitCode !== null) return;
    const exited = new Promise((resolve) => current.once('exit', resolve));
    current.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    url,
    kill,
    start,
    freeze: (frozen) => server?.kill(frozen ? 'SIGSTOP' : 'SIGCONT'),
    async stop() {
      server?.kill('SIGCONT');
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPing(url: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = createClient({ url, socket: { reconnectStrategy: false, connectTimeout: 500 } });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.ping();
      await client.close();
      return;
    } catch (error) {
      if (client.isOpen) client.destroy();
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/**
 * Starts test/jobs/worker-process.ts (jobs, subscription checks and deliveries) and waits for
 * "worker ready", as long as a gateway may take to start (it compiles as much).
 */
export async function spawnWorker(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/jobs/worker-process.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`worker did not start in ${GATEWAY_START_ALLOWANCE_MS} ms:\n${output}`)),
      GATEWAY_START_ALLOWANCE_MS,
    );
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('worker ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}:\n${output}`)));
  });
  return child;
}

/** Sends `signal` and waits for the child to exit (nothing when it already has). */
export async function kill(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}
