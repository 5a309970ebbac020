import {
  budgetKeyOf,
  isSpent,
  SAME_WINDOW_MS,
  type BudgetAnnouncement,
  type BudgetStore,
  type BudgetTarget,
  type CeilingTake,
  type HostBudget,
} from '../budget-store.js';
import type { PubSub } from '../ports.js';
import { integers, LuaScript } from './lua-script.js';
import type { RedisStore } from './store.js';

/**
 * Upstream budgets in Redis, shared by every gateway process:
 * - budget record (KeyLayout.budget of `host|egress`, or `host|egress|scope` for a scoped one): string "remaining resetAtMs", expiring at
 *   the reset, so a lapsed record is simply gone;
 * - ceiling counter (KeyLayout.ceiling of `host|egress`): the operator ceiling's count, expiring
 *   with its window.
 * Spent records are also published on the `upstream-budget` topic, so each process keeps an
 * in-process copy without asking Redis before every upstream request.
 */
export const BUDGET_TOPIC = 'upstream-budget';

/**
 * The mergeBudget rule (src/state/budget-store.ts), atomically. KEYS[1] the record;
 * ARGV: remaining, resetAtMs, nowMs, same-window margin. Returns the standing {remaining, resetAtMs}.
 */
const RECORD = new LuaScript(`
local now = tonumber(ARGV[3])
local remaining, reset = ARGV[1], ARGV[2]
local stored = redis.call('GET', KEYS[1])
if stored then
  local space = string.find(stored, ' ', 1, true)
  local storedRemaining, storedReset = string.sub(stored, 1, space - 1), string.sub(stored, space + 1)
  if tonumber(storedReset) > now and tonumber(storedRemaining) <= 0 then
    if tonumber(remaining) <= 0 then
      if tonumber(storedRemaining) < tonumber(remaining) then remaining = storedRemaining end
      if tonumber(storedReset) > tonumber(reset) then reset = storedReset end
    elseif tonumber(reset) <= tonumber(storedReset) + tonumber(ARGV[4]) then
      remaining, reset = storedRemaining, storedReset
    end
  end
end
local ttl = tonumber(reset) - now
if ttl > 0 then redis.call('SET', KEYS[1], remaining .. ' ' .. reset, 'PX', math.ceil(ttl)) end
return {tonumber(remaining), tonumber(reset)}
`);

/** One request against a ceiling window. KEYS[1] the counter; ARGV[1] the window in ms. Returns {count, ms left}. */
const TAKE = new LuaScript(`
local count = redis.call('INCR', KEYS[1])
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  left = tonumber(ARGV[1])
end
return {count, left}
`);

export class RedisBudgetStore implements BudgetStore {
  readonly #store: RedisStore;
  readonly #pubsub: PubSub;

  constructor(store: RedisStore, pubsub: PubSub) {
    this.#store = store;
    this.#pubsub = pubsub;
  }

  async record(target: BudgetTarget, budget: HostBudget, nowMs: number): Promise<HostBudget | null> {
    if (budget.resetAtMs <= nowMs) return this.get(target, nowMs);
    const args = [
      String(Math.floor(budget.remaining)),
      String(Math.ceil(budget.resetAtMs)),
      String(Math.floor(nowMs)),
      String(SAME_WINDOW_MS),
    ];
    const reply = await this.#store.call((client) => RECORD.run(client, [this.#recordKey(target)], args));
    const [remaining, resetAtMs] = integers(reply, 2) as [number, number];
    const standing = { remaining, resetAtMs };
    if (isSpent(standing, nowMs)) await this.#pubsub.publish(BUDGET_TOPIC, JSON.stringify({ ...target, ...standing }));
    return resetAtMs > nowMs ? standing : null;
  }

  async get(target: BudgetTarget, nowMs: number): Promise<HostBudget | null> {
    const stored = await this.#store.call((client) => client.get(this.#recordKey(target)));
    const parsed = stored === null ? null : parseRecord(stored);
    return parsed && parsed.resetAtMs > nowMs ? parsed : null;
  }

  async take(target: BudgetTarget, limit: number, windowMs: number, nowMs: number): Promise<CeilingTake> {
    const reply = await this.#store.call((client) => TAKE.run(client, [this.#ceilingKey(target)], [String(Math.ceil(windowMs))]));
    const [count, left] = integers(reply, 2) as [number, number];
    return { allowed: count <= limit, remaining: Math.max(0, limit - count), resetAtMs: nowMs + left };
  }

  async forget(target: BudgetTarget): Promise<void> {
    // Two slots on a cluster: one DEL each.
    await this.#store.call((client) => Promise.all([client.del(this.#recordKey(target)), client.del(this.#ceilingKey(target))]));
  }

  async watch(listener: (announcement: BudgetAnnouncement) => void): Promise<() => Promise<void>> {
    return this.#pubsub.subscribe(BUDGET_TOPIC, (message) => {
      const announcement = parseAnnouncement(message);
      if (announcement) listener(announcement);
    });
  }

  #recordKey = (target: BudgetTarget): string => this.#store.keys.budget(budgetKeyOf(target));
  #ceilingKey = (target: BudgetTarget): string => this.#store.keys.ceiling(budgetKeyOf(target));
}

function parseRecord(stored: string): HostBudget | null {
  const [remaining, resetAtMs] = stored.split(' ').map(Number);
  return Number.isFinite(remaining) && Number.isFinite(resetAtMs) ? { remaining: remaining!, resetAtMs: resetAtMs! } : null;
}

/** A message on the shared topic, checked: anything malformed is ignored, never trusted. */
function parseAnnouncement(message: string): BudgetAnnouncement | null {
  let value: unknown;
  try {
    value = JSON.parse(message);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { host, egress, scope, remaining, resetAtMs } = value as Record<string, unknown>;
  if (typeof host !== 'string' || typeof egress !== 'string' || typeof remaining !== 'number' || typeof resetAtMs !== 'number') return null;
  if (!Number.isFinite(remaining) || !Number.isFinite(resetAtMs)) return null;
  if (scope !== undefined && typeof scope !== 'string') return null;
  return scope === undefined ? { host, egress, remaining, resetAtMs } : { host, egress, scope, remaining, resetAtMs };
}
