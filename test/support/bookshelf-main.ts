/**
 * The gateway's process entry (src/run-gateway.ts, as src/main.ts runs it) with the test
 * family (test/families/bookshelf) registered beside the real ones, for tests that start the
 * gateway as an operator would and call the test family.
 */
import { runGateway } from '../../src/run-gateway.js';
import { bookshelfCatalogue } from './bookshelf-catalogue.js';

await runGateway({ catalogue: bookshelfCatalogue });
