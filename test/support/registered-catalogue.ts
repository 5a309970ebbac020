// The registry first, as in the gateway's entries: zod lists the resource schemas (in /openapi.json) in the order they load.
import { registeredFamilies } from '../../src/families/registry.js';
import { buildCatalogue } from '../../src/catalogue/catalogue.js';

/** The catalogue of every registered family, as the process entries build it from the registry. */
export const catalogue = buildCatalogue(registeredFamilies);
