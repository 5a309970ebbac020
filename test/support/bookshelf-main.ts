/**
 * The gateway's own process entry, src/main.ts, unchanged, with the test family
 * (test/families/bookshelf) registered beside the real ones: for tests that start the gateway as
 * an operator would and call the test family. The registry is swapped by a resolution hook
 * before src/main.ts loads, so this file imports nothing of src/ statically.
 */
import { register } from 'node:module';

register('./bookshelf-registry-hook.mjs', import.meta.url);
await import('../../src/main.js');
