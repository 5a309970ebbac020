/**
 * A job worker process for the crash tests: src/jobs/worker.ts on its own, with
 * TEST_REDIS_PREFIX keeping the run's keys apart, and the test family (test/families/bookshelf)
 * registered beside the real ones. Prints "worker ready" once consuming.
 */
import { loadConfig } from '../../src/config/config.js';
import { startWorker } from '../../src/jobs/worker.js';
import { createState } from '../../src/state/index.js';
import { bookshelfCatalogue } from '../support/bookshelf-catalogue.js';

const config = loadConfig(process.env, bookshelfCatalogue.families);
const state = await createState(config, { prefix: process.env.TEST_REDIS_PREFIX });
const jobs = await startWorker(config, state, { catalogue: bookshelfCatalogue });
process.stdout.write('worker ready\n');
process.once('SIGTERM', () => void jobs.close().finally(() => state.close().finally(() => process.exit(0))));
