import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Sent by bench/target.ts once its servers listen. */
export interface TargetReady {
  type: 'ready';
  gatewayUrl: string;
  bareUrl: string;
  /** One Fastify route answering the same bytes (the framework's own cost, for the report). */
  fastifyUrl: string;
  hitPath: string;
  hitBytes: number;
  key: string;
  /** A publishable key of the same account, the origin it allows, and a GraphQL cache hit registered as its trusted document. */
  publishable: { key: string; origin: string; query: string; documentId: string };
}

export interface TargetStats {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  /** Memory held by Buffers and other objects outside the V8 heap. */
  external: number;
  /** heapUsed right after a full collection (the live set), when the reading asked for one; else null. */
  liveHeap: number | null;
  /** Upstream requests since the previous stats reading. */
  upstreamRequests: number;
  /** TCP connections the fake upstream accepted since start. */
  upstreamConnections: number;
  /** CPU time (user + system) the process has used since start, in microseconds. */
  cpuMicros: number;
}

export type TargetRequest =
  | { type: 'stats'; collect?: boolean }
  | { type: 'stop' }
  /** Starts or stops an inspector CPU profile of the target (stop writes it to `path`); answered with `profiled`. */
  | { type: 'profile'; action: 'start' | 'stop'; path?: string };

/** A running bench/target.ts child. */
export interface Target extends TargetReady {
  /** `collect` runs a full garbage collection first to read the live heap (it pauses the target). */
  stats(collect?: boolean): Promise<TargetStats>;
  /** Profiles the target's CPU from `start` to `stop`, which writes the .cpuprofile to `path`. */
  profile(action: 'start' | 'stop', path?: string): Promise<void>;
  stop(): Promise<void>;
}

const TARGET = fileURLToPath(new URL('../target.ts', import.meta.url));

/**
 * Starts the process under load. BENCH_CPU_PROF=dir adds --cpu-prof, writing a profile of the
 * target (the gateway, not the load generator) into dir when it stops. `maxOldSpaceMb` bounds
 * V8's old space as a deployment would (NODE_OPTIONS=--max-old-space-size).
 */
export async function startTarget(env: Record<string, string | undefined> = {}, options: { maxOldSpaceMb?: number } = {}): Promise<Target> {
  const profileDir = process.env.BENCH_CPU_PROF;
  const execArgv = [
    '--import',
    'tsx',
    // Lets stats() read the live heap (after a full collection) beside RSS.
    '--expose-gc',
    ...(options.maxOldSpaceMb ? [`--max-old-space-size=${options.maxOldSpaceMb}`] : []),
    ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    // BENCH_TARGET_FLAGS: more V8 or Node flags for the target alone (--trace-gc, say).
    ...(process.env.BENCH_TARGET_FLAGS?.split(' ').filter(Boolean) ?? []),
  ];
  const child = fork(TARGET, [], {
    execArgv,
    env: { ...process.env, REDIS_URL: undefined, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await nextMessage<TargetReady>(child, 'ready');
  return {
    ...ready,
    async stats(collect = false) {
      child.send({ type: 'stats', collect } satisfies TargetRequest);
      return (await nextMessage<{ type: 'stats'; stats: TargetStats }>(child, 'stats')).stats;
    },
    async profile(action, path) {
      child.send({ type: 'profile', action, path } satisfies TargetRequest);
      await nextMessage(child, 'profiled');
    },
    async stop() {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.send({ type: 'stop' } satisfies TargetRequest);
      await exited;
    },
  };
}

export function nextMessage<T extends { type: string }>(child: ChildProcess, type: T['type']): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onMessage = (message: T) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message);
    };
    const onExit = (code: number | null) => reject(new Error(`bench target exited (${code}) before sending ${type}`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}
