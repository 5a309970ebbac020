import type { FamilyDefinition } from '../../src/catalogue/family.js';
import { registeredFamilies as platformFamilies } from '../../src/families/registry.js';
import { bookshelfFamily } from '../families/bookshelf/family.js';

/** The family registry as test/support/bookshelf-main.ts serves it: every registered family and the test family. */
export const registeredFamilies: readonly FamilyDefinition[] = [...platformFamilies, bookshelfFamily];
