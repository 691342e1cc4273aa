import SchemaBuilder from '@pothos/core';
import DataloaderPlugin from '@pothos/plugin-dataloader';
import ErrorsPlugin from '@pothos/plugin-errors';
import RelayPlugin from '@pothos/plugin-relay';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import type { GraphQLContext } from './context';
import { authorizationError } from './authorization-error';

export interface AuthScopes {
  public: boolean;
  user: boolean;
  admin: boolean;
}

/** Defines no types: each domain's schema file adds its own. */
export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  AuthScopes: AuthScopes;
  DefaultFieldNullability: false;
  Scalars: {
    BigInt: { Input: bigint; Output: bigint | string | number };
    DateTime: { Input: Date; Output: Date | string };
  };
}>({
  // scope-auth first, errors before dataloader (Pothos docs' plugin order).
  plugins: [ScopeAuthPlugin, ErrorsPlugin, RelayPlugin, DataloaderPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    authScopes: (ctx) => ({
      public: true,
      user: ctx.viewer !== null,
      admin: ctx.viewer?.role === 'ADMIN',
    }),
    unauthorizedError: (_parent, ctx, _info, result) => authorizationError(ctx, result.message),
  },
  errors: { defaultTypes: [] },
  relay: { clientMutationId: 'omit', cursorType: 'String' },
});

builder.scalarType('BigInt', {
  description: 'A signed integer of any size (quota units), serialized as a decimal string.',
  serialize: (value) => value.toString(),
  parseValue: (value) => {
    if ((typeof value !== 'string' && typeof value !== 'number') || !/^-?\d+$/.test(String(value))) {
      throw new TypeError('BigInt must be an integer or a string of digits');
    }
    return BigInt(value);
  },
});

builder.scalarType('DateTime', {
  description: 'An ISO-8601 timestamp in UTC.',
  serialize: (value) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString()),
  parseValue: (value) => {
    const date = new Date(String(value));
    if (Number.isNaN(date.getTime())) throw new TypeError('DateTime must be an ISO-8601 timestamp');
    return date;
  },
});

builder.queryType({});
builder.mutationType({});
