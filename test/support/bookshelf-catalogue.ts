import { buildCatalogue } from '../../src/catalogue/catalogue.js';
import { registeredFamilies } from '../../src/families/registry.js';
import { bookshelfFamily } from '../families/bookshelf/family.js';

/**
 * The catalogue of every registered family plus the test family (test/families/bookshelf). Apart
 * from the harness so that processes a test spawns (a gateway, a worker), which run outside the
 * test runner, can serve the test family too.
 */
export const bookshelfCatalogue = buildCatalogue([...registeredFamilies, bookshelfFamily]);
