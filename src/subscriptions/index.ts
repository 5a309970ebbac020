import type { Config } from '../config.js';
import { createSafeAgent, type ResolveAll } from '../outbound/index.js';
import type { PipelineDeps } from '../pipeline/run-endpoint.js';
import { MemoryLeases, RedisLeases } from '../state/lease/index.js';
import { isRedisState } from '../state/redis/index.js';
import { BullCheckScheduler, BullDeliveryQueue } from './bull-queues.js';
import { MemoryCheckScheduler, MemoryDeliveryQueue } from './memory-queues.js';
import { MemorySubscriptionStore } from './memory-store.js';
import { RedisSubscriptionStore } from './redis-store.js';
import { SubscriptionService } from './service.js';

export { SubscriptionService, type CheckReport } from './service.js';
export { subscriptionEventsTopic } from './events.js';

export interface SubscriptionOptions {
  /** How webhook host names are resolved (default: the system resolver); tests inject one. */
  resolveAll?: ResolveAll;
}

/**
 * Subscriptions on the chosen state: records, check leases, BullMQ job schedulers and delivery jobs in
 * Redis with REDIS_URL; maps and timers in this process without. Nothing runs until start().
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
        lease: { leases: new RedisLeases(state.store) },
        scheduler: await BullCheckScheduler.open({ client: state.store.client, prefix: state.prefix, onError }),
        deliveries: await BullDeliveryQueue.open({
          client: state.store.client,
          prefix: state.prefix,
          onError,
          retryBaseMs: config.WEBHOOK_RETRY_BASE_MS,
        }),
      }
    : {
        store: new MemorySubscriptionStore(),
        lease: { leases: new MemoryLeases() },
        scheduler: new MemoryCheckScheduler(),
        deliveries: new MemoryDeliveryQueue({ retryBaseMs: config.WEBHOOK_RETRY_BASE_MS }),
      };
  return new SubscriptionService({
    ...parts,
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
}
