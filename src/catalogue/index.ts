import { registeredFamilies } from '../families/registry.js';
import { buildCatalogue } from './catalogue.js';

/** The catalogue of every registered family. */
export const catalogue = buildCatalogue(registeredFamilies);
