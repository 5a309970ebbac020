import type { Catalogue } from '../catalogue/catalogue.js';
import type { PipelineDeps } from '../pipeline/run-endpoint.js';
import { holdLease, type Leases } from '../state/lease/index.js';
import type { ApiKeyRecord, PubSub } from '../state/ports.js';
import { lookLive } from './check.js';
import { CHECK_LEASE_TTL_MS, underLease } from './check-lease.js';
import type { CheckScheduler } from './queues.js';
import type { WatchRegistry } from './watch-registry.js';
import { watchPollLeaseName, watchTargetKey, watchTopic, type WatchCounts, type WatchSnapshot, type WatchTarget } from './watch-target.js';

/** The account a shared poll runs as: it is never charged (each subscriber pays for its own changes). */
const POLL_ACCOUNT: ApiKeyRecord = { id: 'shared-watch-poll', status: 'active', dailyCap: null, createdAt: new Date(0).toISOString() };

/** Subscription ids (`sub_...`) are the subscribers the poll itself hands the snapshot to. */
const isSubscriptionId = (id: string) => id.startsWith('sub_');

export interface WatchHubDeps {
  registry: WatchRegistry;
  scheduler: CheckScheduler;
  leases: Leases;
  pipeline: PipelineDeps;
  catalogue: Catalogue;
  pubsub: PubSub;
  /** A poll is aborted after this long. */
  pollDeadlineMs: number;
  /** Default CHECK_LEASE_TTL_MS: a dead poller's target is taken over this long after its last renewal. */
  leaseTtlMs?: number;
  /** Hands one poll to one change subscription of the target (service.ts compares, charges and delivers). */
  deliverToSubscription: (subscriptionId: string, snapshot: WatchSnapshot) => Promise<void>;
  log: (message: string, context: Record<string, unknown>) => void;
}

/** Subscriptions handed one poll at once, per poll. */
const SUBSCRIBER_CONCURRENCY = 8;

/**
 * Shared watches: every change subscription and `watch*` stream on the same endpoint and
 * canonical parameters is a subscriber of one target, and the target is polled once per the
 * shortest interval any subscriber asked for, in whichever process runs its scheduled job, under
 * a lease (one poll of a target at a time, taken over within a lease ttl when its poller dies).
 * A poll fetches once (free), hashes once, stores the snapshot, publishes it to every process
 * (for the streams open there) and hands it to each change subscription, which compares it
 * with its own baseline and pays for its own change.
 */
export class WatchHub {
  readonly #deps: WatchHubDeps;

  constructor(deps: WatchHubDeps) {
    this.#deps = deps;
  }

  keyOf(target: WatchTarget): string {
    return watchTargetKey(target);
  }

  /**
   * Adds (or renews) a subscriber and makes the target's schedule match its subscribers: a new
   * target is polled at once, a shorter interval speeds the poll up, never a second poll.
   */
  async join(
    target: WatchTarget,
    subscriberId: string,
    intervalSeconds: number,
    expiresInMs: number | null = null,
  ): Promise<{ key: string; pollingNow: boolean }> {
    const key = this.keyOf(target);
    await this.#deps.registry.add(key, target, subscriberId, {
      intervalMs: intervalSeconds * 1000,
      expiresAt: expiresInMs === null ? null : Date.now() + expiresInMs,
    });
    return { key, pollingNow: await this.#reconcile(key) };
  }

  /** Removes a subscriber; the poll slows to the remaining shortest interval, and stops with the last one. */
  async leave(key: string, subscriberId: string): Promise<void> {
    await this.#deps.registry.remove(key, subscriberId);
    await this.#reconcile(key);
  }

  /** Asks for one poll of the target soon, outside its schedule (a new subscriber needing a baseline the last poll cannot give). */
  pollSoon(key: string): Promise<void> {
    return this.#deps.scheduler.runOnce(key);
  }

  /** The target's last poll, when it is younger than `maxAgeMs`. */
  async latest(key: string, maxAgeMs: number): Promise<WatchSnapshot | null> {
    const snapshot = await this.#deps.registry.latest(key);
    return snapshot && Date.now() - Date.parse(snapshot.fetchedAt) <= maxAgeMs ? snapshot : null;
  }

  /** Starts delivering the target's polls to `listener` (in this process); the function returned stops it. */
  async listen(key: string, listener: (snapshot: WatchSnapshot) => void): Promise<() => Promise<void>> {
    return this.#deps.pubsub.subscribe(watchTopic(key), (message) => {
      try {
        listener(JSON.parse(message) as WatchSnapshot);
      } catch (error) {
        this.#deps.log('watch snapshot not readable', { key, error: String(error) });
      }
    });
  }

  counts(): Promise<WatchCounts> {
    return this.#deps.registry.counts(Date.now());
  }

  /**
   * One poll of the target (its scheduled job runs it). Skipped while another poll of it holds
   * the lease; a target with no subscriber left stops its schedule instead.
   */
  async poll(key: string): Promise<'polled' | 'busy' | 'stopped'> {
    const { registry, pipeline, catalogue, log } = this.#deps;
    const lease = await holdLease(this.#deps.leases, watchPollLeaseName(key), {
      ttlMs: this.#deps.leaseTtlMs ?? CHECK_LEASE_TTL_MS,
      onLost: (error) => log('watch poll lost its lease and stops without publishing', { key, error: error.message }),
    });
    if (lease === null) return 'busy';
    try {
      let subscribers = await registry.subscribers(key, Date.now());
      const target = await registry.target(key);
      const endpoint = target ? catalogue.byPath.get(target.endpoint) : undefined;
      if (subscribers.size === 0 || !target || !endpoint) {
        await this.#reconcile(key);
        return 'stopped';
      }
      const pollIntervalMs = Math.min(...[...subscribers.values()].map((entry) => entry.intervalMs));
      const fetchedAt = new Date().toISOString();
      const look = await underLease(lease, this.#deps.pollDeadlineMs, ({ signal }) =>
        lookLive(pipeline, endpoint, target.params, POLL_ACCOUNT, `watch-poll:${key}`, signal),
      );
      if (look === null) return 'busy';
      const snapshot: WatchSnapshot = look.ok
        ? { key, fetchedAt, pollIntervalMs, ok: true, hash: look.hash, data: look.data, empty: look.empty }
        : { key, fetchedAt, pollIntervalMs, ok: false, error: { code: look.error.code, message: look.error.message } };
      // Kept two polls long: a subscription joining a polled target takes its baseline from it.
      if (snapshot.ok) await registry.setLatest(key, snapshot, 2 * pollIntervalMs);
      await this.#deps.pubsub
        .publish(watchTopic(key), JSON.stringify(snapshot))
        .catch((error: unknown) => log('watch snapshot not published', { key, error: String(error) }));
      // Read again after the snapshot is stored: a subscription that joined during the fetch either is
      // in this list or found the snapshot stored when it joined (join reads it after adding itself).
      subscribers = await registry.subscribers(key, Date.now());
      const subscriptions = [...subscribers.keys()].filter(isSubscriptionId);
      for (let start = 0; start < subscriptions.length; start += SUBSCRIBER_CONCURRENCY) {
        await Promise.all(
          subscriptions
            .slice(start, start + SUBSCRIBER_CONCURRENCY)
            .map((id) =>
              this.#deps
                .deliverToSubscription(id, snapshot)
                .catch((error: unknown) =>
                  log('watch snapshot not handed to a subscription', { key, subscriptionId: id, error: String(error) }),
                ),
            ),
        );
      }
      return 'polled';
    } finally {
      await lease.release().catch(() => {});
    }
  }

  /**
   * Makes the target's scheduler match its live subscribers: none, no schedule (and the target is
   * forgotten); otherwise one schedule at the shortest interval. True when it started a poll at once (a new target). Safe to race: a leave that
   * stopped the schedule looks again afterwards and restores it for a join that came in between.
   */
  async #reconcile(key: string): Promise<boolean> {
    const { registry, scheduler } = this.#deps;
    let subscribers = await registry.subscribers(key, Date.now());
    if (subscribers.size === 0) {
      await scheduler.unschedule(key);
      await registry.setPollEvery(key, null);
      if (await registry.forgetIfEmpty(key)) return false;
      subscribers = await registry.subscribers(key, Date.now());
      if (subscribers.size === 0) return false;
    }
    const shortest = Math.min(...[...subscribers.values()].map((entry) => entry.intervalMs));
    const every = await registry.pollEvery(key);
    if (every === shortest) return false;
    const runNow = every === null;
    await scheduler.schedule(key, shortest / 1000, { runNow });
    await registry.setPollEvery(key, shortest);
    return runNow;
  }
}
