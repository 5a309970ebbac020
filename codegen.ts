import { readFileSync } from 'node:fs';
import type { CodegenConfig } from '@graphql-codegen/cli';
import { buildSchema } from 'graphql';
import { listPolicyModule, listPolicySpec } from './src/client/list-policies.js';

const clientPreset = {
  preset: 'client',
  presetConfig: { fragmentMasking: false },
  config: { useTypeImports: true, enumsAsTypes: true, scalars: { JSON: 'unknown' } },
} as const;

/**
 * Typed operations from schema.graphql: the GraphQL tests' documents, and the typed client's
 * (src/client, exported as `public-data-gateway/client`).
 */
const config: CodegenConfig = {
  schema: 'schema.graphql',
  ignoreNoDocuments: false,
  // NodeNext resolution wants explicit .js suffixes on relative imports.
  emitLegacyCommonJSImports: false,
  generates: {
    'test/graphql/generated/': { ...clientPreset, documents: ['test/graphql/operations/**/*.graphql'] },
    'src/client/generated/': { ...clientPreset, documents: ['src/client/operations/**/*.graphql'] },
    // The list wrappers and the fields holding them, read by the client's cache policies (src/client/type-policies.ts).
    'src/client/generated/list-policies.ts': {
      plugins: [{ add: { content: listPolicyModule(listPolicySpec(buildSchema(readFileSync('schema.graphql', 'utf8')))) } }],
    },
  },
};

export default config;
