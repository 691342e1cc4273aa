import { User, type IUser, USER_ROLES, USER_STATUSES } from '../db/entities';
import { builder } from './builder';

export const UserRoleEnum = builder.enumType('UserRole', { values: USER_ROLES });
export const UserStatusEnum = builder.enumType('UserStatus', { values: USER_STATUSES });

/**
 * A user as others see it. Domain files add fields with `builder.objectFields(UserRef, ...)`
 * (e.g. balances in quota.schema.ts) rather than editing this file.
 */
export const UserRef = builder.loadableObjectRef<IUser, number>('User', {
  load: async (ids, ctx) => {
    const users = await ctx.em.find(User, { id: { $in: ids } });
    const byId = new Map(users.map((u) => [u.id, u]));
    return ids.map((id) => byId.get(id) ?? new Error(`user ${id} not found`));
  },
  sort: (user) => user.id,
});

UserRef.implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    role: t.field({ type: UserRoleEnum, resolve: (u) => u.role }),
    status: t.field({ type: UserStatusEnum, resolve: (u) => u.status }),
    timezone: t.exposeString('timezone', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

builder.queryField('me', (t) =>
  t.field({
    type: UserRef,
    description: 'The signed-in user (also to an ADMIN who must set up two-factor first).',
    authScopes: { signedIn: true },
    resolve: (_root, _args, ctx) => ctx.em.findOneOrFail(User, ctx.viewer!.id),
  }),
);
