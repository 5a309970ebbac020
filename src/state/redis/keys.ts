import type { ApiKeyRecord, Keys } from '../ports.js';
import { accountIdFromHash, assertCredits, hashesMatch, hashKey } from '../key-hash.js';
import { SEED, UPDATE_ACCOUNT } from './keys-scripts.js';
import type { RedisStore } from './store.js';

const RECORD_FIELDS = ['status', 'dailyCap', 'createdAt'];
/** What a lookup reads: the stored hash, then the record. */
const LOOKUP_FIELDS = ['keyHash', ...RECORD_FIELDS];

/**
 * API keys on Redis. Only the SHA-256 hash of a key is stored; the account id derives from
 * the hash, so a lookup is one read of the account, confirmed by comparing the full hash in
 * constant time. Every process reads the same record, so a revocation applies at once.
 */
export class RedisKeys implements Keys {
  readonly #store: RedisStore;

  constructor(store: RedisStore) {
    this.#store = store;
  }

  lookup(presentedKey: string): Promise<ApiKeyRecord | null> {
    return this.lookupHash(hashKey(presentedKey));
  }

  async lookupHash(hash: string): Promise<ApiKeyRecord | null> {
    const id = accountIdFromHash(hash);
    // Runs on every request: the reply is read in place, not copied into a second array.
    const reply = await this.#store.call((client) => client.hmGet(this.#store.keys.account(id), LOOKUP_FIELDS));
    if (!hashesMatch(reply[0], hash)) return null;
    return recordOf(id, reply[1], reply[2], reply[3]);
  }

  async seed(key: string, credits: number, dailyCap: number | null): Promise<ApiKeyRecord> {
    assertCredits(credits);
    const hash = hashKey(key);
    const id = accountIdFromHash(hash);
    const keys = this.#store.keys;
    const now = new Date();
    const reply = await this.#store.call((client) =>
      SEED.run(client, [keys.account(id), keys.balance(id)], [hash, dailyCap ?? '', now.toISOString(), credits]),
    );
    const record = Array.isArray(reply) ? toRecord(id, reply) : null;
    if (!record) throw new Error('unexpected seed reply');
    // Every seed (re)writes the index, scored by the stored creation time, so a seed cut off
    // between the two steps is made whole by the next one.
    const score = Date.parse(record.createdAt);
    await this.#store.call((client) =>
      client.zAdd(keys.accounts(), { score: Number.isFinite(score) ? score : now.getTime(), value: id }, { condition: 'NX' }),
    );
    return record;
  }

  async get(accountId: string): Promise<ApiKeyRecord | null> {
    const fields = await this.#store.call((client) => client.hmGet(this.#store.keys.account(accountId), RECORD_FIELDS));
    return toRecord(accountId, fields);
  }

  async revoke(accountId: string): Promise<boolean> {
    return this.#update(accountId, 'status', 'revoked');
  }

  async setDailyCap(accountId: string, dailyCap: number | null): Promise<boolean> {
    if (dailyCap !== null) assertCredits(dailyCap);
    return this.#update(accountId, 'dailyCap', dailyCap === null ? '' : String(dailyCap));
  }

  async list(): Promise<ApiKeyRecord[]> {
    const ids = await this.#store.call((client) => client.zRange(this.#store.keys.accounts(), 0, -1));
    if (ids.length === 0) return [];
    // Each account is a slot of its own on a cluster: one read per account, sent together.
    const rows = await this.#store.call((client) =>
      Promise.all(ids.map((id) => client.hmGet(this.#store.keys.account(id), RECORD_FIELDS))),
    );
    return ids.flatMap((id, index) => toRecord(id, rows[index] ?? []) ?? []);
  }

  async #update(accountId: string, field: string, value: string): Promise<boolean> {
    const reply = await this.#store.call((client) => UPDATE_ACCOUNT.run(client, [this.#store.keys.account(accountId)], [field, value]));
    return reply === 1;
  }
}

function toRecord(id: string, fields: unknown[]): ApiKeyRecord | null {
  return recordOf(id, fields[0], fields[1], fields[2]);
}

/** A key record from its stored fields; null when they are not a record's. */
export function recordOf(id: string, status: unknown, dailyCap: unknown, createdAt: unknown): ApiKeyRecord | null {
  if ((status !== 'active' && status !== 'revoked') || typeof dailyCap !== 'string' || typeof createdAt !== 'string') return null;
  return { id, status, dailyCap: dailyCap === '' ? null : Number(dailyCap), createdAt };
}
