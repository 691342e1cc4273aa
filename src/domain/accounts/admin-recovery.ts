import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../db/entities';
import { randomToken } from '../../lib/key-material';
import { normaliseEmail } from './credentials-policy';
import { recordSecurityEvent } from './security-events';
import { hashPassword } from './password';
import { revokeUserSessions } from './session-store';

export type ResetPasswordResult = { ok: true; password: string; sessionsRevoked: number } | { ok: false; reason: 'NO_SUCH_USER' };

/** Who reset the password, recorded on the account's security events: an admin in the console, or the command line on the server. */
export type PasswordResetOrigin = { by: 'ADMIN'; adminId: number; ip: string | null } | { by: 'COMMAND_LINE' };

/**
 * Recovery from the command line: a new random password, and every session signed out (whoever
 * took the account over may hold one). Sign-in is throttled per address, never locked per
 * account, so there is no account lock to lift. The password is returned to be shown once; only
 * its hash is stored.
 */
export async function resetPassword(em: EntityManager, email: string, origin: PasswordResetOrigin): Promise<ResetPasswordResult> {
  // The live account: a deleted one of the same address stays as it was deleted.
  const user = await em.findOne(User, { email: normaliseEmail(email), deletedAt: null });
  if (!user) return { ok: false, reason: 'NO_SUCH_USER' };
  const password = randomToken(20);
  const passwordHash = await hashPassword(password);
  const sessionsRevoked = await em.transactional(async (tx) => {
    await tx.nativeUpdate(User, { id: user.id }, { passwordHash });
    // A change of the account's ways in that its owner did not make: shown to them like their own.
    await recordSecurityEvent(tx, {
      userId: user.id,
      kind: 'PASSWORD_RESET',
      detail: origin.by === 'ADMIN' ? { by: 'ADMIN', adminId: origin.adminId } : { by: 'COMMAND_LINE' },
      ip: origin.by === 'ADMIN' ? origin.ip : null,
    });
    return revokeUserSessions(tx, user.id);
  });
  return { ok: true, password, sessionsRevoked };
}
