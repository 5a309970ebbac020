import type { DeliveryAttempt, StatusReason, SubscriptionRecord, SubscriptionState, SubscriptionStatus } from './types.js';

/** Fields a check writes; status moves only through transition(), so a check never undoes a disable. */
export type CheckedFields = Partial<
  Pick<SubscriptionState, 'hash' | 'digest' | 'lastCheckedAt' | 'lastChangedAt' | 'changeCount' | 'lastError'>
>;

/**
 * Where subscription records live: Redis under the state prefix, or in-process. Every write
 * to a deleted subscription is a no-op (a check or delivery finishing after DELETE must not
 * bring it back).
 */
export interface SubscriptionStore {
  create(record: SubscriptionRecord): Promise<void>;
  get(id: string): Promise<SubscriptionRecord | null>;
  /** Ids of one account's subscriptions, oldest first. */
  idsOf(accountId: string): Promise<string[]>;
  countOf(accountId: string): Promise<number>;
  update(id: string, fields: CheckedFields): Promise<void>;
  /** Moves the status to `to` when it is one of `from`; returns whether it moved. */
  transition(id: string, from: readonly SubscriptionStatus[], to: SubscriptionStatus, reason: StatusReason | null): Promise<boolean>;
  recordAttempt(id: string, attempt: DeliveryAttempt): Promise<void>;
  /** Newest first, at most MAX_RECORDED_ATTEMPTS. */
  attempts(id: string): Promise<DeliveryAttempt[]>;
  delete(id: string): Promise<boolean>;
  close(): Promise<void>;
}
