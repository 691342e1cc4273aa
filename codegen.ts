import type { CodegenConfig } from '@graphql-codegen/cli';

const scalars = { BigInt: { input: 'string', output: 'string' }, DateTime: { input: 'string', output: 'string' } };

// Typed operations for two clients: the tests (documents in test/graphql) and the console
// (documents in src/console/graphql; string documents, so the browser bundle needs no graphql runtime).
const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  ignoreNoDocuments: true,
  generates: {
    'test/generated/graphql.ts': {
      documents: ['test/graphql/**/*.graphql'],
      plugins: ['typescript-operations', 'typed-document-node'],
      config: { scalars, enumsAsTypes: true, avoidOptionals: { field: true } },
    },
    'src/console/generated/graphql.ts': {
      documents: ['src/console/graphql/**/*.graphql'],
      plugins: ['typescript-operations', 'typed-document-node'],
      config: { scalars, enumsAsTypes: true, avoidOptionals: { field: true }, documentMode: 'string' },
    },
  },
};
export default config;
