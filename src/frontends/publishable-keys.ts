import { generateKey, hashKey } from '../state/key-hash.js';
import type { Keys } from '../state/ports.js';
import { parseOrigins } from './origins.js';
import { PUBLISHABLE_PREFIX } from './publishable-admission.js';
import type { FrontendStore, PublishableKeyRecord } from './store.js';

/** The contract's default per-client-IP rate of a publishable key. */
export const DEFAULT_PER_IP_PER_MINUTE = 60;
/** Characters of a key kept beside its hash, to tell keys apart in listings. */
const SHOWN_PREFIX_LENGTH = 12;

export interface PublishableKeyOptions {
  accountId: string;
  /** Comma-separated origin patterns (origins.ts). */
  origins: string;
  dailyCap?: number | null;
  perIpPerMinute?: number;
  /** The key itself, for a deployment that seeds a known one (the demo); default: a new random key. */
  key?: string;
}

/** Creates a publishable key for an existing account; returns the key (shown once) and its stored record. */
export async function createPublishableKey(
  store: FrontendStore,
  keys: Pick<Keys, 'get'>,
  options: PublishableKeyOptions,
): Promise<{ key: string; record: PublishableKeyRecord }> {
  const account = await keys.get(options.accountId);
  if (!account) throw new RangeError(`no account ${options.accountId}`);
  const origins = parseOrigins(options.origins);
  const perIpPerMinute = options.perIpPerMinute ?? DEFAULT_PER_IP_PER_MINUTE;
  if (!Number.isSafeInteger(perIpPerMinute) || perIpPerMinute < 1) throw new RangeError('the per-IP rate is a whole number >= 1');
  const key = options.key ?? generateKey(`${PUBLISHABLE_PREFIX}live_`);
  if (!key.startsWith(PUBLISHABLE_PREFIX)) throw new RangeError(`a publishable key starts with ${PUBLISHABLE_PREFIX}`);
  const record: PublishableKeyRecord = {
    hash: hashKey(key),
    prefix: key.slice(0, SHOWN_PREFIX_LENGTH),
    accountId: account.id,
    origins,
    dailyCap: options.dailyCap ?? null,
    perIpPerMinute,
    status: 'active',
    createdAt: new Date().toISOString(),
  };
  const existing = await store.publishableByHash(record.hash);
  if (existing) return { key, record: existing };
  await store.addPublishable(record);
  return { key, record };
}

/** Revokes a publishable key given the key itself; false when no such key exists. */
export function revokePublishableKey(store: FrontendStore, key: string): Promise<boolean> {
  return store.revokePublishable(hashKey(key.trim()));
}
