import { LRUCache } from 'lru-cache';
import type { Cache, CacheEntry } from '../ports.js';

/** In-process result cache, bounded by bytes (LRU) and by a retention period. */
export class MemoryCache implements Cache {
  readonly #entries: LRUCache<string, CacheEntry>;

  constructor(options: { maxBytes: number; retentionSeconds: number }) {
    this.#entries = new LRUCache<string, CacheEntry>({
      maxSize: options.maxBytes,
      // UTF-16 strings: two bytes a code unit is the honest upper bound of what they hold.
      sizeCalculation: (entry, key) => 2 * (entry.body.length + entry.raw.length + key.length) + 64,
      ttl: options.retentionSeconds * 1000,
    });
  }

  async get(key: string): Promise<CacheEntry | null> {
    return this.#entries.get(key) ?? null;
  }

  async set(key: string, entry: CacheEntry): Promise<void> {
    // Frozen: every hit shares the object, and readers may remember what they derived from it.
    this.#entries.set(key, Object.freeze({ body: entry.body, raw: entry.raw, fetchedAt: entry.fetchedAt }));
  }
}
