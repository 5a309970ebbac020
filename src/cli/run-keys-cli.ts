import type { Catalogue } from '../catalogue/catalogue.js';
import { ConfigError, loadConfig, usesSharedStore } from '../config/config.js';
import { isGatewayError } from '../errors.js';
import { createRedisState, StoreConnectError } from '../state/redis/index.js';
import type { StateAdapters } from '../state/ports.js';
import { parseKeysCommand, runKeysCommand, UsageError } from './keys-commands.js';

export interface CliIo {
  env: NodeJS.ProcessEnv;
  /** The families whose settings the environment may carry (the configuration checks them too). */
  catalogue: Catalogue;
  out(line: string): void;
  err(line: string): void;
  /** Key prefix in Redis; tests give each run its own. */
  prefix?: string;
}

const NEEDS_REDIS =
  'The keys and documents CLIs administer the keys and trusted documents of a running deployment in its Redis: set REDIS_URL to that Redis, or REDIS_CLUSTER_NODES to its cluster (e.g. REDIS_URL=redis://127.0.0.1:6379 npm run keys -- list). Without Redis, keys live inside one gateway process; seed them with API_KEYS.';

/** The keys CLI: returns the exit code (0 done, 1 failed, 2 bad command line). Never prints a key's hash. */
export function runKeysCli(argv: string[], io: CliIo): Promise<number> {
  return runStateCli(argv, io, parseKeysCommand, runKeysCommand);
}

/** A CLI on the deployment's shared state: parses the command line, connects to Redis, runs, prints; returns the exit code. */
export async function runStateCli<C>(
  argv: string[],
  io: CliIo,
  parse: (argv: string[]) => C,
  run: (command: C, state: StateAdapters) => Promise<string[]>,
): Promise<number> {
  let command;
  try {
    command = parse(argv);
  } catch (error) {
    io.err(error instanceof Error ? error.message : String(error));
    return 2;
  }
  let config;
  try {
    config = loadConfig(io.env, io.catalogue.families);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.err(error.message);
    return 1;
  }
  if (!usesSharedStore(config)) {
    io.err(NEEDS_REDIS);
    return 1;
  }
  let state;
  try {
    state = await createRedisState({
      ...(config.REDIS_CLUSTER_NODES ? { clusterNodes: config.REDIS_CLUSTER_NODES } : { url: config.REDIS_URL }),
      prefix: io.prefix,
      cacheRetentionSeconds: config.CACHE_RETENTION_SECONDS,
      sweepIntervalMs: 0,
      commandTimeoutMs: 5000,
      // What the first connection did to an old store (its migration) is worth the operator's eye.
      log: (_level, message, context) => io.err(context ? `${message} ${JSON.stringify(context)}` : message),
    });
  } catch (error) {
    if (!(error instanceof StoreConnectError)) throw error;
    io.err(error.message);
    return 1;
  }
  try {
    for (const line of await run(command, state)) io.out(line);
    return 0;
  } catch (error) {
    if (!(error instanceof UsageError) && !isGatewayError(error)) throw error;
    io.err(error.message);
    return 1;
  } finally {
    await state.close();
  }
}
