import { TOKEN_STATUSES, Token, type IToken } from '../db/entities';
import { toEntityId } from '../domain/domain-result';
import {
  createToken, findVisibleToken, revokeToken, deleteToken, updateToken, type TokenDeps,
} from '../domain/tokens/token.service';
import { builder } from './builder';
import type { GraphQLContext } from './context';
import { EmailNotVerifiedError, requireVerifiedViewer } from './email-verification.schema';
import { DomainError, ErrorInterface, InputValidationError, NotFoundError } from './errors.schema';
import { GroupRef } from './groups.schema';
import { failureToError, unwrap } from './outcome';
import { ownOrAdminScope } from './ownership';
import { keysetConnection } from './pagination';
import { UserRef } from './user.schema';

export class GroupNotAllowedError extends DomainError {
  readonly code = 'GROUP_NOT_ALLOWED';
  constructor(readonly group: string) {
    super(`You cannot use group ${group}.`);
    this.name = 'GroupNotAllowedError';
  }
}

builder.objectType(GroupNotAllowedError, {
  name: 'GroupNotAllowedError',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof GroupNotAllowedError,
  fields: (t) => ({ group: t.exposeString('group') }),
});

const deps = (ctx: GraphQLContext): TokenDeps => ({ em: ctx.em, changeBus: ctx.services.changeBus, ceilings: ctx.services.settings.current() });

export const TokenStatusEnum = builder.enumType('TokenStatus', { values: TOKEN_STATUSES });
const SettableTokenStatusEnum = builder.enumType('SettableTokenStatus', {
  values: ['ACTIVE', 'DISABLED'] as const,
  description: 'Revoking is final and has its own mutation.',
});

/** The key hash is deliberately not a field: it is the data plane's lookup key. */
export const TokenRef = builder.objectRef<IToken>('Token').implement({
  description: 'An API key. The key itself is shown once, by createToken.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    displayPrefix: t.exposeString('displayPrefix', { description: 'The start of the key, e.g. `sk-a1b2c3d4`.' }),
    status: t.field({ type: TokenStatusEnum, resolve: (tk) => tk.status }),
    group: t.field({ type: GroupRef, resolve: (tk) => tk.group.id }),
    user: t.field({ type: UserRef, description: 'The owner.', resolve: (tk) => tk.user.id }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', nullable: true }),
    quotaCap: t.expose('quotaCap', { type: 'BigInt', nullable: true, description: 'Most this key may spend in total; null: no cap.' }),
    usedQuota: t.expose('usedQuota', { type: 'BigInt' }),
    remainingQuota: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'quotaCap - usedQuota, or null without a cap.',
      resolve: (tk) => (tk.quotaCap == null ? null : tk.quotaCap > tk.usedQuota ? tk.quotaCap - tk.usedQuota : 0n),
    }),
    allowedModels: t.exposeStringList('allowedModels', { nullable: true, description: 'Null: every model the group permits.' }),
    allowedIps: t.exposeStringList('allowedIps', { nullable: true, description: 'Addresses and CIDRs; null: any.' }),
    rateLimitRpm: t.exposeInt('rateLimitRpm', { nullable: true, description: 'Requests per minute for this key; null: the gateway default (the defaultRpm setting); 0: unlimited. The setting is a ceiling: a key may be lower, never higher or unlimited while it is set.' }),
    maxConcurrent: t.exposeInt('maxConcurrent', {
      nullable: true,
      description: 'Requests in progress at once for this key; null: the gateway default (the defaultMaxConcurrentPerKey setting); 0: no per-key limit. The per-user limit (the maxConcurrentPerUser setting) applies either way.',
    }),
    lastUsedAt: t.expose('lastUsedAt', { type: 'DateTime', nullable: true }),
    revokedAt: t.expose('revokedAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

export const CreateTokenSuccess = builder.objectRef<{ token: IToken; key: string }>('CreateTokenSuccess').implement({
  fields: (t) => ({
    token: t.field({ type: TokenRef, resolve: (r) => r.token }),
    key: t.exposeString('key', { description: 'The plaintext `sk-` key. Shown only in this response; store it now.' }),
  }),
});

const CreateTokenInput = builder.inputType('CreateTokenInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    group: t.string({ description: 'Group name; default `auto`.' }),
    expiresAt: t.field({ type: 'DateTime' }),
    quotaCap: t.field({ type: 'BigInt' }),
    allowedModels: t.stringList({ description: 'Catalogue model ids; empty or absent: no restriction.' }),
    allowedIps: t.stringList({ description: 'IPv4/IPv6 addresses or CIDRs; empty or absent: any.' }),
    rateLimitRpm: t.int({ description: 'Requests per minute, 0 (unlimited) to 1000000, at most the defaultRpm setting (and not 0) while it is set; absent or null: the gateway default.' }),
    maxConcurrent: t.int({ description: 'Requests in progress at once, 0 (no per-key limit) to 100000, at most the defaultMaxConcurrentPerKey setting (and not 0) while it is set; absent or null: the gateway default.' }),
  }),
});

const UpdateTokenInput = builder.inputType('UpdateTokenInput', {
  description: 'Absent fields stay as they are; null clears expiresAt, quotaCap and the allow-lists, and puts rateLimitRpm and maxConcurrent back on the gateway default.',
  fields: (t) => ({
    name: t.string(),
    status: t.field({ type: SettableTokenStatusEnum }),
    expiresAt: t.field({ type: 'DateTime' }),
    quotaCap: t.field({ type: 'BigInt' }),
    allowedModels: t.stringList(),
    allowedIps: t.stringList(),
    rateLimitRpm: t.int({ description: 'Requests per minute, 0 (unlimited) to 1000000, at most the defaultRpm setting (and not 0) while it is set; null: the gateway default.' }),
    maxConcurrent: t.int({ description: 'Requests in progress at once, 0 (no per-key limit) to 100000, at most the defaultMaxConcurrentPerKey setting (and not 0) while it is set; null: the gateway default.' }),
  }),
});

builder.queryFields((t) => ({
  tokens: t.connection({
    type: TokenRef,
    description: "The viewer's tokens, newest first. Admins may pass userId to list someone else's.",
    args: {
      userId: t.arg.id({ description: 'Admins only, unless it is your own id.' }),
      status: t.arg({ type: TokenStatusEnum }),
    },
    authScopes: (_root, args, ctx) => ownOrAdminScope(args.userId, ctx),
    resolve: (_root, args, ctx) => {
      const userId = args.userId == null ? ctx.viewer!.id : (toEntityId(args.userId) ?? 0);
      return keysetConnection(ctx.em, Token, { user: userId, deletedAt: null, ...(args.status ? { status: args.status } : {}) }, args);
    },
  }, { name: 'TokenConnection' }, { name: 'TokenEdge' }),
  token: t.field({
    type: TokenRef,
    description: 'One of the viewer’s tokens (admins: any token).',
    authScopes: { user: true },
    args: { id: t.arg.id({ required: true }) },
    errors: { types: [NotFoundError], directResult: true, union: { name: 'TokenResult' } },
    resolve: async (_root, { id }, ctx) => {
      const token = await findVisibleToken(ctx.em, ctx.viewer!, id);
      if (!token) throw new NotFoundError('Token');
      return token;
    },
  }),
}));

builder.mutationFields((t) => ({
  createToken: t.field({
    type: CreateTokenSuccess,
    description: 'Creates an API key for the viewer. The response carries the plaintext key, once.',
    authScopes: { user: true },
    args: { input: t.arg({ type: CreateTokenInput, required: true }) },
    errors: { types: [GroupNotAllowedError, InputValidationError, EmailNotVerifiedError], directResult: true, union: { name: 'CreateTokenResult' } },
    resolve: async (_root, { input }, ctx) => {
      await requireVerifiedViewer(ctx);
      const result = await createToken(deps(ctx), ctx.viewer!.id, input);
      if (result.ok) return result.value;
      if (result.reason === 'GROUP_NOT_ALLOWED') throw new GroupNotAllowedError(result.group);
      throw failureToError(result);
    },
  }),
  updateToken: t.field({
    type: TokenRef,
    authScopes: { user: true },
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: UpdateTokenInput, required: true }) },
    errors: { types: [NotFoundError, InputValidationError], directResult: true, union: { name: 'UpdateTokenResult' } },
    resolve: async (_root, { id, input }, ctx) => unwrap(await updateToken(deps(ctx), ctx.viewer!, id, input)),
  }),
  revokeToken: t.field({
    type: TokenRef,
    description: 'Permanently disables the key; the gateway stops accepting it at once.',
    authScopes: { user: true },
    args: { id: t.arg.id({ required: true }) },
    errors: { types: [NotFoundError], directResult: true, union: { name: 'RevokeTokenResult' } },
    resolve: async (_root, { id }, ctx) => unwrap(await revokeToken(deps(ctx), ctx.viewer!, id)),
  }),
  deleteToken: t.field({
    type: TokenRef,
    description: 'Removes a revoked token from your lists (its usage stays in your usage log and statistics).',
    authScopes: { user: true },
    args: { id: t.arg.id({ required: true }) },
    errors: { types: [NotFoundError, InputValidationError], directResult: true, union: { name: 'DeleteTokenResult' } },
    resolve: async (_root, { id }, ctx) => unwrap(await deleteToken(deps(ctx), ctx.viewer!, id)),
  }),
}));
