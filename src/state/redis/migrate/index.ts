import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { StateClient, StateLog } from '../connection.js';
import { LuaScript } from '../lua-script.js';
import { scanKeys, startingWith } from './keyspace.js';
import { QUEUE_RULES } from './queue-rules.js';
import { STATE_RULES } from './state-rules.js';
import type { MigrationRule } from './rule.js';

/** The marker's value once the store is on the hash-tagged layout. */
export const HASH_TAGGED_LAYOUT = 'hash-tagged-1';

/** How long the migrating process holds the lock without renewing it (it renews three times as often). */
const LOCK_MS = 30_000;
/** How often a process waiting for another's migration looks again. */
const WAIT_STEP_MS = 200;

const RENEW = new LuaScript(`
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`);
const RELEASE = new LuaScript(`
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
return 1`);

export interface MigrationReport {
  /** Whether this call migrated (false: the marker said it was done, and nothing was forced). */
  ran: boolean;
  /** Keys moved, per kind. */
  moved: Record<string, number>;
  /** Old keys left in place because their new name already held other data (names without the prefix). */
  conflicts: string[];
}

export interface MigrateOptions {
  /** Every rule, in order; default the full layout (layoutRules). */
  rules?: readonly MigrationRule[];
  /** Look for old keys even when the marker says the store was migrated (`npm run keys -- migrate`). */
  force?: boolean;
  log?: StateLog;
}

/** The marker and the lock of the migration under a prefix. */
export const layoutMarkerKey = (prefix: string): string => `${prefix}layout`;
const lockKey = (prefix: string): string => `${prefix}layout:migrating`;

/**
 * Brings a store written with the single-node key names to the hash-tagged ones, once. The
 * marker key records that it is done; a lock makes concurrent starters wait for the one that
 * migrates (and take over, resuming, when that one dies: every step is idempotent). Run before
 * anything reads or writes state: a key written under a new name first would hide the old one.
 * A store with none of the old layout's roots (a new deployment) is only marked.
 */
export async function migrateLayout(client: StateClient, prefix: string, options: MigrateOptions = {}): Promise<MigrationReport> {
  const marker = layoutMarkerKey(prefix);
  const lock = lockKey(prefix);
  const skipped: MigrationReport = { ran: false, moved: {}, conflicts: [] };
  for (;;) {
    if (!options.force && (await client.get(marker)) === HASH_TAGGED_LAYOUT) return skipped;
    const token = randomUUID();
    if ((await client.set(lock, token, { condition: 'NX', expiration: { type: 'PX', value: LOCK_MS } })) === null) {
      await sleep(WAIT_STEP_MS);
      continue;
    }
    const renewal = setInterval(() => void RENEW.run(client, [lock], [token, LOCK_MS]).catch(() => {}), LOCK_MS / 3);
    try {
      if (!options.force && (await client.get(marker)) === HASH_TAGGED_LAYOUT) return skipped;
      const report =
        options.force || (await hasOldRoots(client, prefix)) ? await runRules(client, prefix, options.rules ?? layoutRules()) : skipped;
      await client.set(marker, HASH_TAGGED_LAYOUT);
      if (report.ran)
        options.log?.('info', 'Redis keys moved to the hash-tagged layout', { moved: report.moved, conflicts: report.conflicts.length });
      if (report.conflicts.length > 0)
        options.log?.('warn', 'Some old keys were left in place: their new names already held other data', {
          keys: report.conflicts.slice(0, 20),
        });
      return report;
    } finally {
      clearInterval(renewal);
      await RELEASE.run(client, [lock], [token]).catch(() => {});
    }
  }
}

/** Every rule of the layout, state and queues, in the order they run. */
export function layoutRules(): readonly MigrationRule[] {
  return [...STATE_RULES, ...QUEUE_RULES];
}

/**
 * Whether the store holds keys of the old layout worth a scan: the accounts index (whose name
 * did not change) exists only once an account was made, and no job, subscription or watch
 * exists without one. Read before the marker is ever written, so it names an old store.
 */
async function hasOldRoots(client: StateClient, prefix: string): Promise<boolean> {
  // One key per EXISTS: on a cluster the two live in different slots.
  for (const root of [`${prefix}accounts`, `${prefix}watch:targets`]) if ((await client.exists(root)) > 0) return true;
  return false;
}

async function runRules(client: StateClient, prefix: string, rules: readonly MigrationRule[]): Promise<MigrationReport> {
  const report: MigrationReport = { ran: true, moved: {}, conflicts: [] };
  for (const rule of rules) {
    for (const key of await scanKeys(client, startingWith(prefix + rule.startsWith))) {
      const name = key.slice(prefix.length);
      const outcome = await rule.migrate(client, prefix, name);
      if (outcome === 'moved') report.moved[rule.label] = (report.moved[rule.label] ?? 0) + 1;
      if (outcome === 'conflict') report.conflicts.push(name);
    }
  }
  return report;
}
