import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Checks whose result cannot depend on the Node release: the import graph and the generated files
 * (schema, codegen output, the REST client's types). CI's second run on another Node skips them
 * with TESTS_RUNTIME_ONLY=1, as it skips the type-check, lint and format check.
 */
const RUNTIME_INDEPENDENT = [
  'test/architecture/**',
  'test/graphql/schema-file.test.ts',
  'test/graphql/codegen-output.test.ts',
  'test/docs/openapi-typescript.test.ts',
];

export default defineConfig({
  resolve: {
    // Vite would pick graphql's ESM build while Yoga and Pothos load its CommonJS build, and
    // graphql refuses classes from "another realm". Node itself always loads the CommonJS one.
    alias: { graphql: 'graphql/index.js' },
  },
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...(process.env.TESTS_RUNTIME_ONLY === '1' ? RUNTIME_INDEPENDENT : [])],
    // Captures every harness gateway's logs and fails the run if a secret reached them.
    globalSetup: ['test/support/log-capture.global.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // Most suites wait on sockets (loopback upstreams, Redis, child processes) far longer than they
    // compute, so one file a core leaves the machine idle: at least two files run at once even on
    // two cores. Files never share state: each harness has its own ports and Redis key prefix.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
