import { registeredFamilies } from '../families/registry.js';
import { buildCatalogue } from '../catalogue/catalogue.js';
import { loadConfigOrExit, usesSharedStore } from '../config/config.js';
import { familyConcurrency } from './index.js';
import { createStateOrExit, stopOnSignals } from '../process-entry.js';
import { startWorker } from './worker.js';

/** Process entry of `npm run worker`: job workers without the HTTP server. Needs REDIS_URL. */
async function main(): Promise<void> {
  const catalogue = buildCatalogue(registeredFamilies);
  const config = loadConfigOrExit(process.env, catalogue.families);
  if (!usesSharedStore(config)) {
    // Without Redis the queue lives inside each gateway process; a separate worker would see nothing.
    console.error('npm run worker needs REDIS_URL or REDIS_CLUSTER_NODES: without them, jobs run inside the gateway (WORKERS=inline).');
    process.exit(1);
  }
  const state = await createStateOrExit(config);
  const jobs = await startWorker(config, state, { catalogue });
  const lanes = Object.entries(familyConcurrency(config, catalogue)).map(([family, limit]) => `${family} ${limit}`);
  process.stdout.write(`Worker ready: jobs, subscription checks and webhook deliveries (${lanes.join(', ')} at once across all workers)\n`);
  stopOnSignals(async () => {
    await jobs.close();
    await state.close();
  });
}

await main();
