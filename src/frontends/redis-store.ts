import type { RedisStore } from '../state/redis/store.js';
import type { FrontendStore, PublishableKeyRecord } from './store.js';

/** Client-IP windows and daily counters outlive their period by this much, then expire. */
const WINDOW_TTL_MS = 2 * 60_000;
const DAILY_TTL_SECONDS = 2 * 86_400;

/**
 * Frontend state on Redis, shared by every gateway process and the CLIs: a publishable key is
 * one hash named by its key's hash (so a lookup is one read, on the key's own slot), each account
 * indexes its keys and holds its trusted documents in one hash, and the origins of active keys
 * sit in one hash that CORS reads whole.
 */
export class RedisFrontendStore implements FrontendStore {
  readonly #store: RedisStore;

  constructor(store: RedisStore) {
    this.#store = store;
  }

  async addPublishable(record: PublishableKeyRecord): Promise<void> {
    const keys = this.#store.keys;
    await this.#store.call((client) =>
      client.hSet(keys.publishable(record.hash), {
        accountId: record.accountId,
        prefix: record.prefix,
        origins: JSON.stringify(record.origins),
        dailyCap: record.dailyCap === null ? '' : String(record.dailyCap),
        perIpPerMinute: String(record.perIpPerMinute),
        status: record.status,
        createdAt: record.createdAt,
      }),
    );
    // Separate keys on a cluster (each its own slot): written after the record, each idempotent.
    await this.#store.call((client) => client.sAdd(keys.publishableOf(record.accountId), record.hash));
    if (record.status === 'active')
      await this.#store.call((client) => client.hSet(keys.publishableOrigins(), record.hash, JSON.stringify(record.origins)));
  }

  async publishableByHash(hash: string): Promise<PublishableKeyRecord | null> {
    const fields = await this.#store.call((client) => client.hGetAll(this.#store.keys.publishable(hash)));
    return recordOf(hash, fields);
  }

  async publishableOf(accountId: string): Promise<PublishableKeyRecord[]> {
    const hashes = await this.#store.call((client) => client.sMembers(this.#store.keys.publishableOf(accountId)));
    const records = await Promise.all(hashes.map((hash) => this.publishableByHash(hash)));
    return records
      .filter((record): record is PublishableKeyRecord => record !== null)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  async revokePublishable(hash: string): Promise<boolean> {
    const keys = this.#store.keys;
    const exists = await this.#store.call((client) => client.exists(keys.publishable(hash)));
    if (exists === 0) return false;
    await this.#store.call((client) => client.hSet(keys.publishable(hash), 'status', 'revoked'));
    await this.#store.call((client) => client.hDel(keys.publishableOrigins(), hash));
    return true;
  }

  async activeOrigins(): Promise<string[][]> {
    const values = await this.#store.call((client) => client.hVals(this.#store.keys.publishableOrigins()));
    return values.map(parseOrigins).filter((origins) => origins.length > 0);
  }

  async countClientRequest(hash: string, ip: string, window: number): Promise<number> {
    const key = this.#store.keys.publishableIpWindow(hash, ip, window);
    const count = await this.#store.call((client) => client.incr(key));
    if (count === 1) await this.#store.call((client) => client.pExpire(key, WINDOW_TTL_MS));
    return count;
  }

  async dailyUsed(hash: string, day: string): Promise<number> {
    const used = await this.#store.call((client) => client.hGet(this.#store.keys.publishableDaily(hash), day));
    const credits = Number(used ?? 0);
    return Number.isFinite(credits) ? credits : 0;
  }

  async addDailyUse(hash: string, day: string, credits: number): Promise<void> {
    const key = this.#store.keys.publishableDaily(hash);
    await this.#store.call((client) => client.hIncrBy(key, day, credits));
    await this.#store.call((client) => client.expire(key, DAILY_TTL_SECONDS));
  }

  async addDocuments(accountId: string, documents: ReadonlyMap<string, string>): Promise<void> {
    if (documents.size === 0) return;
    await this.#store.call((client) => client.hSet(this.#store.keys.documents(accountId), Object.fromEntries(documents)));
  }

  async document(accountId: string, hash: string): Promise<string | null> {
    const text = await this.#store.call((client) => client.hGet(this.#store.keys.documents(accountId), hash));
    return text ?? null;
  }

  async documentIds(accountId: string): Promise<string[]> {
    const ids = await this.#store.call((client) => client.hKeys(this.#store.keys.documents(accountId)));
    return ids.sort();
  }

  async removeDocument(accountId: string, hash: string): Promise<boolean> {
    const removed = await this.#store.call((client) => client.hDel(this.#store.keys.documents(accountId), hash));
    return removed > 0;
  }
}

function parseOrigins(text: string): string[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((each): each is string => typeof each === 'string') : [];
  } catch {
    return [];
  }
}

/** A stored record read defensively: null when a field is missing or not of its kind. */
function recordOf(hash: string, fields: Record<string, string>): PublishableKeyRecord | null {
  const { accountId, prefix, origins, dailyCap, perIpPerMinute, status, createdAt } = fields;
  if (!accountId || !prefix || origins === undefined || !createdAt) return null;
  if (status !== 'active' && status !== 'revoked') return null;
  const perIp = Number(perIpPerMinute);
  if (!Number.isSafeInteger(perIp)) return null;
  return {
    hash,
    prefix,
    accountId,
    origins: parseOrigins(origins),
    dailyCap: dailyCap === undefined || dailyCap === '' ? null : Number(dailyCap),
    perIpPerMinute: perIp,
    status,
    createdAt,
  };
}
