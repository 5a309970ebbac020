import { booksRoutes } from '../families/bookshelf/family.js';
import { bookshelfCatalogue } from './bookshelf-catalogue.js';
import { startHarness, type Harness } from './gateway.js';

/**
 * Shared tests of the doors, the pipeline, state, jobs and subscriptions run on the test family
 * (test/families/bookshelf), not on a real platform: a harness whose catalogue has it registered
 * beside the real families, and whose fake upstream answers its catalogue host healthy.
 */

export { bookshelfCatalogue };

export async function startBookshelfHarness(
  env: Record<string, string> = {},
  options: Omit<Parameters<typeof startHarness>[1] & object, 'catalogue'> = {},
): Promise<Harness> {
  const harness = await startHarness(env, { ...options, catalogue: bookshelfCatalogue });
  for (const route of booksRoutes()) harness.upstream.on(route);
  return harness;
}
