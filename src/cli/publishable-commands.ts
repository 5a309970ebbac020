import { parseArgs } from 'node:util';
import { frontendStoreOf } from '../frontends/index.js';
import { createPublishableKey, DEFAULT_PER_IP_PER_MINUTE, revokePublishableKey } from '../frontends/publishable-keys.js';
import type { StateAdapters } from '../state/ports.js';
import { UsageError } from './usage-error.js';

export const PUBLISHABLE_USAGE = `Usage: npm run keys -- publishable <command>
  create --account <accountId> --origins <origin,...> [--daily-cap N] [--per-ip-per-minute N]
                                         new publishable key (pk_) for a browser app; origins are exact
                                         (https://app.example.com) or *. for one label (https://*.example.com);
                                         per-IP rate default ${DEFAULT_PER_IP_PER_MINUTE}/min
  list --account <accountId>             the account's publishable keys: prefix, origins, caps, state
  revoke <key>                           the key answers 401 revoked_api_key from now on`;

export type PublishableCommand =
  | { name: 'create'; accountId: string; origins: string; dailyCap: number | null; perIpPerMinute: number }
  | { name: 'list'; accountId: string }
  | { name: 'revoke'; key: string };

/** Reads `publishable ...` (the words after `npm run keys -- publishable`). */
export function parsePublishableCommand(argv: string[]): PublishableCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        account: { type: 'string' },
        origins: { type: 'string' },
        'daily-cap': { type: 'string' },
        'per-ip-per-minute': { type: 'string' },
      },
    });
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n${PUBLISHABLE_USAGE}`);
  }
  const { values, positionals } = parsed;
  const [name, ...rest] = positionals;
  const account = () => {
    if (!values.account || !/^acct_[0-9a-f]{16}$/.test(values.account))
      throw new UsageError(`--account <accountId> is needed (acct_ and 16 hex digits).\n${PUBLISHABLE_USAGE}`);
    return values.account;
  };
  switch (name) {
    case 'create':
      if (!values.origins) throw new UsageError(`--origins is needed.\n${PUBLISHABLE_USAGE}`);
      return {
        name,
        accountId: account(),
        origins: values.origins,
        dailyCap: values['daily-cap'] === undefined ? null : wholeNumber(values['daily-cap'], '--daily-cap'),
        perIpPerMinute:
          values['per-ip-per-minute'] === undefined
            ? DEFAULT_PER_IP_PER_MINUTE
            : wholeNumber(values['per-ip-per-minute'], '--per-ip-per-minute'),
      };
    case 'list':
      return { name, accountId: account() };
    case 'revoke':
      if (rest.length !== 1) throw new UsageError(`revoke takes the key.\n${PUBLISHABLE_USAGE}`);
      return { name, key: rest[0]! };
    default:
      throw new UsageError(name === undefined ? PUBLISHABLE_USAGE : `Unknown command "publishable ${name}".\n${PUBLISHABLE_USAGE}`);
  }
}

/** Runs a publishable-key command against the state; returns the lines to print (never a key's hash). */
export async function runPublishableCommand(command: PublishableCommand, state: StateAdapters): Promise<string[]> {
  const store = frontendStoreOf(state);
  switch (command.name) {
    case 'create': {
      let created;
      try {
        created = await createPublishableKey(store, state.keys, command);
      } catch (error) {
        if (error instanceof RangeError) throw new UsageError(error.message);
        throw error;
      }
      const { key, record } = created;
      return [
        `Created a publishable key for ${record.accountId}: origins ${record.origins.join(', ')}, daily cap ${record.dailyCap ?? 'none'}, ${record.perIpPerMinute} requests per minute per client IP.`,
        `Publishable key (meant for web pages; only its SHA-256 hash is stored): ${key}`,
      ];
    }
    case 'list': {
      const records = await store.publishableOf(command.accountId);
      if (records.length === 0) return [`No publishable keys for ${command.accountId}.`];
      return records.map(
        (record) =>
          `${record.prefix}…  ${record.status}  origins ${record.origins.join(',')}  daily cap ${record.dailyCap ?? '-'}  per-IP ${record.perIpPerMinute}/min  created ${record.createdAt}`,
      );
    }
    case 'revoke':
      if (!(await revokePublishableKey(store, command.key))) throw new UsageError('No such publishable key.');
      return [`Revoked ${command.key.slice(0, 12)}…: it now gets 401 revoked_api_key.`];
  }
}

function wholeNumber(value: string, name: string): number {
  if (!/^\d{1,15}$/.test(value)) throw new UsageError(`${name} must be a whole number, got "${value}".`);
  return Number(value);
}
