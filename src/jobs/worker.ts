import type { Catalogue } from '../catalogue/catalogue.js';
import type { Config } from '../config/config.js';
import { createPipelineDeps } from '../pipeline/deps.js';
import type { StateAdapters } from '../state/ports.js';
import { createSubscriptions } from '../subscriptions/index.js';
import { createJobs } from './index.js';

/**
 * A process that only does background work (no HTTP): `npm run worker`. With REDIS_URL, any
 * number of them consume the same BullMQ queues as the gateways: job targets, subscription
 * checks and webhook deliveries, so workers scale on their own.
 */
export async function startWorker(
  config: Config,
  state: StateAdapters,
  options: { catalogue: Catalogue },
): Promise<{ close(): Promise<void> }> {
  const log = (message: string, context: Record<string, unknown>) =>
    console.error(JSON.stringify({ level: 'error', msg: message, ...context }));
  // One pipeline, so job targets and subscription checks share one upstream client.
  const pipeline = createPipelineDeps(config, options.catalogue.withSettings(config.settings), state, {
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    logError: log,
  });
  const jobs = await createJobs(config, pipeline.deps, log);
  await jobs.startWorkers();
  const subscriptions = await createSubscriptions(config, pipeline.deps, log);
  await subscriptions.start();
  return {
    async close() {
      await subscriptions.close();
      await jobs.close();
      await pipeline.close();
    },
  };
}
