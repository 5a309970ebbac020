import { LRUCache } from 'lru-cache';
import type { Cache, CacheEntry, CacheReadOptions } from './ports.js';

export interface NearCacheOptions {
  /** Most entries held at once. */
  maxEntries: number;
  /** Most bytes held at once (an estimate: two bytes a UTF-16 code unit); a larger entry is never held. */
  maxBytes: number;
  /** The shared cache's retention: a near copy never outlives the shared one (fetchedAt + retention). */
  retentionSeconds: number;
  /** The clock the retention is counted on (tests move it). */
  now?: () => number;
}

/** Default bounds per process: small beside the shared cache, enough for the hot entries. */
export const NEAR_CACHE_DEFAULTS = { maxEntries: 1000, maxBytes: 16 * 1024 * 1024 } as const;

interface NearEntry {
  entry: CacheEntry;
  fetchedAtMs: number;
}

/**
 * A bounded in-process copy of recently read or written entries, in front of a shared cache
 * (Redis). A cached result never changes under its fetchedAt, so a near copy is exactly what
 * the shared cache held for it: it answers whenever its fetchedAt is as recent as the caller
 * accepts (`minFetchedAt`). When it is older, or the caller gave no bound, the read goes to
 * the shared cache, which another process may have refreshed since; the newer of the two is
 * kept and returned.
 */
export class NearCache implements Cache {
  readonly #shared: Cache;
  readonly #near: LRUCache<string, NearEntry>;
  readonly #retentionMs: number;
  readonly #now: () => number;

  constructor(shared: Cache, options: NearCacheOptions) {
    this.#shared = shared;
    this.#retentionMs = options.retentionSeconds * 1000;
    this.#now = options.now ?? Date.now;
    this.#near = new LRUCache<string, NearEntry>({
      max: options.maxEntries,
      maxSize: options.maxBytes,
      sizeCalculation: (near, key) => 2 * (near.entry.body.length + near.entry.raw.length + near.entry.fetchedAt.length + key.length) + 96,
      ttl: this.#retentionMs,
    });
  }

  get(key: string, options?: CacheReadOptions): Promise<CacheEntry | null> {
    const near = this.#near.get(key);
    if (near && options?.minFetchedAt !== undefined && near.fetchedAtMs >= options.minFetchedAt) return Promise.resolve(near.entry);
    return this.#readShared(key, options, near);
  }

  async set(key: string, entry: CacheEntry): Promise<void> {
    await this.#shared.set(key, entry);
    // Kept even when the shared write failed (it is best effort): the copy is still exact.
    this.#remember(key, entry);
  }

  async #readShared(key: string, options: CacheReadOptions | undefined, near: NearEntry | undefined): Promise<CacheEntry | null> {
    const shared = await this.#shared.get(key, options);
    if (!shared) return near?.entry ?? null;
    const kept = this.#remember(key, shared);
    return kept ?? shared;
  }

  /** Holds the entry unless a newer one is held already; returns the one held (undefined when none fits). */
  #remember(key: string, entry: CacheEntry): CacheEntry | undefined {
    const fetchedAtMs = Date.parse(entry.fetchedAt);
    if (Number.isNaN(fetchedAtMs)) return undefined;
    const held = this.#near.get(key);
    if (held && held.fetchedAtMs >= fetchedAtMs) return held.entry;
    // The shared copy expires `retention` after it was written, and it was written after its fetch.
    const ttl = Math.min(this.#retentionMs, fetchedAtMs + this.#retentionMs - this.#now());
    if (ttl <= 0) return undefined;
    const frozen = Object.freeze({ body: entry.body, raw: entry.raw, fetchedAt: entry.fetchedAt });
    this.#near.set(key, { entry: frozen, fetchedAtMs }, { ttl });
    return this.#near.has(key) ? frozen : undefined;
  }
}
