import type { EntityManager } from '@mikro-orm/postgresql';
import { User, type IUser, type UserRole, type UserStatus } from '../../db/entities';
import type { ChangeBus } from '../../lib/change-bus';
import { invalid, notFound, ok, toEntityId, type Outcome } from '../domain-result';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import { unlockAccount } from './abuse-throttle';
import { revokeUserSessions } from './session-store';

export interface UserAdminDeps {
  em: EntityManager;
  changeBus: ChangeBus;
}

async function findUser(em: EntityManager, id: string | number): Promise<IUser | null> {
  const userId = toEntityId(id);
  return userId === null ? null : em.findOne(User, { id: userId, deletedAt: null });
}

/**
 * Disabling signs the user out everywhere and tells the data plane (topic `user`) to stop
 * accepting their keys. An admin cannot disable themselves: that is how operators lock themselves out.
 */
export async function setUserStatus(
  { em, changeBus }: UserAdminDeps,
  actorId: number,
  id: string | number,
  status: UserStatus,
): Promise<Outcome<IUser>> {
  const user = await findUser(em, id);
  if (!user) return notFound('User');
  if (user.id === actorId && status !== 'ACTIVE') return invalid('id', 'You cannot disable your own account.');
  await em.transactional(async (tx) => {
    await tx.nativeUpdate(User, { id: user.id }, { status });
    if (status !== 'ACTIVE') await revokeUserSessions(tx, user.id);
  });
  user.status = status;
  await changeBus.publish({ topic: 'user', id: String(user.id) });
  return ok(user);
}

/** Changing one's own role is refused for the same reason as disabling oneself. */
export async function setUserRole(
  { em, changeBus }: UserAdminDeps,
  actorId: number,
  id: string | number,
  role: UserRole,
): Promise<Outcome<IUser>> {
  const user = await findUser(em, id);
  if (!user) return notFound('User');
  if (user.id === actorId && role !== user.role) return invalid('id', 'You cannot change your own role.');
  user.role = role;
  await em.flush();
  await changeBus.publish({ topic: 'user', id: String(user.id) });
  return ok(user);
}

export type UnlockedUser = { user: IUser; countersCleared: number };

/**
 * Lifts the account's sign-in throttle from every address (abuse-throttle.ts). The status is not
 * touched: a disabled account stays disabled (enableUser is a separate decision). Throws when the
 * throttle store is unreachable, so the admin is not told an account is unlocked when it is not.
 */
export async function unlockUser(em: EntityManager, limiter: RateLimiter, id: string | number): Promise<Outcome<UnlockedUser>> {
  const user = await findUser(em, id);
  if (!user) return notFound('User');
  return ok({ user, countersCleared: await unlockAccount(limiter, user.email) });
}
