import { randomUUID } from 'node:crypto';
import type { Dispatcher } from 'undici';
import type { Catalogue } from '../catalogue/catalogue.js';
import type { EndpointDefinition } from '../catalogue/endpoint.js';
import { GatewayError } from '../errors.js';
import type { PipelineDeps } from '../pipeline/run-endpoint.js';
import type { HeldLease } from '../state/lease/index.js';
import type { ApiKeyRecord, PubSub } from '../state/ports.js';
import { checkForChange, judgeLook, type CheckOptions, type CheckOutcome, type LookResult } from './check.js';
import { subscriptionEventsTopic, type SubscriptionDisabledEvent, type SubscriptionEvent } from './events.js';
import { holdCheckLease, underLease, type CheckLeaseOptions, type LeaseGuard } from './check-lease.js';
import type { AttemptInfo, CheckScheduler, DeliveryQueue, DeliveryTask, DeliveryVerdict } from './queues.js';
import { validateSubscriptionRequest, type SubscriptionRules } from './requests.js';
import { generateSecret, webhookIdFor } from './signing.js';
import type { SubscriptionStore } from './store.js';
import type { StatusReason, SubscriptionRecord } from './types.js';
import { createdView, subscriptionView } from './views.js';
import { sendWebhook } from './webhook-sender.js';
import type { WatchHub } from './watch-hub.js';
import { isWatchTargetKey, type WatchSnapshot } from './watch-target.js';

/** Subscriptions one API key may hold at once. */
export const MAX_SUBSCRIPTIONS_PER_ACCOUNT = 1000;

const ID_PATTERN = /^sub_[0-9a-f]{32}$/;

export interface SubscriptionServiceDeps {
  catalogue: Catalogue;
  store: SubscriptionStore;
  /** Runs the polls of watched targets (watch-hub.ts); also holds per-subscription schedules made before watches were shared. */
  scheduler: CheckScheduler;
  /** Shared watches: one poll per watched target, handed to each subscription through deliverSnapshot(). */
  watches: WatchHub;
  deliveries: DeliveryQueue;
  /** The lease that keeps two checks of one subscription from ever running at once (check-lease.ts). */
  lease: CheckLeaseOptions;
  /** The pipeline checks run through (its own upstream client). */
  pipeline: PipelineDeps;
  pubsub: PubSub;
  rules: SubscriptionRules;
  /** The outbound-safe agent webhooks are sent through. */
  agent: Dispatcher;
  /** A check is aborted after this long (its lease, renewed while it runs, does not bound it). */
  checkDeadlineMs: number;
  log: (message: string, context: Record<string, unknown>) => void;
  now?: () => Date;
  /** Frees what the factory opened for the service (its upstream client, the webhook agent). */
  release?: () => Promise<void>;
}

/** What one check did; `ran: false` says why it did not run. */
export type CheckReport =
  | { ran: false; reason: 'missing' | 'disabled' | 'busy' | 'paused' | 'lease_lost' | 'not_due' }
  | { ran: true; outcome: CheckOutcome['kind'] };

/**
 * Change subscriptions, for every door (REST here; GraphQL streams the
 * events from `pubsub`). The caller is already authenticated.
 */
export class SubscriptionService {
  readonly #deps: SubscriptionServiceDeps;
  readonly pubsub: PubSub;
  /** The shared watches, which `watch*` streams join too. */
  readonly watches: WatchHub;

  constructor(deps: SubscriptionServiceDeps) {
    this.#deps = deps;
    this.pubsub = deps.pubsub;
    this.watches = deps.watches;
  }

  /** Validates, stores and schedules a subscription; the view carries the secret, this once. */
  async create(account: ApiKeyRecord, body: unknown): Promise<Record<string, unknown>> {
    const { catalogue, store, pipeline, rules } = this.#deps;
    const request = validateSubscriptionRequest(catalogue, body, rules);
    // A family that cannot run here (one needing a proxy it lacks) is 501 now, not a failing check later.
    pipeline.upstreamFor(request.endpoint);
    if ((await store.countOf(account.id)) >= MAX_SUBSCRIPTIONS_PER_ACCOUNT) {
      throw new GatewayError(
        'invalid_request',
        `An API key may hold at most ${MAX_SUBSCRIPTIONS_PER_ACCOUNT} subscriptions; delete some first.`,
        { details: { limit: MAX_SUBSCRIPTIONS_PER_ACCOUNT } },
      );
    }
    const record: SubscriptionRecord = {
      id: `sub_${randomUUID().replaceAll('-', '')}`,
      accountId: account.id,
      endpoint: request.endpoint.path,
      params: request.params,
      webhookUrl: request.webhookUrl,
      intervalSeconds: request.intervalSeconds,
      secret: generateSecret(),
      createdAt: this.#now(),
      status: 'active',
      statusReason: null,
      hash: null,
      lastCheckedAt: null,
      lastChangedAt: null,
      changeCount: 0,
      lastError: null,
    };
    await store.create(record);
    await this.#join(record);
    return createdView(record);
  }

  /** The account's subscriptions, oldest first. */
  async list(accountId: string): Promise<Record<string, unknown>[]> {
    const ids = await this.#deps.store.idsOf(accountId);
    const views = await Promise.all(ids.map((id) => this.get(accountId, id)));
    return views.filter((view) => view !== null);
  }

  /** The subscription's view; null when it does not exist or belongs to another key (404 at the door). */
  async get(accountId: string, id: string): Promise<Record<string, unknown> | null> {
    const record = await this.#owned(accountId, id);
    return record ? subscriptionView(record, await this.#deps.store.attempts(id)) : null;
  }

  /** Stops checks and deliveries and forgets the subscription; false when there was none to delete. */
  async delete(accountId: string, id: string): Promise<boolean> {
    const record = await this.#owned(accountId, id);
    if (!record) return false;
    await this.#leave(record);
    return this.#deps.store.delete(id);
  }

  /**
   * Runs one check of this subscription now, in this process, with a live look of its own (an
   * explicit check: tests call it so they need not wait for an interval; scheduled checks come
   * from the shared poll of the target instead, deliverSnapshot). Never runs while another check
   * of the same subscription runs.
   */
  async checkNow(id: string): Promise<CheckReport> {
    const { store } = this.#deps;
    const lease = await holdCheckLease(this.#deps.lease, id, this.#deps.log);
    if (lease === null) return { ran: false, reason: 'busy' };
    try {
      // Read under the lease: the previous holder may have moved the hash or the status.
      const record = await store.get(id);
      if (!record) return { ran: false, reason: 'missing' };
      if (record.status === 'disabled') return { ran: false, reason: 'disabled' };
      return await this.#check(record, lease, (endpoint, guard, options) =>
        checkForChange(this.#deps.pipeline, endpoint, record.params, guard.account, record.hash, { ...guard, ...options }),
      );
    } finally {
      await lease.release().catch(() => {});
    }
  }

  /**
   * Hands one poll of the subscription's target to it: it is compared with the subscription's own
   * baseline, charged and delivered as a check of its own would be. A subscription whose interval
   * is longer than the shared poll is told at its own pace: polls that come before its interval
   * has passed since its last check are skipped (so it pays once per change it is told about).
   * Skipped too while another check of it runs (its lease); the next poll brings it again.
   */
  async deliverSnapshot(id: string, snapshot: WatchSnapshot): Promise<CheckReport> {
    const lease = await holdCheckLease(this.#deps.lease, id, this.#deps.log);
    if (lease === null) return { ran: false, reason: 'busy' };
    try {
      const record = await this.#deps.store.get(id);
      // Gone or disabled without leaving (a crash between the two): it leaves now, so its target does not poll for nobody.
      if (!record || record.status === 'disabled') {
        await this.#deps.watches.leave(snapshot.key, id);
        return { ran: false, reason: record ? 'disabled' : 'missing' };
      }
      if (!isDue(record, snapshot, this.#nowMs())) return { ran: false, reason: 'not_due' };
      const look: LookResult = snapshot.ok
        ? { ok: true, hash: snapshot.hash, data: snapshot.data, empty: snapshot.empty }
        : { ok: false, error: new GatewayError(snapshot.error.code as never, snapshot.error.message) };
      return await this.#check(record, lease, (endpoint, guard, options) =>
        judgeLook(this.#deps.pipeline, endpoint, look, guard.account, record.hash, { beforeCharge: guard.beforeCharge, ...options }),
      );
    } finally {
      await lease.release().catch(() => {});
    }
  }

  /** Starts running due polls and deliveries in this process (WORKERS=inline). */
  async start(): Promise<void> {
    await this.#deps.scheduler.start(async (id) => {
      await this.#runScheduled(id).catch((error: unknown) =>
        this.#deps.log('subscription check could not run', { id, error: String(error) }),
      );
    });
    await this.#deps.deliveries.start((task, info) => this.#deliver(task, info));
  }

  async close(): Promise<void> {
    await this.#deps.scheduler.close();
    await this.#deps.deliveries.close();
    await this.#deps.store.close();
    await this.#deps.release?.();
  }

  /** A scheduled job: the poll of a watched target, or a schedule made per subscription before watches were shared, moved to its target. */
  async #runScheduled(id: string): Promise<void> {
    if (isWatchTargetKey(id)) {
      await this.#deps.watches.poll(id);
      return;
    }
    await this.#deps.scheduler.unschedule(id);
    const record = ID_PATTERN.test(id) ? await this.#deps.store.get(id) : null;
    if (record && record.status !== 'disabled') await this.#join(record);
  }

  /** Makes the subscription a subscriber of its target; a target polled recently gives its baseline at once, without a fetch. */
  async #join(record: SubscriptionRecord): Promise<void> {
    const { key, pollingNow } = await this.#deps.watches.join(
      { endpoint: record.endpoint, params: record.params },
      record.id,
      record.intervalSeconds,
    );
    if (record.hash !== null || pollingNow) return;
    const latest = await this.#deps.watches.latest(key, record.intervalSeconds * 1000);
    if (latest?.ok) {
      void this.deliverSnapshot(record.id, latest).catch((error: unknown) =>
        this.#deps.log('subscription baseline could not be taken', { subscriptionId: record.id, error: String(error) }),
      );
    } else {
      // No poll recent enough to stand for this subscriber's baseline: one poll now, for every subscriber.
      await this.#deps.watches.pollSoon(key);
    }
  }

  async #leave(record: SubscriptionRecord): Promise<void> {
    await this.#deps.watches.leave(this.#deps.watches.keyOf({ endpoint: record.endpoint, params: record.params }), record.id);
  }

  async #check(
    record: SubscriptionRecord,
    lease: HeldLease,
    look: (
      endpoint: EndpointDefinition,
      guard: LeaseGuard & { account: ApiKeyRecord },
      options: Pick<CheckOptions, 'reservationId'>,
    ) => Promise<CheckOutcome>,
  ): Promise<CheckReport> {
    const { store, pipeline, catalogue } = this.#deps;
    const account = await pipeline.state.keys.get(record.accountId);
    if (!account || account.status === 'revoked') {
      await this.#disable(record, 'api_key_revoked');
      return { ran: false, reason: 'disabled' };
    }
    if (record.status === 'paused') {
      if (!(await this.#canPay(account))) {
        await store.update(record.id, { lastCheckedAt: this.#now() });
        return { ran: false, reason: 'paused' };
      }
      if (await store.transition(record.id, ['paused'], 'active', null)) {
        await this.#emit(record, {
          type: 'subscription.resumed',
          subscriptionId: record.id,
          endpoint: record.endpoint,
          params: record.params,
          resumedAt: this.#now(),
        });
      }
    }
    const endpoint = catalogue.byPath.get(record.endpoint);
    if (!endpoint) throw new Error(`subscription ${record.id} names an endpoint this gateway no longer serves: ${record.endpoint}`);

    const outcome = await underLease(lease, this.#deps.checkDeadlineMs, (guard) =>
      look(
        endpoint,
        { ...guard, account },
        {
          // Fixed per change: a check repeated after a crash reuses it and is not charged again.
          reservationId: `sub:${record.id}:change:${record.changeCount + 1}`,
        },
      ),
    );
    if (outcome === null) return { ran: false, reason: 'lease_lost' };
    const checkedAt = this.#now();
    switch (outcome.kind) {
      case 'baseline':
        await store.update(record.id, {
          hash: outcome.hash,
          ...digestOf(endpoint, outcome.data),
          lastCheckedAt: checkedAt,
          lastError: null,
        });
        break;
      case 'unchanged':
        await store.update(record.id, { lastCheckedAt: checkedAt, lastError: null });
        break;
      case 'failed':
        // Retried at the next interval; never a change, never charged.
        await store.update(record.id, {
          lastCheckedAt: checkedAt,
          lastError: { code: outcome.error.code, message: outcome.error.message, at: checkedAt },
        });
        break;
      case 'changed': {
        const kept = digestOf(endpoint, outcome.data);
        await this.#emit(record, {
          type: 'content.changed',
          subscriptionId: record.id,
          endpoint: record.endpoint,
          params: record.params,
          changedAt: checkedAt,
          previousHash: outcome.previousHash,
          hash: outcome.hash,
          data: outcome.data,
          ...changesOf(endpoint, record, kept),
        });
        await store.update(record.id, {
          hash: outcome.hash,
          ...kept,
          lastCheckedAt: checkedAt,
          lastChangedAt: checkedAt,
          changeCount: record.changeCount + 1,
          lastError: null,
        });
        break;
      }
      case 'insufficient_credits': {
        // The old hash stays: the change is found again, and delivered, once credits return.
        const reason = outcome.reason ?? 'insufficient_credits';
        await store.update(record.id, { lastCheckedAt: checkedAt, lastError: null });
        if (await store.transition(record.id, ['active'], 'paused', reason)) {
          await this.#emit(record, {
            type: 'subscription.paused',
            subscriptionId: record.id,
            endpoint: record.endpoint,
            params: record.params,
            pausedAt: checkedAt,
            reason,
            hash: record.hash,
          });
        }
        break;
      }
    }
    return { ran: true, outcome: outcome.kind };
  }

  /** Whether the account could pay for one change now (balance, and today's cap). */
  async #canPay(account: ApiKeyRecord): Promise<boolean> {
    const usage = await this.#deps.pipeline.state.ledger.usage(account.id, account.dailyCap);
    return usage.balance >= 1 && (account.dailyCap === null || usage.dailyUsed + 1 <= account.dailyCap);
  }

  /** Queues the event's webhook delivery and publishes the same body for GraphQL streams. */
  async #emit(record: SubscriptionRecord, event: Exclude<SubscriptionEvent, SubscriptionDisabledEvent>): Promise<void> {
    const body = JSON.stringify(event);
    // A change is numbered, so content that returns to an earlier hash is a new message, while a
    // check repeated after a crash (same number, same hash) is the same one.
    const webhookId =
      event.type === 'content.changed'
        ? webhookIdFor(record.id, event.hash, `change:${record.changeCount + 1}`)
        : webhookIdFor(record.id, record.hash, `${event.type}@${eventTime(event)}`);
    await this.#deps.deliveries.enqueue({ subscriptionId: record.id, webhookId, type: event.type, body });
    await this.#publish(record.id, body);
  }

  async #publish(id: string, body: string): Promise<void> {
    // Best effort: a lost message only costs a live GraphQL stream one event; the webhook still gets it.
    await this.pubsub
      .publish(subscriptionEventsTopic(id), body)
      .catch((error: unknown) => this.#deps.log('subscription event not published', { subscriptionId: id, error: String(error) }));
  }

  async #disable(record: SubscriptionRecord, reason: StatusReason & ('webhook_gone' | 'api_key_revoked')): Promise<void> {
    const moved = await this.#deps.store.transition(record.id, ['active', 'paused'], 'disabled', reason);
    await this.#leave(record);
    if (!moved) return;
    const event = {
      type: 'subscription.disabled',
      subscriptionId: record.id,
      endpoint: record.endpoint,
      params: record.params,
      disabledAt: this.#now(),
      reason,
    } as const;
    await this.#publish(record.id, JSON.stringify(event));
  }

  /** One delivery attempt: 2xx done, 410 disables the subscription, anything else is retried. */
  async #deliver(task: DeliveryTask, info: AttemptInfo): Promise<DeliveryVerdict> {
    const { store } = this.#deps;
    const record = await store.get(task.subscriptionId);
    // Deleted or disabled since: the delivery is dropped.
    if (!record || record.status === 'disabled') return 'done';
    const result = await sendWebhook(
      record.webhookUrl,
      record.secret,
      { webhookId: task.webhookId, body: task.body },
      { agent: this.#deps.agent, allowPrivate: this.#deps.rules.allowPrivate },
    );
    const delivered = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    const gone = result.statusCode === 410;
    await store.recordAttempt(record.id, {
      webhookId: task.webhookId,
      type: task.type,
      attempt: info.attempt,
      statusCode: result.statusCode,
      error: result.error,
      at: this.#now(),
      outcome: delivered ? 'delivered' : gone ? 'gone' : info.last ? 'failed' : 'retrying',
    });
    if (gone) await this.#disable(record, 'webhook_gone');
    return delivered || gone ? 'done' : 'retry';
  }

  async #owned(accountId: string, id: string): Promise<SubscriptionRecord | null> {
    if (!ID_PATTERN.test(id)) return null;
    const record = await this.#deps.store.get(id);
    return record && record.accountId === accountId ? record : null;
  }

  #now(): string {
    return (this.#deps.now?.() ?? new Date()).toISOString();
  }

  #nowMs(): number {
    return (this.#deps.now?.() ?? new Date()).getTime();
  }
}

/**
 * Whether a poll is one the subscription should be told of: always before its baseline; after
 * it, once its own interval has passed since its last check. Half a poll of slack keeps a
 * subscriber at the poll's own pace from skipping a poll that came a little early.
 */
function isDue(record: SubscriptionRecord, snapshot: WatchSnapshot, nowMs: number): boolean {
  if (record.hash === null || record.lastCheckedAt === null) return true;
  return nowMs - Date.parse(record.lastCheckedAt) >= record.intervalSeconds * 1000 - snapshot.pollIntervalMs / 2;
}

function eventTime(event: Exclude<SubscriptionEvent, SubscriptionDisabledEvent>): string {
  if (event.type === 'subscription.paused') return event.pausedAt;
  if (event.type === 'subscription.resumed') return event.resumedAt;
  return event.changedAt;
}

/** What the endpoint's change report keeps of delivered content, as the record's `digest` (nothing without a report). */
function digestOf(endpoint: EndpointDefinition, data: unknown): { digest?: unknown } {
  return endpoint.changes ? { digest: endpoint.changes.digest(data) } : {};
}

/**
 * The `changes` of a content.changed event: the report's description from the digest kept at the
 * last delivery to this one; nothing without a report, or without a kept digest to compare with.
 */
function changesOf(endpoint: EndpointDefinition, record: SubscriptionRecord, kept: { digest?: unknown }): { changes?: unknown[] } {
  if (!endpoint.changes || record.digest === undefined || !('digest' in kept)) return {};
  return { changes: endpoint.changes.describe(record.digest, kept.digest) };
}
