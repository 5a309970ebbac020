import type { CodegenConfig } from '@graphql-codegen/cli';

/** Typed operations for the GraphQL tests (and any TypeScript client), from schema.graphql. */
const config: CodegenConfig = {
  schema: 'schema.graphql',
  documents: ['test/graphql/operations/**/*.graphql'],
  ignoreNoDocuments: false,
  // NodeNext resolution wants explicit .js suffixes on relative imports.
  emitLegacyCommonJSImports: false,
  generates: {
    'test/graphql/generated/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: { useTypeImports: true, enumsAsTypes: true, scalars: { JSON: 'unknown' } },
    },
  },
};

export default config;
