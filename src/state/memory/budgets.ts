import {
  budgetKeyOf,
  isSpent,
  mergeBudget,
  type BudgetAnnouncement,
  type BudgetStore,
  type BudgetTarget,
  type CeilingTake,
  type HostBudget,
} from '../budget-store.js';
import { LRUCache } from 'lru-cache';

// A call, not an alias: this module and budget-store.ts import each other.
const keyOf = (target: BudgetTarget): string => budgetKeyOf(target);

/**
 * Targets (host and egress) kept, least recently used dropped first: families that fetch hosts
 * their callers name would otherwise grow the tables without end. A dropped record or window
 * starts afresh on its host's next answer or request.
 */
export const MAX_BUDGET_TARGETS = 10_000;

/** Upstream budgets of one process: records until their reset, ceiling windows until their end. */
export class MemoryBudgetStore implements BudgetStore {
  readonly #records = new LRUCache<string, HostBudget>({ max: MAX_BUDGET_TARGETS });
  readonly #windows = new LRUCache<string, { count: number; resetAtMs: number }>({ max: MAX_BUDGET_TARGETS });
  readonly #listeners = new Set<(announcement: BudgetAnnouncement) => void>();

  async record(target: BudgetTarget, budget: HostBudget, nowMs: number): Promise<HostBudget | null> {
    const key = keyOf(target);
    if (budget.resetAtMs <= nowMs) return this.get(target, nowMs);
    const merged = mergeBudget(this.#current(key, nowMs), budget, nowMs);
    this.#records.set(key, merged);
    if (isSpent(merged, nowMs)) for (const listener of this.#listeners) listener({ ...target, ...merged });
    return merged;
  }

  async get(target: BudgetTarget, nowMs: number): Promise<HostBudget | null> {
    const record = this.#current(keyOf(target), nowMs);
    return record ? { ...record } : null;
  }

  async take(target: BudgetTarget, limit: number, windowMs: number, nowMs: number): Promise<CeilingTake> {
    const key = keyOf(target);
    let window = this.#windows.get(key);
    if (!window || window.resetAtMs <= nowMs) {
      window = { count: 0, resetAtMs: nowMs + windowMs };
      this.#windows.set(key, window);
    }
    window.count += 1;
    return { allowed: window.count <= limit, remaining: Math.max(0, limit - window.count), resetAtMs: window.resetAtMs };
  }

  async forget(target: BudgetTarget): Promise<void> {
    this.#records.delete(keyOf(target));
    this.#windows.delete(keyOf(target));
  }

  async watch(listener: (announcement: BudgetAnnouncement) => void): Promise<() => Promise<void>> {
    // A wrapper per watch, so watching the same function twice stops one at a time.
    const deliver = (announcement: BudgetAnnouncement) => listener(announcement);
    this.#listeners.add(deliver);
    return async () => void this.#listeners.delete(deliver);
  }

  /** The record still in force; a lapsed one is dropped, so the map holds only live hosts. */
  #current(key: string, nowMs: number): HostBudget | null {
    const record = this.#records.get(key);
    if (record && record.resetAtMs <= nowMs) this.#records.delete(key);
    return record && record.resetAtMs > nowMs ? record : null;
  }
}
