import { catalogue as defaultCatalogue } from '../catalogue/index.js';
import type { Config } from '../config.js';
import type { StateAdapters } from '../state/ports.js';
import { createJobs, type Jobs } from './index.js';

/**
 * A process that only runs job targets (no HTTP): `npm run worker`. With REDIS_URL, any number
 * of them consume the same BullMQ queues as the gateways, so workers scale on their own.
 */
export async function startWorker(config: Config, state: StateAdapters): Promise<Jobs> {
  const jobs = await createJobs(config, defaultCatalogue, state, (message, context) => console.error(JSON.stringify({ level: 'error', msg: message, ...context })));
  await jobs.startWorkers();
  return jobs;
}
