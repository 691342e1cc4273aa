import { LEDGER_KINDS, LedgerEntry, QUOTA_BUCKETS, User, type ILedgerEntry, type IUser } from '../db/entities';
import { toEntityId } from '../domain/domain-result';
import { changeFreeQuota } from '../domain/quota/free-quota-ledger';
import { remainingQuota } from '../domain/subscriptions/subscription-status';
import { builder } from './builder';
import { DomainError, ErrorInterface, InputValidationError, NotFoundError } from './errors.schema';
import { ownOrAdminScope, selfOrAdmin } from './ownership';
import { keysetConnection } from './pagination';
import { activeSubscriptionsLoader, SubscriptionRef } from './subscriptions.schema';
import { UserRef } from './user.schema';

export const QuotaBucketEnum = builder.enumType('QuotaBucket', { values: QUOTA_BUCKETS });
export const LedgerKindEnum = builder.enumType('LedgerKind', { values: LEDGER_KINDS });

export class InsufficientBalanceError extends DomainError {
  readonly code = 'INSUFFICIENT_BALANCE';
  constructor(readonly balance: bigint) {
    super('The balance cannot go below zero.');
    this.name = 'InsufficientBalanceError';
  }
}

builder.objectType(InsufficientBalanceError, {
  name: 'InsufficientBalanceError',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof InsufficientBalanceError,
  fields: (t) => ({ balance: t.field({ type: 'BigInt', description: 'The balance as it is.', resolve: (e) => e.balance }) }),
});

const ownerOrAdmin = (user: IUser, _args: unknown, ctx: Parameters<typeof selfOrAdmin>[1]) => selfOrAdmin(user.id, ctx);

builder.objectFields(UserRef, (t) => ({
  freeQuota: t.field({
    type: 'BigInt',
    description: 'Free quota balance (sign-up grant, check-ins, redemptions, adjustments, minus usage).',
    authScopes: ownerOrAdmin,
    resolve: (u) => u.freeQuota,
  }),
  activeSubscriptions: t.field({
    type: [SubscriptionRef],
    description: 'Subscriptions usable right now, soonest ending first, each with its remaining quota.',
    authScopes: ownerOrAdmin,
    resolve: (u, _args, ctx) => activeSubscriptionsLoader(ctx).load(u.id),
  }),
  totalQuota: t.field({
    type: 'BigInt',
    description: 'freeQuota plus the remaining quota of every active subscription.',
    authScopes: ownerOrAdmin,
    resolve: async (u, _args, ctx) => {
      const subs = await activeSubscriptionsLoader(ctx).load(u.id);
      return subs.reduce((sum, s) => sum + remainingQuota(s), u.freeQuota);
    },
  }),
}));

export const LedgerEntryRef = builder.objectRef<ILedgerEntry>('LedgerEntry').implement({
  description: 'One change of one balance. Each balance equals the sum of its entries.',
  fields: (t) => ({
    id: t.exposeID('id'),
    user: t.field({ type: UserRef, resolve: (e) => e.user.id }),
    bucket: t.field({ type: QuotaBucketEnum, resolve: (e) => e.bucket }),
    subscription: t.field({ type: SubscriptionRef, nullable: true, resolve: (e) => e.subscription?.id ?? null }),
    amount: t.field({ type: 'BigInt', description: 'Signed: credits positive, debits negative.', resolve: (e) => e.amount }),
    balanceAfter: t.field({ type: 'BigInt', description: "The bucket's balance right after this entry.", resolve: (e) => e.balanceAfter }),
    kind: t.field({ type: LedgerKindEnum, resolve: (e) => e.kind }),
    requestId: t.exposeString('requestId', { nullable: true, description: 'The data-plane request, for usage charges.' }),
    reference: t.exposeString('reference', { nullable: true, description: 'What caused it, e.g. `order:12`.' }),
    memo: t.exposeString('memo', { nullable: true }),
    actor: t.field({
      type: UserRef,
      nullable: true,
      description: 'Admins only: who made a manual change.',
      authScopes: { admin: true },
      resolve: (e) => e.actor?.id ?? null,
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

builder.queryField('ledger', (t) =>
  t.connection(
    {
      type: LedgerEntryRef,
      description: "Every balance change of the viewer, newest first; admins may ask for any user's.",
      args: { userId: t.arg.id({ description: 'Admins only, unless it is your own id.' }) },
      authScopes: (_root, args, ctx) => ownOrAdminScope(args.userId, ctx),
      resolve: (_root, args, ctx) => {
        const userId = args.userId == null ? ctx.viewer!.id : (toEntityId(args.userId) ?? 0);
        return keysetConnection(ctx.em, LedgerEntry, { user: userId }, args);
      },
    },
    { name: 'LedgerEntryConnection' },
    { name: 'LedgerEntryEdge' },
  ),
);

const AdjustUserQuotaSuccess = builder
  .objectRef<{ entry: ILedgerEntry; user: IUser }>('AdjustUserQuotaSuccess')
  .implement({
    fields: (t) => ({
      ledgerEntry: t.field({ type: LedgerEntryRef, resolve: (r) => r.entry }),
      user: t.field({ type: UserRef, resolve: (r) => r.user }),
    }),
  });

builder.mutationField('adjustUserQuota', (t) =>
  t.field({
    type: AdjustUserQuotaSuccess,
    description: "Admin: adds (or with a negative amount removes) free quota, recorded with the admin and a memo.",
    authScopes: { admin: true },
    args: {
      userId: t.arg.id({ required: true }),
      amount: t.arg({ type: 'BigInt', required: true, description: 'Signed quota units.' }),
      memo: t.arg.string({ required: true }),
    },
    errors: {
      types: [NotFoundError, InsufficientBalanceError, InputValidationError],
      directResult: true,
      union: { name: 'AdjustUserQuotaResult' },
    },
    resolve: async (_root, args, ctx) => {
      const userId = toEntityId(args.userId);
      if (userId === null) throw new NotFoundError('User');
      if (args.amount === 0n) throw new InputValidationError('amount', 'amount must not be zero');
      const memo = args.memo.trim();
      if (memo.length === 0 || memo.length > 1000) throw new InputValidationError('memo', 'memo must be 1-1000 characters');
      const result = await changeFreeQuota(ctx.em, { userId, amount: args.amount, kind: 'ADMIN_ADJUSTMENT', memo, actorId: ctx.viewer!.id });
      if (!result.ok) {
        if (result.reason === 'USER_NOT_FOUND') throw new NotFoundError('User');
        if (result.reason === 'INSUFFICIENT_BALANCE') {
          const user = await ctx.em.findOne(User, userId, { refresh: true });
          throw new InsufficientBalanceError(user?.freeQuota ?? 0n);
        }
        throw new Error(`unexpected adjustment failure: ${result.reason}`);
      }
      // Data-plane instances hold quota leases on each busy key's balance: tell them.
      // The adjustment has committed: a failed announcement must not make the admin retry it.
      await ctx.services.changeBus
        .publish({ topic: 'user', id: String(userId) })
        .catch((err: unknown) => ctx.services.logger.warn('could not announce a quota adjustment', { userId, error: err as Error }));
      const entry = await ctx.em.findOneOrFail(LedgerEntry, result.ledgerEntryId);
      const user = await ctx.em.findOneOrFail(User, userId, { refresh: true });
      return { entry, user };
    },
  }),
);
