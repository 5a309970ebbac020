/** Records of change subscriptions, as the stores keep them. */

export type SubscriptionStatus = 'active' | 'paused' | 'disabled';

/** Why a subscription is paused or disabled; null while active. */
export type StatusReason = 'insufficient_credits' | 'daily_cap_exceeded' | 'webhook_gone' | 'api_key_revoked';

/** What a subscription is: fixed at creation. */
export interface SubscriptionSpec {
  id: string;
  accountId: string;
  endpoint: string;
  /** The endpoint's validated, canonical parameters (what every check fetches). */
  params: Record<string, unknown>;
  webhookUrl: string;
  intervalSeconds: number;
  /** `whsec_` + base64 key; shown once, in the 201 of create. */
  secret: string;
  createdAt: string;
}

/** What a subscription has seen: changed by checks and deliveries. */
export interface SubscriptionState {
  status: SubscriptionStatus;
  statusReason: StatusReason | null;
  /** Content hash of the last delivered (or baseline) content; null before the baseline. */
  hash: string | null;
  /**
   * What the endpoint's change report keeps of that content, to describe the next change against;
   * absent for endpoints without one (and for subscriptions made before their endpoint had one).
   */
  digest?: unknown;
  lastCheckedAt: string | null;
  lastChangedAt: string | null;
  /** Changes charged so far: the next change's charge is reserved as `sub:{id}:change:{changeCount + 1}`. */
  changeCount: number;
  /** The last check that failed upstream, cleared by the next good one. */
  lastError: { code: string; message: string; at: string } | null;
}

export type SubscriptionRecord = SubscriptionSpec & SubscriptionState;

/** One attempt at delivering one event to the webhook. */
export interface DeliveryAttempt {
  webhookId: string;
  type: string;
  /** 1 for the first try, counting up across retries of the same webhook-id. */
  attempt: number;
  /** The webhook's HTTP status; null when no answer came (refused, time-out, connection error). */
  statusCode: number | null;
  error: string | null;
  at: string;
  /** delivered (2xx), retrying, gone (410: subscription disabled), or failed (retries exhausted). */
  outcome: 'delivered' | 'retrying' | 'gone' | 'failed';
}

/** Attempts kept per subscription, newest first. */
export const MAX_RECORDED_ATTEMPTS = 20;
