import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { StockReady } from '../stock-target.js';
import { nextMessage, type TargetRequest, type TargetStats } from './target-process.js';

/** A running bench/stock-target.ts child: the stock assembly answering one hit URL. */
export interface StockTarget {
  /** The hit URL on the stock assembly (same path and query as the gateway's). */
  url: string;
  stats(): Promise<TargetStats>;
  stop(): Promise<void>;
}

const STOCK = fileURLToPath(new URL('../stock-target.ts', import.meta.url));

/**
 * Starts the stock assembly in a process of its own (as the gateway's target is), loaded with
 * the bytes the gateway answers `hitUrl` with for `key`. BENCH_CPU_PROF profiles it too.
 */
export async function startStockTarget(hitUrl: string, key: string): Promise<StockTarget> {
  const profileDir = process.env.BENCH_CPU_PROF;
  const child = fork(STOCK, [], {
    execArgv: ['--import', 'tsx', ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])],
    env: { ...process.env, BENCH_HIT_URL: hitUrl, BENCH_HIT_KEY: key },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await nextMessage<StockReady>(child, 'ready');
  return {
    url: ready.url,
    async stats() {
      child.send({ type: 'stats' } satisfies TargetRequest);
      return (await nextMessage<{ type: 'stats'; stats: TargetStats }>(child, 'stats')).stats;
    },
    async stop() {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.send({ type: 'stop' } satisfies TargetRequest);
      await exited;
    },
  };
}
