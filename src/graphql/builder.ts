import SchemaBuilder from '@pothos/core';
import { GraphQLError } from 'graphql';
import DataloaderPlugin from '@pothos/plugin-dataloader';
import ErrorsPlugin from '@pothos/plugin-errors';
import RelayPlugin from '@pothos/plugin-relay';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import type { GraphQLContext } from './context';
import { authorizationError } from './authorization-error';

export interface AuthScopes {
  public: boolean;
  /** Any live session, including an ADMIN's that may only set up two-factor (the setup fields). */
  signedIn: boolean;
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
      signedIn: ctx.viewer !== null,
      user: ctx.viewer !== null && !ctx.viewer.twoFactorSetupRequired,
      admin: ctx.viewer?.role === 'ADMIN' && !ctx.viewer.twoFactorSetupRequired,
    }),
    unauthorizedError: (_parent, ctx, _info, result) => authorizationError(ctx, result.message),
  },
  errors: { defaultTypes: [] },
  relay: { clientMutationId: 'omit', cursorType: 'String' },
});

/** Every BigInt lands in a PostgreSQL `bigint` column: a wider value is the caller's mistake, not a 500. */
const INT8_MIN = -(2n ** 63n);
const INT8_MAX = 2n ** 63n - 1n;

builder.scalarType('BigInt', {
  description: 'A signed 64-bit integer (quota units), serialized as a decimal string.',
  serialize: (value) => value.toString(),
  parseValue: (value) => {
    if ((typeof value !== 'string' && typeof value !== 'number') || !/^-?\d{1,20}$/.test(String(value))) {
      throw new GraphQLError('BigInt must be an integer or a string of digits', { extensions: { code: 'BAD_USER_INPUT' } });
    }
    const parsed = BigInt(value);
    if (parsed < INT8_MIN || parsed > INT8_MAX) throw new GraphQLError('BigInt must fit in 64 bits (at most 9223372036854775807)', { extensions: { code: 'BAD_USER_INPUT' } });
    return parsed;
  },
});

/**
 * Years 1-9999: what ISO-8601 writes without an expanded year, and safely inside PostgreSQL's
 * timestamptz range (4713 BC - 294276 AD), which a JavaScript Date can leave.
 */
const DATE_MIN = Date.parse('0001-01-01T00:00:00Z');
const DATE_MAX = Date.parse('9999-12-31T23:59:59.999Z');

builder.scalarType('DateTime', {
  description: 'An ISO-8601 timestamp in UTC.',
  serialize: (value) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString()),
  parseValue: (value) => {
    const date = new Date(String(value));
    if (Number.isNaN(date.getTime())) throw new GraphQLError('DateTime must be an ISO-8601 timestamp', { extensions: { code: 'BAD_USER_INPUT' } });
    if (date.getTime() < DATE_MIN || date.getTime() > DATE_MAX) throw new GraphQLError('DateTime must be within the years 0001-9999', { extensions: { code: 'BAD_USER_INPUT' } });
    return date;
  },
});

builder.queryType({});
builder.mutationType({});
