import { parseArgs } from 'node:util';
import { generateKey } from '../state/key-hash.js';
import type { StateAdapters } from '../state/ports.js';
import { isRedisState } from '../state/redis/index.js';
import { migrateLayout } from '../state/redis/migrate/index.js';

import { UsageError } from './usage-error.js';
import { parsePublishableCommand, runPublishableCommand, type PublishableCommand } from './publishable-commands.js';

export { UsageError } from './usage-error.js';

export const USAGE = `Usage: npm run keys -- <command>
  create [--credits N] [--daily-cap N]   new key; printed once, stored only as its SHA-256 hash
  list                                   every account: status, balance, today's use and cap
  revoke <accountId>                     the key answers 401 revoked_api_key from now on
  topup <accountId> <credits>            adds credits to the balance
  set-cap <accountId> <credits|none>     sets or removes the daily cap (UTC day)
  publishable ...                        publishable keys for browser apps (npm run keys -- publishable)
  migrate                                moves keys still under the single-node names to the hash-tagged
                                         ones (done once at a gateway's first start too; safe to repeat)`;

export type KeysCommand =
  | { name: 'create'; credits: number; dailyCap: number | null }
  | { name: 'list' }
  | { name: 'revoke'; accountId: string }
  | { name: 'topup'; accountId: string; credits: number }
  | { name: 'set-cap'; accountId: string; dailyCap: number | null }
  | { name: 'migrate' }
  | { name: 'publishable'; command: PublishableCommand };

/** Reads a command line (the words after `npm run keys --`). */
export function parseKeysCommand(argv: string[]): KeysCommand {
  if (argv[0] === 'publishable') return { name: 'publishable', command: parsePublishableCommand(argv.slice(1)) };
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: { credits: { type: 'string' }, 'daily-cap': { type: 'string' } },
    });
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  const [name, ...rest] = positionals;
  const expectArgs = (count: number) => {
    if (rest.length !== count) throw new UsageError(`${name} takes ${count} argument(s).\n${USAGE}`);
  };
  if (name !== 'create' && (values.credits !== undefined || values['daily-cap'] !== undefined))
    throw new UsageError(`--credits and --daily-cap belong to create.\n${USAGE}`);
  switch (name) {
    case 'create':
      expectArgs(0);
      return {
        name,
        credits: values.credits === undefined ? 0 : wholeNumber(values.credits, '--credits'),
        dailyCap: values['daily-cap'] === undefined ? null : wholeNumber(values['daily-cap'], '--daily-cap'),
      };
    case 'list':
    case 'migrate':
      expectArgs(0);
      return { name };
    case 'revoke':
      expectArgs(1);
      return { name, accountId: accountId(rest[0]!) };
    case 'topup':
      expectArgs(2);
      return { name, accountId: accountId(rest[0]!), credits: wholeNumber(rest[1]!, 'credits') };
    case 'set-cap':
      expectArgs(2);
      return { name, accountId: accountId(rest[0]!), dailyCap: rest[1] === 'none' ? null : wholeNumber(rest[1]!, 'cap') };
    default:
      throw new UsageError(name === undefined ? USAGE : `Unknown command "${name}".\n${USAGE}`);
  }
}

/** Runs a command against the state adapters and returns the lines to print. */
export async function runKeysCommand(command: KeysCommand, state: StateAdapters): Promise<string[]> {
  switch (command.name) {
    case 'create': {
      const key = generateKey('sk_live_');
      const record = await state.keys.seed(key, command.credits, command.dailyCap);
      return [
        `Created ${record.id}: ${command.credits} credits, daily cap ${command.dailyCap ?? 'none'}.`,
        `API key (shown once; only its SHA-256 hash is stored): ${key}`,
      ];
    }
    case 'list': {
      const records = await state.keys.list();
      const rows = await Promise.all(
        records.map(async (record) => {
          const usage = await state.ledger.usage(record.id, record.dailyCap);
          return [record.id, record.status, String(usage.balance), `${usage.dailyUsed}/${record.dailyCap ?? '-'}`, record.createdAt];
        }),
      );
      return table([['account', 'status', 'balance', 'today/cap', 'created'], ...rows]);
    }
    case 'revoke':
      await existing(state, command.accountId);
      await state.keys.revoke(command.accountId);
      return [`Revoked ${command.accountId}: its key now gets 401 revoked_api_key.`];
    case 'topup': {
      await existing(state, command.accountId);
      const balance = await state.ledger.credit(command.accountId, command.credits);
      return [`Added ${command.credits} credits to ${command.accountId}; balance ${balance}.`];
    }
    case 'set-cap':
      await existing(state, command.accountId);
      await state.keys.setDailyCap(command.accountId, command.dailyCap);
      return [`Daily cap of ${command.accountId}: ${command.dailyCap ?? 'none'}.`];
    case 'migrate':
      return migrate(state);
    case 'publishable':
      return runPublishableCommand(command.command, state);
  }
}

/** Looks for old-layout keys even when the store is marked migrated (one written by an older process since, say). */
async function migrate(state: StateAdapters): Promise<string[]> {
  if (!isRedisState(state)) throw new UsageError('migrate works on Redis: set REDIS_URL or REDIS_CLUSTER_NODES.');
  const report = await migrateLayout(state.store.client, state.prefix, { force: true });
  const moved = Object.entries(report.moved).map(([kind, count]) => `${count} ${kind}`);
  return [
    `Key layout: hash-tagged. Moved now: ${moved.length === 0 ? 'nothing (no key under an old name)' : moved.join(', ')}.`,
    ...(report.conflicts.length === 0
      ? []
      : [
          `Left under the old name, the new name already holding other data (${report.conflicts.length}):`,
          ...report.conflicts.slice(0, 50),
        ]),
  ];
}

async function existing(state: StateAdapters, id: string): Promise<void> {
  if (!(await state.keys.get(id))) throw new UsageError(`No account ${id}; \`npm run keys -- list\` shows them.`);
}

function wholeNumber(value: string, name: string): number {
  if (!/^\d{1,15}$/.test(value)) throw new UsageError(`${name} must be a whole number of credits, got "${value}".`);
  return Number(value);
}

function accountId(value: string): string {
  if (!/^acct_[0-9a-f]{16}$/.test(value))
    throw new UsageError(`"${value}" is not an account id (acct_ and 16 hex digits; see \`npm run keys -- list\`).`);
  return value;
}

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_unused, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd(),
  );
}
