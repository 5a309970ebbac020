import { LuaScript } from '../state/redis/lua-script.js';
import type { RedisStore } from '../state/redis/store.js';
import { accountSubscriptionsKey, subscriptionKeys } from './redis-keys.js';
import type { CheckedFields, SubscriptionStore } from './store.js';
import {
  MAX_RECORDED_ATTEMPTS,
  type DeliveryAttempt,
  type StatusReason,
  type SubscriptionRecord,
  type SubscriptionStatus,
} from './types.js';

/** HSET only when the record still exists: a check finishing after DELETE must not bring it back. */
const UPDATE = new LuaScript(`
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], unpack(ARGV))
return 1`);

/** ARGV: to, reason, from... */
const TRANSITION = new LuaScript(`
local current = redis.call('HGET', KEYS[1], 'status')
if not current then return 0 end
for i = 3, #ARGV do
  if current == ARGV[i] then
    redis.call('HSET', KEYS[1], 'status', ARGV[1], 'statusReason', ARGV[2])
    return 1
  end
end
return 0`);

const RECORD_ATTEMPT = new LuaScript(`
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('LPUSH', KEYS[2], ARGV[1])
redis.call('LTRIM', KEYS[2], 0, tonumber(ARGV[2]) - 1)
return 1`);

/** An index entry older than this whose record is missing was left by a create or delete cut short. */
const DANGLING_AFTER_MS = 60_000;

/**
 * Subscriptions in Redis under the state prefix (names in redis-keys.ts): the record (hash; every
 * field JSON-encoded) and its delivery attempts (list, newest first, trimmed) share one hash tag;
 * the account's index (sorted set of ids by creation time) is written in a step of its own, before
 * the record on create and after it on delete, so an index entry may outlive its record but a
 * record is never unlisted. Records never expire: a subscription lives until DELETE.
 */
export class RedisSubscriptionStore implements SubscriptionStore {
  readonly #store: RedisStore;

  constructor(store: RedisStore) {
    this.#store = store;
  }

  #record = (id: string) => subscriptionKeys(this.#store.keys.prefix, id).record;
  #attempts = (id: string) => subscriptionKeys(this.#store.keys.prefix, id).attempts;
  #account = (accountId: string) => accountSubscriptionsKey(this.#store.keys.prefix, accountId);

  async create(record: SubscriptionRecord): Promise<void> {
    const fields = Object.entries(record).flatMap(([name, value]) => [name, JSON.stringify(value)]);
    await this.#store.call((client) =>
      client.zAdd(this.#account(record.accountId), { score: Date.parse(record.createdAt), value: record.id }),
    );
    await this.#store.call((client) => client.hSet(this.#record(record.id), fields));
  }

  async get(id: string): Promise<SubscriptionRecord | null> {
    const hash = await this.#store.call((client) => client.hGetAll(this.#record(id)));
    if (hash.id === undefined) return null;
    return Object.fromEntries(
      Object.entries(hash).map(([name, value]) => [name, JSON.parse(value) as unknown]),
    ) as unknown as SubscriptionRecord;
  }

  /** Listed ids whose record exists; entries left dangling by an interrupted create or delete are dropped. */
  async idsOf(accountId: string): Promise<string[]> {
    const index = this.#account(accountId);
    const entries = await this.#store.call((client) => client.zRangeWithScores(index, 0, -1));
    const exists = await Promise.all(entries.map((entry) => this.#store.call((client) => client.exists(this.#record(entry.value)))));
    const cutoff = Date.now() - DANGLING_AFTER_MS;
    const dangling = entries.filter((entry, at) => exists[at] === 0 && entry.score < cutoff).map((entry) => entry.value);
    if (dangling.length > 0) await this.#store.call((client) => client.zRem(index, dangling));
    return entries.filter((_entry, at) => exists[at] === 1).map((entry) => entry.value);
  }

  countOf(accountId: string): Promise<number> {
    return this.#store.call((client) => client.zCard(this.#account(accountId)));
  }

  async update(id: string, fields: CheckedFields): Promise<void> {
    const args = Object.entries(fields).flatMap(([name, value]) => [name, JSON.stringify(value)]);
    if (args.length === 0) return;
    await this.#store.call((client) => UPDATE.run(client, [this.#record(id)], args));
  }

  async transition(id: string, from: readonly SubscriptionStatus[], to: SubscriptionStatus, reason: StatusReason | null): Promise<boolean> {
    const reply = await this.#store.call((client) =>
      TRANSITION.run(
        client,
        [this.#record(id)],
        [JSON.stringify(to), JSON.stringify(reason), ...from.map((status) => JSON.stringify(status))],
      ),
    );
    return reply === 1;
  }

  async recordAttempt(id: string, attempt: DeliveryAttempt): Promise<void> {
    await this.#store.call((client) =>
      RECORD_ATTEMPT.run(client, [this.#record(id), this.#attempts(id)], [JSON.stringify(attempt), MAX_RECORDED_ATTEMPTS]),
    );
  }

  async attempts(id: string): Promise<DeliveryAttempt[]> {
    const items = await this.#store.call((client) => client.lRange(this.#attempts(id), 0, MAX_RECORDED_ATTEMPTS - 1));
    return items.map((item) => JSON.parse(item) as DeliveryAttempt);
  }

  async delete(id: string): Promise<boolean> {
    const record = await this.get(id);
    if (!record) return false;
    const [deleted] = await this.#store.call((client) => client.multi().del(this.#record(id)).del(this.#attempts(id)).exec());
    await this.#store.call((client) => client.zRem(this.#account(record.accountId), id));
    return Number(deleted) === 1;
  }

  async close(): Promise<void> {}
}
