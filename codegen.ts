import type { CodegenConfig } from '@graphql-codegen/cli';

// Typed operations for the tests' GraphQL client: documents in test/graphql/*.graphql.
const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  documents: ['test/graphql/**/*.graphql'],
  ignoreNoDocuments: true,
  generates: {
    'test/generated/graphql.ts': {
      plugins: ['typescript-operations', 'typed-document-node'],
      config: {
        scalars: { BigInt: { input: 'string', output: 'string' }, DateTime: { input: 'string', output: 'string' } },
        enumsAsTypes: true,
        avoidOptionals: { field: true },
      },
    },
  },
};
export default config;
