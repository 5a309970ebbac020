/**
 * A module resolution hook (node:module register) for test/support/bookshelf-main.ts: every import
 * of the family registry (src/families/registry) gets test/support/registry-with-bookshelf.ts
 * instead, which lists the registered families and the test family. That module's own import of
 * the real registry is left alone. Plain JavaScript: hooks load before any TypeScript loader does.
 */
import { URL } from 'node:url';

const REGISTRY_PATH = /\/src\/families\/registry\.[jt]s$/;
const TEST_REGISTRY = new URL('./registry-with-bookshelf.ts', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (context.parentURL === TEST_REGISTRY || !REGISTRY_PATH.test(new URL(resolved.url).pathname)) return resolved;
  return { ...resolved, url: TEST_REGISTRY };
}
