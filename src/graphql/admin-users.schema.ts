import type { FilterQuery } from '@mikro-orm/postgresql';
import { User, type IUser } from '../db/entities';
import { toEntityId } from '../domain/domain-result';
import { setUserRole, setUserStatus, unlockUser, type UnlockedUser, type UserAdminDeps } from '../domain/accounts/user-admin.service';
import { builder } from './builder';
import type { GraphQLContext } from './context';
import { DomainError, ErrorInterface, InputValidationError, NotFoundError } from './errors.schema';
import { unwrap } from './outcome';
import { keysetConnection } from './pagination';
import { UserRef, UserRoleEnum, UserStatusEnum } from './user.schema';

const deps = (ctx: GraphQLContext): UserAdminDeps => ({ em: ctx.em, changeBus: ctx.services.changeBus });

const UserFilterInput = builder.inputType('UserFilter', {
  fields: (t) => ({
    emailContains: t.string(),
    role: t.field({ type: UserRoleEnum }),
    status: t.field({ type: UserStatusEnum }),
    deleted: t.boolean({
      description: 'true: only deleted accounts (their e-mail may belong to a new account by now); false or unset: only live ones.',
    }),
  }),
});

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

builder.queryFields((t) => ({
  users: t.connection(
    {
      type: UserRef,
      description: 'Every user, newest first. Deleted users are left out unless `filter.deleted` asks for them; `user(id)` finds them too.',
      authScopes: { admin: true },
      args: { filter: t.arg({ type: UserFilterInput }) },
      resolve: (_root, args, ctx) => {
        const f = args.filter ?? {};
        const where: FilterQuery<IUser> = { deletedAt: f.deleted ? { $ne: null } : null };
        if (f.emailContains) where.email = { $like: likePattern(f.emailContains) };
        if (f.role) where.role = f.role;
        if (f.status) where.status = f.status;
        return keysetConnection(ctx.em, User, where, args);
      },
    },
    { name: 'UserConnection' },
    { name: 'UserEdge' },
  ),
  user: t.field({
    type: UserRef,
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }) },
    errors: { types: [NotFoundError], directResult: true, union: { name: 'UserResult' } },
    resolve: async (_root, { id }, ctx) => {
      const userId = toEntityId(id);
      const user = userId === null ? null : await ctx.em.findOne(User, userId);
      if (!user) throw new NotFoundError('User');
      return user;
    },
  }),
}));

/** The shared throttle store (Redis) did not answer: nothing was lifted; try again. */
class ThrottleStoreUnavailableError extends DomainError {
  readonly code = 'THROTTLE_STORE_UNAVAILABLE';
  constructor() {
    super('The sign-in throttle store is unreachable; nothing was unlocked. Try again when it is back.');
    this.name = 'ThrottleStoreUnavailableError';
  }
}

builder.objectType(ThrottleStoreUnavailableError, {
  name: 'ThrottleStoreUnavailableError',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof ThrottleStoreUnavailableError,
});

const UnlockUserSuccess = builder.objectRef<UnlockedUser>('UnlockUserSuccess').implement({
  fields: (t) => ({
    user: t.field({ type: UserRef, resolve: (r) => r.user }),
    countersCleared: t.exposeInt('countersCleared', { description: 'Sign-in throttle counters lifted (one per address that had tried this account recently); 0 when none was held.' }),
  }),
});

const userWriteErrors = (union: string) => ({ types: [NotFoundError, InputValidationError], directResult: true, union: { name: union } });

builder.mutationFields((t) => ({
  disableUser: t.field({
    type: UserRef,
    description: 'Refuses sign-in and every API key of the user; ends their sessions.',
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }) },
    errors: userWriteErrors('DisableUserResult'),
    resolve: async (_root, { id }, ctx) => unwrap(await setUserStatus(deps(ctx), ctx.viewer!.id, id, 'DISABLED')),
  }),
  enableUser: t.field({
    type: UserRef,
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }) },
    errors: userWriteErrors('EnableUserResult'),
    resolve: async (_root, { id }, ctx) => unwrap(await setUserStatus(deps(ctx), ctx.viewer!.id, id, 'ACTIVE')),
  }),
  unlockUser: t.field({
    type: UnlockUserSuccess,
    description:
      "Lifts the account's sign-in throttle from every address at once (failed sign-ins are throttled per address and per address and account; there is no other lock). The status is unchanged: a disabled user stays disabled.",
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }) },
    errors: { types: [NotFoundError, ThrottleStoreUnavailableError], directResult: true, union: { name: 'UnlockUserResult' } },
    resolve: async (_root, { id }, ctx) => {
      try {
        return unwrap(await unlockUser(ctx.em, ctx.services.rateLimiter, id));
      } catch (err) {
        if (err instanceof DomainError) throw err;
        ctx.services.logger.warn('unlockUser: the throttle store is unreachable', { error: err as Error });
        throw new ThrottleStoreUnavailableError();
      }
    },
  }),
  setUserRole: t.field({
    type: UserRef,
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }), role: t.arg({ type: UserRoleEnum, required: true }) },
    errors: userWriteErrors('SetUserRoleResult'),
    resolve: async (_root, { id, role }, ctx) => unwrap(await setUserRole(deps(ctx), ctx.viewer!.id, id, role)),
  }),
}));
