/**
 * A real gateway process for the multi-process tests: the environment configures it as it
 * configures src/main.ts, and TEST_REDIS_PREFIX keeps each test run's keys apart in Redis.
 * The test family (test/families/bookshelf) is registered beside the real ones.
 * Prints "listening <url>" once it accepts connections.
 */
import { createGateway } from '../../src/app.js';
import { loadConfig } from '../../src/config/config.js';
import { createState } from '../../src/state/index.js';
import { bookshelfCatalogue } from '../support/bookshelf-catalogue.js';

const config = loadConfig(process.env, bookshelfCatalogue.families);
const state = await createState(config, { prefix: process.env.TEST_REDIS_PREFIX });
const gateway = await createGateway(config, { state, catalogue: bookshelfCatalogue });
const address = await gateway.server.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`listening ${address}\n`);
process.once('SIGTERM', () => void gateway.close().finally(() => process.exit(0)));
