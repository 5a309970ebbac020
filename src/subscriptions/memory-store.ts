import type { CheckedFields, SubscriptionStore } from './store.js';
import {
  MAX_RECORDED_ATTEMPTS,
  type DeliveryAttempt,
  type StatusReason,
  type SubscriptionRecord,
  type SubscriptionStatus,
} from './types.js';

/** Subscriptions of one process, used without REDIS_URL: lost on restart like the rest of its state. */
export class MemorySubscriptionStore implements SubscriptionStore {
  readonly #records = new Map<string, SubscriptionRecord>();
  readonly #attempts = new Map<string, DeliveryAttempt[]>();

  async create(record: SubscriptionRecord): Promise<void> {
    this.#records.set(record.id, structuredClone(record));
    this.#attempts.set(record.id, []);
  }

  async get(id: string): Promise<SubscriptionRecord | null> {
    const record = this.#records.get(id);
    return record ? structuredClone(record) : null;
  }

  async idsOf(accountId: string): Promise<string[]> {
    return [...this.#records.values()].filter((record) => record.accountId === accountId).map((record) => record.id);
  }

  async countOf(accountId: string): Promise<number> {
    return (await this.idsOf(accountId)).length;
  }

  async update(id: string, fields: CheckedFields): Promise<void> {
    const record = this.#records.get(id);
    if (record) Object.assign(record, structuredClone(fields));
  }

  async transition(id: string, from: readonly SubscriptionStatus[], to: SubscriptionStatus, reason: StatusReason | null): Promise<boolean> {
    const record = this.#records.get(id);
    if (!record || !from.includes(record.status)) return false;
    record.status = to;
    record.statusReason = reason;
    return true;
  }

  async recordAttempt(id: string, attempt: DeliveryAttempt): Promise<void> {
    const attempts = this.#attempts.get(id);
    if (!attempts) return;
    attempts.unshift({ ...attempt });
    attempts.length = Math.min(attempts.length, MAX_RECORDED_ATTEMPTS);
  }

  async attempts(id: string): Promise<DeliveryAttempt[]> {
    return (this.#attempts.get(id) ?? []).map((attempt) => ({ ...attempt }));
  }

  async delete(id: string): Promise<boolean> {
    this.#attempts.delete(id);
    return this.#records.delete(id);
  }

  async close(): Promise<void> {}
}
