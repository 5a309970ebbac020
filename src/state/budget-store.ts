import { MemoryBudgetStore } from './memory/budgets.js';
import type { StateAdapters } from './ports.js';
import { RedisBudgetStore } from './redis/budgets.js';
import { isRedisState } from './redis/index.js';

/**
 * Where the gateway keeps what it knows of each upstream host's budget, per egress (the direct
 * connection, or one proxy): the budget the platform announced, and the operator's ceiling
 * counters. Memory in one process; Redis shares both with every gateway process.
 */

/** One host's announced budget, as seen from one egress address. */
export interface HostBudget {
  /** Requests the platform still allows before `resetAtMs`; 0 or less means spent. */
  remaining: number;
  /** When the platform's window ends (epoch milliseconds). Past it, the record means nothing. */
  resetAtMs: number;
}

/**
 * Which budget: the upstream host and the egress it is reached through ("direct" or a proxy's id),
 * and optionally a scope within them (a platform that budgets one method, or one key's daily quota,
 * apart from the rest of the host). Without a scope the budget is the whole host's.
 */
export interface BudgetTarget {
  host: string;
  egress: string;
  scope?: string;
}

/** The text a target is stored under: `host|egress`, and `|scope` for a scoped budget. */
export const budgetKeyOf = (target: BudgetTarget): string =>
  target.scope === undefined ? `${target.host}|${target.egress}` : `${target.host}|${target.egress}|${target.scope}`;

/** The target a key names (the inverse of budgetKeyOf; a scope may itself hold bars). */
export function budgetTargetOf(key: string): BudgetTarget {
  const [host = '', egress = '', ...scope] = key.split('|');
  return scope.length === 0 ? { host, egress } : { host, egress, scope: scope.join('|') };
}

export interface BudgetAnnouncement extends BudgetTarget, HostBudget {}

/** One request counted against an operator ceiling. */
export interface CeilingTake {
  allowed: boolean;
  /** Requests the window still allows after this one (0 when refused). */
  remaining: number;
  /** When the window ends (epoch milliseconds). */
  resetAtMs: number;
}

export interface BudgetStore {
  /**
   * Records an announced budget and returns the record that now stands (see mergeBudget: a
   * spent record is not lifted by an answer from the same window). A record whose reset has
   * passed is not kept. A spent record is announced to every watcher, in every process.
   */
  record(target: BudgetTarget, budget: HostBudget, nowMs: number): Promise<HostBudget | null>;
  /** The standing record, or null when none was made or its reset has passed. */
  get(target: BudgetTarget, nowMs: number): Promise<HostBudget | null>;
  /**
   * Counts one request against a ceiling of `limit` requests per `windowMs`, the window
   * starting at the first request after the previous one ended. Refused requests count too:
   * the window's end does not move for them.
   */
  take(target: BudgetTarget, limit: number, windowMs: number, nowMs: number): Promise<CeilingTake>;
  /** Drops the announced record and the ceiling window of a target (an operator lifting a block by hand, a test lifting its fault). */
  forget(target: BudgetTarget): Promise<void>;
  /** Delivers every spent record made from now on (by any process); the returned function stops it. */
  watch(listener: (announcement: BudgetAnnouncement) => void): Promise<() => Promise<void>>;
}

export const isSpent = (budget: HostBudget, nowMs: number): boolean => budget.remaining <= 0 && budget.resetAtMs > nowMs;

/**
 * Two answers of one window can arrive out of order (several processes, several requests in
 * flight), and the platform's seconds-from-now resets jitter by a second. Within this margin a
 * later reset is the same window.
 */
export const SAME_WINDOW_MS = 2000;

/**
 * The record that stands after `next` is announced over `current`:
 * - nothing standing (or past its reset): `next`;
 * - a spent record stands: another spent one extends it to the later reset; one with budget
 *   left lifts it only when it belongs to a later window (its reset beyond the spent one's);
 * - otherwise the newest answer wins.
 */
export function mergeBudget(current: HostBudget | null, next: HostBudget, nowMs: number): HostBudget {
  if (!current || current.resetAtMs <= nowMs) return next;
  if (isSpent(current, nowMs)) {
    if (next.remaining <= 0)
      return { remaining: Math.min(current.remaining, next.remaining), resetAtMs: Math.max(current.resetAtMs, next.resetAtMs) };
    return next.resetAtMs > current.resetAtMs + SAME_WINDOW_MS ? next : current;
  }
  return next;
}

const stores = new WeakMap<StateAdapters, BudgetStore>();

/**
 * The budget store on the chosen state: Redis when the gateway runs on it, memory otherwise.
 * One per state, so every pipeline built on the same state shares what it knows.
 */
export function createBudgetStore(state: StateAdapters): BudgetStore {
  let store = stores.get(state);
  if (!store) {
    store = isRedisState(state) ? new RedisBudgetStore(state.store, state.pubsub) : new MemoryBudgetStore();
    stores.set(state, store);
  }
  return store;
}
