import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../db/entities';
import { PASSWORD_MAX_LENGTH, checkNewPassword, type CredentialProblem } from './credentials-policy';
import { hashPassword, verifyPassword } from './password';
import { recordSecurityEvent } from './security-events';
import { revokeUserSessions } from './session-store';

export type ChangePasswordResult =
  | { ok: true; revokedSessions: number }
  | { ok: false; reason: 'INVALID_CREDENTIALS' }
  | ({ ok: false; reason: 'INVALID_INPUT' } & CredentialProblem);

/**
 * Replaces the password and signs out every other session of the user (a stolen session dies with
 * the old password); recorded as a security event, like every change of the ways in.
 */
export async function changePassword(
  em: EntityManager,
  viewer: { id: number; sessionId: number; address: string | null },
  input: { currentPassword: string; newPassword: string },
): Promise<ChangePasswordResult> {
  const problem = checkNewPassword(input.newPassword, 'newPassword');
  if (problem) return { ok: false, reason: 'INVALID_INPUT', ...problem };
  const user = await em.findOneOrFail(User, viewer.id, { populate: ['passwordHash'] });
  if (!(await verifyPassword(user.passwordHash ?? null, input.currentPassword.slice(0, PASSWORD_MAX_LENGTH + 1)))) {
    return { ok: false, reason: 'INVALID_CREDENTIALS' };
  }
  const passwordHash = await hashPassword(input.newPassword);
  const revokedSessions = await em.transactional(async (tx) => {
    await tx.nativeUpdate(User, { id: viewer.id }, { passwordHash });
    await recordSecurityEvent(tx, { userId: viewer.id, kind: 'PASSWORD_CHANGED', ip: viewer.address });
    return revokeUserSessions(tx, viewer.id, viewer.sessionId);
  });
  return { ok: true, revokedSessions };
}
