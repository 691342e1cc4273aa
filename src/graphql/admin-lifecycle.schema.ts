import { LedgerEntry, RedemptionCode, Subscription, type ILedgerEntry, type ISubscription } from '../db/entities';
import { unlockAccount } from '../domain/accounts/abuse-throttle';
import { createUserByAdmin, deleteUser, resetUserPassword, type CreatedUser } from '../domain/accounts/user-lifecycle.service';
import { updateModel } from '../domain/catalogue/catalogue-admin.service';
import { deleteChannel } from '../domain/channels/channel-admin.service';
import { toEntityId } from '../domain/domain-result';
import { announceSubscriptionChange } from '../domain/subscriptions/order.service';
import { adjustSubscriptionQuota } from '../domain/subscriptions/subscription-adjustment';
import { builder } from './builder';
import { ModelRef } from './catalogue.schema';
import { ChannelRef, channelDeps } from './channels.schema';
import type { GraphQLContext } from './context';
import { AlreadyExistsError, InputValidationError, NotFoundError } from './errors.schema';
import { unwrap } from './outcome';
import { noticeSecurityChange } from './security-notice';
import { InsufficientBalanceError, LedgerEntryRef } from './quota.schema';
import { RedemptionCodeRef } from './redemption.schema';
import { SubscriptionRef } from './subscriptions.schema';
import { UserRef, UserRoleEnum } from './user.schema';

/**
 * Deletes and archives across the control plane, and admin user management. Nothing that money
 * history points at is hard-deleted: users, tokens and channels are soft-deleted, models hidden,
 * packages archived (archivePackage), redemption codes disabled.
 */

const CreatedUserRef = builder.objectRef<CreatedUser>('AdminCreatedUser').implement({
  fields: (t) => ({
    user: t.field({ type: UserRef, resolve: (r) => r.user }),
    oneTimePassword: t.string({
      nullable: true,
      description: 'The generated password, shown this once; null when the admin chose one.',
      resolve: (r) => r.oneTimePassword,
    }),
  }),
});

const adminDeps = (ctx: GraphQLContext) => ({ em: ctx.em, changeBus: ctx.services.changeBus });

builder.objectFields(UserRef, (t) => ({
  deletedAt: t.expose('deletedAt', { type: 'DateTime', nullable: true, description: 'Admins only: when the account was deleted.', authScopes: { admin: true } }),
}));

builder.mutationFields((t) => ({
  createUser: t.field({
    type: CreatedUserRef,
    description: 'Creates an account (with the sign-up grant). Without a password one is generated and shown once.',
    authScopes: { admin: true },
    args: { email: t.arg.string({ required: true }), password: t.arg.string(), role: t.arg({ type: UserRoleEnum }) },
    errors: { types: [InputValidationError, AlreadyExistsError], directResult: true, union: { name: 'CreateUserResult' } },
    resolve: async (_root, args, ctx) =>
      unwrap(await createUserByAdmin({ ...adminDeps(ctx), signupGrant: ctx.services.settings.current().signupGrant }, args)),
  }),
  resetUserPassword: t.field({
    type: CreatedUserRef,
    description: "Sets a generated password, shown this once; the user is signed out everywhere and the account's sign-in throttle is lifted (as unlockUser does).",
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }) },
    errors: { types: [NotFoundError], directResult: true, union: { name: 'ResetUserPasswordResult' } },
    resolve: async (_root, { id }, ctx) => {
      const reset = unwrap(await resetUserPassword(adminDeps(ctx), { id: ctx.viewer!.id, ip: ctx.clientAddress }, id));
      // The owner hears of it (recorded above with the admin's address; mailed when SMTP is set).
      await noticeSecurityChange(ctx, { kind: 'PASSWORD_RESET' }, reset.user);
      // The new password must work at once; an unreachable throttle store only delays that, it
      // does not undo the reset, so it is logged rather than failing the mutation.
      await unlockAccount(ctx.services.rateLimiter, reset.user.email).catch((err: unknown) =>
        ctx.services.logger.warn('resetUserPassword: sign-in throttle not lifted (store unreachable)', { error: err as Error }),
      );
      return reset;
    },
  }),
  deleteUser: t.field({
    type: UserRef,
    description: 'Soft delete: no sign-in, every key refused from the next request, off the user list; ledger and usage stay readable by id.',
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }) },
    errors: { types: [NotFoundError, InputValidationError], directResult: true, union: { name: 'DeleteUserResult' } },
    resolve: async (_root, { id }, ctx) => unwrap(await deleteUser(adminDeps(ctx), ctx.viewer!.id, id)),
  }),
  deleteChannel: t.field({
    type: ChannelRef,
    description: 'Soft delete: out of routing and the channel list; usage rows keep its id and name.',
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }) },
    errors: { types: [NotFoundError], directResult: true, union: { name: 'DeleteChannelResult' } },
    resolve: async (_root, { id }, ctx) =>
      unwrap(await deleteChannel(channelDeps(ctx), id)),
  }),
  hideModel: t.field({
    type: ModelRef,
    description: 'HIDDEN: off every model list and refused by the gateway (404); usage and prices stay.',
    authScopes: { admin: true },
    args: { modelId: t.arg.string({ required: true }) },
    errors: { types: [NotFoundError], directResult: true, union: { name: 'HideModelResult' } },
    resolve: async (_root, { modelId }, ctx) => unwrap(await updateModel(adminDeps(ctx), modelId, { status: 'HIDDEN' })),
  }),
  disableRedemptionCode: t.field({
    type: RedemptionCodeRef,
    description: 'The code can no longer be redeemed; past redemptions stay.',
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }) },
    errors: { types: [NotFoundError], directResult: true, union: { name: 'DisableRedemptionCodeResult' } },
    resolve: async (_root, { id }, ctx) => {
      const codeId = toEntityId(id);
      const code = codeId === null ? null : await ctx.em.findOne(RedemptionCode, codeId);
      if (!code) throw new NotFoundError('RedemptionCode');
      code.status = 'DISABLED';
      await ctx.em.flush();
      return code;
    },
  }),
  adjustSubscriptionQuota: t.field({
    type: builder.objectRef<{ entry: ILedgerEntry; subscription: ISubscription }>('AdjustSubscriptionQuotaSuccess').implement({
      fields: (f) => ({
        ledgerEntry: f.field({ type: LedgerEntryRef, resolve: (r) => r.entry }),
        subscription: f.field({ type: SubscriptionRef, resolve: (r) => r.subscription }),
      }),
    }),
    description: "Admin: raises (or with a negative amount lowers) what remains on a subscription, with a ledger row on its bucket carrying the memo.",
    authScopes: { admin: true },
    args: {
      subscriptionId: t.arg.id({ required: true }),
      amount: t.arg({ type: 'BigInt', required: true, description: 'Signed quota units.' }),
      memo: t.arg.string({ required: true }),
    },
    errors: { types: [NotFoundError, InsufficientBalanceError, InputValidationError], directResult: true, union: { name: 'AdjustSubscriptionQuotaResult' } },
    resolve: async (_root, args, ctx) => {
      const subscriptionId = toEntityId(args.subscriptionId);
      if (subscriptionId === null) throw new NotFoundError('Subscription');
      if (args.amount === 0n) throw new InputValidationError('amount', 'amount must not be zero');
      const memo = args.memo.trim();
      if (memo.length === 0 || memo.length > 1000) throw new InputValidationError('memo', 'memo must be 1-1000 characters');
      const result = await adjustSubscriptionQuota(ctx.em, { subscriptionId, amount: args.amount, memo, actorId: ctx.viewer!.id });
      if (!result.ok) {
        if (result.reason === 'NOT_FOUND') throw new NotFoundError('Subscription');
        throw new InsufficientBalanceError(result.balance);
      }
      // Entitlement caches and quota leases of every process drop what they knew; the change has committed either way.
      await announceSubscriptionChange(ctx.services.changeBus, result.userId).catch((err: unknown) =>
        ctx.services.logger.warn('could not announce a subscription adjustment', { subscriptionId, error: err as Error }),
      );
      await ctx.services.changeBus.publish({ topic: 'user', id: String(result.userId) }).catch(() => undefined);
      const entry = await ctx.em.findOneOrFail(LedgerEntry, result.ledgerEntryId);
      const subscription = await ctx.em.findOneOrFail(Subscription, subscriptionId, { refresh: true });
      return { entry, subscription };
    },
  }),
}));

