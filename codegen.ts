import type { CodegenConfig } from '@graphql-codegen/cli';

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
  },
};

export default config;
