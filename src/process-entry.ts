import type { Config } from './config/config.js';
import { createState, StoreConnectError, type CreateStateOptions } from './state/index.js';
import type { StateAdapters } from './state/ports.js';

/** Helpers shared by the process entries (gateway, worker, demo): one clear line and exit code 1, or a clean stop. */

/** The configured state, or one line saying why the store cannot be reached and exit code 1. */
export async function createStateOrExit(config: Config, options: CreateStateOptions = {}): Promise<StateAdapters> {
  try {
    return await createState(config, options);
  } catch (error) {
    if (!(error instanceof StoreConnectError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/** Runs `stop` once on the first SIGINT or SIGTERM, then exits 0. */
export function stopOnSignals(stop: (signal: string) => Promise<void>): void {
  let stopping = false;
  const onSignal = (signal: string) => {
    if (stopping) return;
    stopping = true;
    void stop(signal).then(() => process.exit(0));
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
}
