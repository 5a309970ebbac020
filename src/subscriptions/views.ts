import type { DeliveryAttempt, SubscriptionRecord } from './types.js';

/** What GET shows of a subscription: never the secret (only the 201 of create carries it). */
export function subscriptionView(record: SubscriptionRecord, attempts: DeliveryAttempt[]): Record<string, unknown> {
  return {
    id: record.id,
    status: record.status,
    statusReason: record.statusReason,
    endpoint: record.endpoint,
    params: record.params,
    webhookUrl: record.webhookUrl,
    intervalSeconds: record.intervalSeconds,
    createdAt: record.createdAt,
    lastCheckedAt: record.lastCheckedAt,
    lastChangedAt: record.lastChangedAt,
    hash: record.hash,
    lastError: record.lastError,
    recentDeliveries: attempts,
  };
}

/** The 201 of create: the view plus the signing secret, shown this once. */
export function createdView(record: SubscriptionRecord): Record<string, unknown> {
  return { ...subscriptionView(record, []), secret: record.secret };
}
