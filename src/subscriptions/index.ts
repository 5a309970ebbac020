import type { Config } from '../config/config.js';
import { createSafeAgent, type ResolveAll } from '../outbound/index.js';
import type { PipelineDeps } from '../pipeline/run-endpoint.js';
import { MemoryLeases, RedisLeases } from '../state/lease/index.js';
import { isRedisState } from '../state/redis/index.js';
import { BullCheckScheduler, BullDeliveryQueue } from './bull-queues.js';
import { MemoryCheckScheduler, MemoryDeliveryQueue } from './memory-queues.js';
import { MemorySubscriptionStore } from './memory-store.js';
import { RedisSubscriptionStore } from './redis-store.js';
import { RedisWatchRegistry } from './redis-watch-registry.js';
import { SubscriptionService } from './service.js';
import { WatchHub } from './watch-hub.js';
import { MemoryWatchRegistry } from './watch-registry.js';

export { SubscriptionService, type CheckReport } from './service.js';
export { subscriptionEventsTopic } from './events.js';
export { WatchHub } from './watch-hub.js';
export type { WatchCounts, WatchSnapshot } from './watch-target.js';

export interface SubscriptionOptions {
  /** How webhook host names are resolved (default: the system resolver); tests inject one. */
  resolveAll?: ResolveAll;
}

/**
 * Subscriptions on the chosen state: records, check leases, watched targets, BullMQ job schedulers (one
 * per watched target) and delivery jobs in Redis with REDIS_URL; maps and timers in this process without. Nothing runs until start().
 */
export async function createSubscriptions(
  config: Config,
  pipeline: PipelineDeps,
  log: (message: string, context: Record<string, unknown>) => void,
  options: SubscriptionOptions = {},
): Promise<SubscriptionService> {
  const { catalogue, state } = pipeline;
  const agent = createSafeAgent({ allowPrivate: config.WEBHOOK_ALLOW_PRIVATE, resolveAll: options.resolveAll });
  const onError = (error: unknown, context: Record<string, unknown>) =>
    log('subscription background work failed', { ...context, error: String(error) });
  const parts = isRedisState(state)
    ? {
        store: new RedisSubscriptionStore(state.store),
        registry: new RedisWatchRegistry(state.store),
        lease: { leases: new RedisLeases(state.store) },
        scheduler: await BullCheckScheduler.open({ target: state.store.topology, prefix: state.prefix, onError }),
        deliveries: await BullDeliveryQueue.open({
          target: state.store.topology,
          prefix: state.prefix,
          onError,
          retryBaseMs: config.WEBHOOK_RETRY_BASE_MS,
        }),
      }
    : {
        store: new MemorySubscriptionStore(),
        registry: new MemoryWatchRegistry(),
        lease: { leases: new MemoryLeases() },
        scheduler: new MemoryCheckScheduler(),
        deliveries: new MemoryDeliveryQueue({ retryBaseMs: config.WEBHOOK_RETRY_BASE_MS }),
      };
  const service: SubscriptionService = new SubscriptionService({
    ...parts,
    watches: new WatchHub({
      registry: parts.registry,
      scheduler: parts.scheduler,
      leases: parts.lease.leases,
      pipeline,
      catalogue,
      pubsub: state.pubsub,
      pollDeadlineMs: 5 * config.UPSTREAM_TIMEOUT_MS,
      deliverToSubscription: async (id, snapshot) => {
        await service.deliverSnapshot(id, snapshot);
      },
      log,
    }),
    catalogue,
    pipeline,
    pubsub: state.pubsub,
    rules: { minIntervalSeconds: config.SUBSCRIPTION_MIN_INTERVAL_SECONDS, allowPrivate: config.WEBHOOK_ALLOW_PRIVATE },
    agent,
    // A check may make a few upstream requests in a row.
    checkDeadlineMs: 5 * config.UPSTREAM_TIMEOUT_MS,
    log,
    release: () => agent.close(),
  });
  return service;
}
