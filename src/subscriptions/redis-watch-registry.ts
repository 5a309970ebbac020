import { LuaScript } from '../state/redis/lua-script.js';
import type { RedisStore } from '../state/redis/store.js';
import { watchKey, watchTargetsKey, type WatchPart } from './redis-keys.js';
import type { WatchRegistry } from './watch-registry.js';
import type { WatchCounts, WatchSnapshot, WatchSubscriber, WatchTarget } from './watch-target.js';

/** Deletes the target's keys only while it has no subscriber: a join racing the last leave keeps its target. */
const FORGET_IF_EMPTY = new LuaScript(`
if redis.call('HLEN', KEYS[1]) > 0 then return 0 end
redis.call('DEL', KEYS[2], KEYS[3], KEYS[4])
return 1`);

const live = (entry: WatchSubscriber, nowMs: number) => entry.expiresAt === null || entry.expiresAt > nowMs;

/**
 * Watched targets in Redis under the state prefix, shared by every gateway process (names in
 * redis-keys.ts): a target's subscribers, parameters, poll interval and last poll share one hash
 * tag; the set of watched targets (for the metrics) is written in separate steps, and its
 * readers count a target whose keys are gone as having no subscriber.
 */
export class RedisWatchRegistry implements WatchRegistry {
  readonly #store: RedisStore;

  constructor(store: RedisStore) {
    this.#store = store;
  }

  #key = (key: string, part: WatchPart) => watchKey(this.#store.keys.prefix, key, part);
  get #targets() {
    return watchTargetsKey(this.#store.keys.prefix);
  }

  async add(key: string, target: WatchTarget, subscriberId: string, entry: WatchSubscriber): Promise<void> {
    await this.#store.call((client) =>
      client
        .multi()
        .hSet(this.#key(key, 'subs'), subscriberId, JSON.stringify(entry))
        .set(this.#key(key, 'target'), JSON.stringify(target))
        .exec(),
    );
    await this.#store.call((client) => client.sAdd(this.#targets, key));
  }

  async remove(key: string, subscriberId: string): Promise<void> {
    await this.#store.call((client) => client.hDel(this.#key(key, 'subs'), subscriberId));
  }

  async subscribers(key: string, nowMs: number): Promise<Map<string, WatchSubscriber>> {
    const all = await this.#store.call((client) => client.hGetAll(this.#key(key, 'subs')));
    const result = new Map<string, WatchSubscriber>();
    const expired: string[] = [];
    for (const [id, text] of Object.entries(all)) {
      const entry = JSON.parse(text) as WatchSubscriber;
      if (live(entry, nowMs)) result.set(id, entry);
      else expired.push(id);
    }
    if (expired.length > 0) await this.#store.call((client) => client.hDel(this.#key(key, 'subs'), expired));
    return result;
  }

  async target(key: string): Promise<WatchTarget | null> {
    const text = await this.#store.call((client) => client.get(this.#key(key, 'target')));
    return text === null ? null : (JSON.parse(text) as WatchTarget);
  }

  async pollEvery(key: string): Promise<number | null> {
    const text = await this.#store.call((client) => client.get(this.#key(key, 'every')));
    return text === null ? null : Number(text);
  }

  async setPollEvery(key: string, everyMs: number | null): Promise<void> {
    const every = this.#key(key, 'every');
    if (everyMs === null) await this.#store.call((client) => client.del(every));
    else await this.#store.call((client) => client.set(every, String(everyMs)));
  }

  /**
   * Forgets the target when it has no subscriber, then drops it from the set; a join that came in
   * between (its subscriber added after the forget) is put back in the set.
   */
  async forgetIfEmpty(key: string): Promise<boolean> {
    const keys = [this.#key(key, 'subs'), this.#key(key, 'target'), this.#key(key, 'every'), this.#key(key, 'latest')];
    if ((await this.#store.call((client) => FORGET_IF_EMPTY.run(client, keys, []))) !== 1) return false;
    await this.#store.call((client) => client.sRem(this.#targets, key));
    if ((await this.#store.call((client) => client.hLen(keys[0]!))) > 0)
      await this.#store.call((client) => client.sAdd(this.#targets, key));
    return true;
  }

  async setLatest(key: string, snapshot: WatchSnapshot, ttlMs: number): Promise<void> {
    await this.#store.call((client) =>
      client.set(this.#key(key, 'latest'), JSON.stringify(snapshot), { expiration: { type: 'PX', value: Math.max(1, Math.ceil(ttlMs)) } }),
    );
  }

  async latest(key: string): Promise<WatchSnapshot | null> {
    const text = await this.#store.call((client) => client.get(this.#key(key, 'latest')));
    return text === null ? null : (JSON.parse(text) as WatchSnapshot);
  }

  async counts(nowMs: number): Promise<WatchCounts> {
    const keys = await this.#store.call((client) => client.sMembers(this.#targets));
    let targets = 0;
    let subscribers = 0;
    for (const key of keys) {
      const all = await this.#store.call((client) => client.hVals(this.#key(key, 'subs')));
      const count = all.filter((text) => live(JSON.parse(text) as WatchSubscriber, nowMs)).length;
      subscribers += count;
      if (count > 0) targets += 1;
    }
    return { targets, subscribers };
  }
}
