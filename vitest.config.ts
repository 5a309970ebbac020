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

/**
 * Suites that change what the whole process shares (the network and DNS guards of the fuzz and
 * fault suites, the demo's environment, the order zod registers the OpenAPI document's schemas
 * in) run in a fresh module graph each. Every other file shares its worker's modules with the
 * files before it: loading the gateway once a worker instead of once a file is most of a run's
 * time saved, and each harness still has its own ports, state and Redis prefix.
 */
const OWN_MODULES = ['test/hardening/**/*.test.ts', 'test/demo/**/*.test.ts', 'test/docs/**/*.test.ts'];
const excluded = ['**/node_modules/**', ...(process.env.TESTS_RUNTIME_ONLY === '1' ? RUNTIME_INDEPENDENT : [])];

export default defineConfig({
  resolve: {
    // Vite would pick graphql's ESM build while Yoga and Pothos load its CommonJS build, and
    // graphql refuses classes from "another realm". Node itself always loads the CommonJS one.
    alias: { graphql: 'graphql/index.js' },
  },
  test: {
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // Most suites wait on sockets (loopback upstreams, Redis, child processes) far longer than they
    // compute, so one file a core leaves the machine idle: at least two files run at once even on
    // two cores. Files never share state: each harness has its own ports and Redis key prefix.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      // Captures every harness gateway's logs and fails the run if a secret reached them. Declared
      // once, on the first project: global setup runs before any project's tests and its teardown
      // after all of them, and the workers of both read its log file from the environment.
      {
        extends: true,
        test: {
          name: 'shared-modules',
          globalSetup: ['test/support/log-capture.global.ts'],
          include: ['test/**/*.test.ts'],
          exclude: [...excluded, ...OWN_MODULES],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'own-modules', include: OWN_MODULES, exclude: excluded } },
    ],
  },
});
