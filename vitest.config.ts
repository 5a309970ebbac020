import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // Vite would pick graphql's ESM build while Yoga and Pothos load its CommonJS build, and
    // graphql refuses classes from "another realm". Node itself always loads the CommonJS one.
    alias: { graphql: 'graphql/index.js' },
  },
  test: {
    include: ['test/**/*.test.ts'],
    // Captures every harness gateway's logs and fails the run if a secret reached them (issue 8).
    globalSetup: ['test/support/log-capture.global.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
  },
});
