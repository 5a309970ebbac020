import type { ApiKeyRecord, Keys, Ledger } from '../ports.js';
import { accountIdFromHash, assertCredits, hashesMatch, hashKey } from '../key-hash.js';

interface StoredKey extends ApiKeyRecord {
  hash: string;
}

/** In-process key store: hashes only, lost on restart. */
export class MemoryKeys implements Keys {
  readonly #byHash = new Map<string, StoredKey>();
  readonly #ledger: Ledger;

  constructor(ledger: Ledger) {
    this.#ledger = ledger;
  }

  lookup(presentedKey: string): Promise<ApiKeyRecord | null> {
    return this.lookupHash(hashKey(presentedKey));
  }

  async lookupHash(hash: string): Promise<ApiKeyRecord | null> {
    return this.recordByHash(hash);
  }

  /** The lookup without a promise, for the admission's reads in this process. */
  recordByHash(hash: string): ApiKeyRecord | null {
    const stored = this.#byHash.get(hash);
    // The map lookup found a candidate by hash; confirm with a constant-time comparison.
    if (!stored || !hashesMatch(stored.hash, hash)) return null;
    return publicRecord(stored);
  }

  async seed(key: string, credits: number, dailyCap: number | null): Promise<ApiKeyRecord> {
    assertCredits(credits);
    const hash = hashKey(key);
    const existing = this.#byHash.get(hash);
    if (existing) return publicRecord(existing);
    const stored: StoredKey = { hash, id: accountIdFromHash(hash), status: 'active', dailyCap, createdAt: new Date().toISOString() };
    this.#byHash.set(hash, stored);
    await this.#ledger.credit(stored.id, credits);
    return publicRecord(stored);
  }

  async get(accountId: string): Promise<ApiKeyRecord | null> {
    const stored = this.#find(accountId);
    return stored ? publicRecord(stored) : null;
  }

  async revoke(accountId: string): Promise<boolean> {
    return this.#update(accountId, (stored) => (stored.status = 'revoked'));
  }

  async setDailyCap(accountId: string, dailyCap: number | null): Promise<boolean> {
    if (dailyCap !== null) assertCredits(dailyCap);
    return this.#update(accountId, (stored) => (stored.dailyCap = dailyCap));
  }

  async list(): Promise<ApiKeyRecord[]> {
    return [...this.#byHash.values()].map(publicRecord);
  }

  #update(accountId: string, change: (stored: StoredKey) => void): boolean {
    const stored = this.#find(accountId);
    if (stored) change(stored);
    return stored !== undefined;
  }

  #find(accountId: string): StoredKey | undefined {
    for (const stored of this.#byHash.values()) if (stored.id === accountId) return stored;
    return undefined;
  }
}

function publicRecord({ id, status, dailyCap, createdAt }: StoredKey): ApiKeyRecord {
  return { id, status, dailyCap, createdAt };
}
