import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { StockReady } from '../stock-target.js';
import { nextMessage, type TargetRequest, type TargetStats } from './target-process.js';

/** A running bench/stock-target.ts child: the stock assembly answering one hit URL. */
export interface StockTarget {
  /** The hit URL on the stock assembly (same path and query as the gateway's). */
  url: string;
  stats(): Promise<TargetStats>;
  profile(action: 'start' | 'stop', path?: string): Promise<void>;
  stop(): Promise<void>;
}

const STOCK = fileURLToPath(new URL('../stock-target.ts', import.meta.url));

/**
 * Starts the stock assembly in a process of its own (as the gateway's target is), loaded with
 * the bytes the gateway answers `hitUrl` with for `key`.
 */
export async function startStockTarget(hitUrl: string, key: string): Promise<StockTarget> {
  const child = fork(STOCK, [], {
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_TARGET_FLAGS?.split(' ').filter(Boolean) ?? [])],
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
