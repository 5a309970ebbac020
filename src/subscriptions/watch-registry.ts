import type { WatchCounts, WatchSnapshot, WatchSubscriber, WatchTarget } from './watch-target.js';

/**
 * Who watches which target, shared by every process (Redis) or kept in this one (memory).
 * The hub (watch-hub.ts) decides from it when a target's poll starts, changes pace or stops.
 */
export interface WatchRegistry {
  /** Adds or renews a subscriber of the target (and records the target's endpoint and parameters). */
  add(key: string, target: WatchTarget, subscriberId: string, entry: WatchSubscriber): Promise<void>;
  remove(key: string, subscriberId: string): Promise<void>;
  /** The target's live subscribers; expired entries are dropped on the way. */
  subscribers(key: string, nowMs: number): Promise<Map<string, WatchSubscriber>>;
  target(key: string): Promise<WatchTarget | null>;
  /** The poll interval the target's scheduler runs at; null while it has none. */
  pollEvery(key: string): Promise<number | null>;
  setPollEvery(key: string, everyMs: number | null): Promise<void>;
  /** Forgets the target (its poll interval, last snapshot) unless a subscriber was added meanwhile; true when forgotten. */
  forgetIfEmpty(key: string): Promise<boolean>;
  setLatest(key: string, snapshot: WatchSnapshot, ttlMs: number): Promise<void>;
  latest(key: string): Promise<WatchSnapshot | null>;
  counts(nowMs: number): Promise<WatchCounts>;
}

interface MemoryTarget {
  target: WatchTarget;
  subscribers: Map<string, WatchSubscriber>;
  pollEvery: number | null;
  latest: { snapshot: WatchSnapshot; until: number } | null;
}

const live = (entry: WatchSubscriber, nowMs: number) => entry.expiresAt === null || entry.expiresAt > nowMs;

/** The registry of one process (no REDIS_URL). */
export class MemoryWatchRegistry implements WatchRegistry {
  readonly #targets = new Map<string, MemoryTarget>();

  async add(key: string, target: WatchTarget, subscriberId: string, entry: WatchSubscriber): Promise<void> {
    const known = this.#targets.get(key) ?? { target, subscribers: new Map(), pollEvery: null, latest: null };
    known.subscribers.set(subscriberId, entry);
    this.#targets.set(key, known);
  }

  async remove(key: string, subscriberId: string): Promise<void> {
    this.#targets.get(key)?.subscribers.delete(subscriberId);
  }

  async subscribers(key: string, nowMs: number): Promise<Map<string, WatchSubscriber>> {
    const known = this.#targets.get(key);
    if (!known) return new Map();
    for (const [id, entry] of known.subscribers) if (!live(entry, nowMs)) known.subscribers.delete(id);
    return new Map(known.subscribers);
  }

  async target(key: string): Promise<WatchTarget | null> {
    return this.#targets.get(key)?.target ?? null;
  }

  async pollEvery(key: string): Promise<number | null> {
    return this.#targets.get(key)?.pollEvery ?? null;
  }

  async setPollEvery(key: string, everyMs: number | null): Promise<void> {
    const known = this.#targets.get(key);
    if (known) known.pollEvery = everyMs;
  }

  async forgetIfEmpty(key: string): Promise<boolean> {
    const known = this.#targets.get(key);
    if (!known) return true;
    if (known.subscribers.size > 0) return false;
    this.#targets.delete(key);
    return true;
  }

  async setLatest(key: string, snapshot: WatchSnapshot, ttlMs: number): Promise<void> {
    const known = this.#targets.get(key);
    if (known) known.latest = { snapshot, until: Date.now() + ttlMs };
  }

  async latest(key: string): Promise<WatchSnapshot | null> {
    const latest = this.#targets.get(key)?.latest;
    return latest && latest.until > Date.now() ? latest.snapshot : null;
  }

  async counts(nowMs: number): Promise<WatchCounts> {
    let subscribers = 0;
    let targets = 0;
    for (const known of this.#targets.values()) {
      const count = [...known.subscribers.values()].filter((entry) => live(entry, nowMs)).length;
      subscribers += count;
      if (count > 0) targets += 1;
    }
    return { targets, subscribers };
  }
}
