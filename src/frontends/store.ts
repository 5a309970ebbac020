/** What the state holds for browser frontends: publishable keys and each account's trusted documents. */

export interface PublishableKeyRecord {
  /** SHA-256 hex of the key: the key itself is never stored. */
  hash: string;
  /** The key's first 12 characters, kept to tell keys apart in listings. */
  prefix: string;
  accountId: string;
  /** Origin patterns (origins.ts), normalised. */
  origins: string[];
  /** Credits the key may spend per UTC day; null: only the account's own cap applies. */
  dailyCap: number | null;
  perIpPerMinute: number;
  status: 'active' | 'revoked';
  createdAt: string;
}

export interface FrontendStore {
  addPublishable(record: PublishableKeyRecord): Promise<void>;
  publishableByHash(hash: string): Promise<PublishableKeyRecord | null>;
  /** The account's keys, oldest first. */
  publishableOf(accountId: string): Promise<PublishableKeyRecord[]>;
  /** Marks the key revoked and drops its origins from CORS; false when no key has this hash. */
  revokePublishable(hash: string): Promise<boolean>;
  /** The origin patterns of every active key (CORS answers a preflight for these). */
  activeOrigins(): Promise<string[][]>;
  /** Counts one request of a client IP in the key's current minute; returns the count, this one included. */
  countClientRequest(hash: string, ip: string, window: number): Promise<number>;
  /** Credits charged through the key on a UTC day. */
  dailyUsed(hash: string, day: string): Promise<number>;
  addDailyUse(hash: string, day: string, credits: number): Promise<void>;

  /** Adds documents (hex hash to text) to an account's trusted set, all at once. */
  addDocuments(accountId: string, documents: ReadonlyMap<string, string>): Promise<void>;
  document(accountId: string, hash: string): Promise<string | null>;
  /** The account's trusted documents' hashes, sorted. */
  documentIds(accountId: string): Promise<string[]>;
  removeDocument(accountId: string, hash: string): Promise<boolean>;
}

/** In-process frontend state: lost on restart, like the memory key store. */
export class MemoryFrontendStore implements FrontendStore {
  readonly #keys = new Map<string, PublishableKeyRecord>();
  readonly #windows = new Map<string, { window: number; count: number }>();
  readonly #daily = new Map<string, { day: string; credits: number }>();
  readonly #documents = new Map<string, Map<string, string>>();

  async addPublishable(record: PublishableKeyRecord): Promise<void> {
    this.#keys.set(record.hash, { ...record, origins: [...record.origins] });
  }

  async publishableByHash(hash: string): Promise<PublishableKeyRecord | null> {
    return this.#keys.get(hash) ?? null;
  }

  async publishableOf(accountId: string): Promise<PublishableKeyRecord[]> {
    return [...this.#keys.values()].filter((record) => record.accountId === accountId);
  }

  async revokePublishable(hash: string): Promise<boolean> {
    const record = this.#keys.get(hash);
    if (record) record.status = 'revoked';
    return record !== undefined;
  }

  async activeOrigins(): Promise<string[][]> {
    return [...this.#keys.values()].filter((record) => record.status === 'active').map((record) => record.origins);
  }

  async countClientRequest(hash: string, ip: string, window: number): Promise<number> {
    const key = `${hash}|${ip}`;
    const current = this.#windows.get(key);
    const next = current && current.window === window ? { window, count: current.count + 1 } : { window, count: 1 };
    // Entries of past windows are dropped as they are met again; a sweep keeps the map from growing with one-off clients.
    if (this.#windows.size > 100_000) for (const [each, value] of this.#windows) if (value.window < window) this.#windows.delete(each);
    this.#windows.set(key, next);
    return next.count;
  }

  async dailyUsed(hash: string, day: string): Promise<number> {
    const used = this.#daily.get(hash);
    return used?.day === day ? used.credits : 0;
  }

  async addDailyUse(hash: string, day: string, credits: number): Promise<void> {
    const used = await this.dailyUsed(hash, day);
    this.#daily.set(hash, { day, credits: used + credits });
  }

  async addDocuments(accountId: string, documents: ReadonlyMap<string, string>): Promise<void> {
    const stored = this.#documents.get(accountId) ?? new Map<string, string>();
    for (const [hash, text] of documents) stored.set(hash, text);
    this.#documents.set(accountId, stored);
  }

  async document(accountId: string, hash: string): Promise<string | null> {
    return this.#documents.get(accountId)?.get(hash) ?? null;
  }

  async documentIds(accountId: string): Promise<string[]> {
    return [...(this.#documents.get(accountId)?.keys() ?? [])].sort();
  }

  async removeDocument(accountId: string, hash: string): Promise<boolean> {
    return this.#documents.get(accountId)?.delete(hash) ?? false;
  }
}
