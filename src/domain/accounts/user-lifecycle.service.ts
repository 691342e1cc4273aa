import { Token, User, type IUser, type UserRole } from '../../db/entities';
import { alreadyExists, invalid, notFound, ok, toEntityId, type Outcome } from '../domain-result';
import { randomToken } from '../../lib/key-material';
import { resetPassword } from './admin-recovery';
import { createAccount } from './registration.service';
import { revokeUserSessions } from './session-store';
import type { UserAdminDeps } from './user-admin.service';

async function findLiveUser(deps: UserAdminDeps, id: string | number): Promise<IUser | null> {
  const userId = toEntityId(id);
  return userId === null ? null : deps.em.findOne(User, { id: userId, deletedAt: null });
}

export interface CreatedUser {
  user: IUser;
  /** Set when the admin gave no password: show it once. */
  oneTimePassword: string | null;
}

/**
 * An admin creates an account as registration would (the sign-up grant and its ledger row
 * included), with a password of their choosing or a generated one shown once.
 */
export async function createUserByAdmin(
  deps: UserAdminDeps & { signupGrant: bigint },
  input: { email: string; password?: string | null; role?: UserRole | null },
): Promise<Outcome<CreatedUser>> {
  // A generated password is handed to the admin once, as the command-line recovery does (admin-recovery.ts).
  const generated = input.password ? null : randomToken(20);
  const result = await createAccount(deps.em, { signupGrant: deps.signupGrant, emailVerified: true }, { email: input.email, password: input.password ?? generated! });
  if (!result.ok) {
    if (result.reason === 'EMAIL_TAKEN') return alreadyExists('email', 'An account with this e-mail exists.');
    return invalid(result.field, result.message);
  }
  if (input.role && input.role !== 'USER') {
    await deps.em.nativeUpdate(User, { id: result.user.id }, { role: input.role });
    result.user.role = input.role;
  }
  return ok({ user: result.user, oneTimePassword: generated });
}

/**
 * A new random password, shown once, and every session of the user signed out: the command-line
 * recovery (admin-recovery.ts) from the console. Sign-in is throttled per address, never locked
 * per account, so there is no account lock to lift.
 */
export async function resetUserPassword(deps: UserAdminDeps, admin: { id: number; ip: string | null }, id: string | number): Promise<Outcome<CreatedUser>> {
  const user = await findLiveUser(deps, id);
  if (!user) return notFound('User');
  const reset = await resetPassword(deps.em, user.email, { by: 'ADMIN', adminId: admin.id, ip: admin.ip });
  if (!reset.ok) return notFound('User');
  return ok({ user, oneTimePassword: reset.password });
}

/**
 * Soft-deletes a user: disabled (no sign-in, every session ended), every key revoked so the data
 * plane refuses it on the next request, and out of the user list. Ledger, usage, orders and
 * subscriptions stay for the books; an admin still reads them by user id. Final: a deleted user
 * cannot be enabled again. The row keeps its e-mail, but the address is free: anyone may sign up
 * with it, or an admin create a user with it, as a new account (the unique index on e-mail covers
 * live accounts only).
 */
export async function deleteUser(deps: UserAdminDeps, actorId: number, id: string | number): Promise<Outcome<IUser>> {
  const user = await findLiveUser(deps, id);
  if (!user) return notFound('User');
  if (user.id === actorId) return invalid('id', 'You cannot delete your own account.');
  const now = new Date();
  await deps.em.transactional(async (tx) => {
    await tx.nativeUpdate(User, { id: user.id }, { status: 'DISABLED', deletedAt: now });
    await tx.nativeUpdate(Token, { user: user.id, status: { $ne: 'REVOKED' } }, { status: 'REVOKED', revokedAt: now });
    await revokeUserSessions(tx, user.id);
  });
  user.status = 'DISABLED';
  user.deletedAt = now;
  await deps.changeBus.publish({ topic: 'user', id: String(user.id) });
  await deps.changeBus.publish({ topic: 'token' });
  return ok(user);
}

