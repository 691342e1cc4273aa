import { createContextCache } from '@pothos/core';
import DataLoader from 'dataloader';
import { Subscription, SUBSCRIPTION_STATUSES, type ISubscription } from '../db/entities';
import { toEntityId } from '../domain/domain-result';
import { remainingQuota, subscriptionStatusAt } from '../domain/subscriptions/subscription-status';
import { builder } from './builder';
import type { GraphQLContext } from './context';
import { ownOrAdminScope } from './ownership';
import { PackageRef } from './packages.schema';
import { UserRef } from './user.schema';

export const SubscriptionStatusEnum = builder.enumType('SubscriptionStatus', { values: SUBSCRIPTION_STATUSES });

export const SubscriptionRef = builder.loadableObjectRef<ISubscription, number>('Subscription', {
  load: async (ids, ctx) => {
    // refresh: money columns may have moved by raw SQL earlier in this request (a grant, a refund).
    const rows = await ctx.em.find(Subscription, { id: { $in: ids } }, { refresh: true });
    const byId = new Map(rows.map((s) => [s.id, s]));
    return ids.map((id) => byId.get(id) ?? new Error(`subscription ${id} not found`));
  },
  sort: (s) => s.id,
});

/** One query per request for the active subscriptions of every user on the page. */
export const activeSubscriptionsLoader = createContextCache(
  (ctx: GraphQLContext) =>
    new DataLoader<number, ISubscription[]>(async (userIds) => {
      const now = ctx.services.clock.now();
      const rows = await ctx.em.find(
        Subscription,
        { user: { $in: [...userIds] }, status: 'ACTIVE', startsAt: { $lte: now }, endsAt: { $gt: now } },
        { orderBy: { endsAt: 'asc', id: 'asc' }, refresh: true },
      );
      return userIds.map((id) => rows.filter((s) => s.user.id === id));
    }),
);

SubscriptionRef.implement({
  description: 'Quota and SVIP access bought with a package; usable while ACTIVE (until endsAt).',
  fields: (t) => ({
    id: t.exposeID('id'),
    user: t.field({ type: UserRef, resolve: (s) => s.user.id }),
    package: t.field({ type: PackageRef, resolve: (s) => s.package.id }),
    startsAt: t.expose('startsAt', { type: 'DateTime' }),
    endsAt: t.expose('endsAt', { type: 'DateTime' }),
    quotaTotal: t.field({ type: 'BigInt', resolve: (s) => s.quotaTotal }),
    quotaUsed: t.field({ type: 'BigInt', resolve: (s) => s.quotaUsed }),
    quotaReserved: t.field({ type: 'BigInt', description: 'Held by requests in flight.', resolve: (s) => s.quotaReserved }),
    quotaRemaining: t.field({ type: 'BigInt', description: 'quotaTotal - quotaUsed.', resolve: (s) => remainingQuota(s) }),
    unlocksTiers: t.stringList({ resolve: (s) => s.unlocksTiers }),
    status: t.field({
      type: SubscriptionStatusEnum,
      description: 'By time: ACTIVE until endsAt, then EXPIRED; CANCELLED after a refund.',
      resolve: (s, _args, ctx) => subscriptionStatusAt(s, ctx.services.clock.now()),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

builder.queryField('subscriptions', (t) =>
  t.field({
    type: [SubscriptionRef],
    description: "The viewer's subscriptions, newest first; admins may ask for any user's.",
    args: {
      userId: t.arg.id({ description: 'Admins only, unless it is your own id.' }),
      activeOnly: t.arg.boolean({ defaultValue: false }),
    },
    authScopes: (_root, args, ctx) => ownOrAdminScope(args.userId, ctx),
    resolve: async (_root, args, ctx) => {
      const userId = args.userId == null ? ctx.viewer!.id : toEntityId(args.userId);
      if (userId === null) return [];
      const now = ctx.services.clock.now();
      const active = args.activeOnly ? { status: 'ACTIVE' as const, startsAt: { $lte: now }, endsAt: { $gt: now } } : {};
      return ctx.em.find(Subscription, { user: userId, ...active }, { orderBy: { createdAt: 'desc', id: 'desc' } });
    },
  }),
);
