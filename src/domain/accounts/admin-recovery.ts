import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../db/entities';
import { randomToken } from '../../lib/key-material';
import { normaliseEmail } from './credentials-policy';
import { hashPassword } from './password';
import { revokeUserSessions } from './session-store';

export type ResetPasswordResult = { ok: true; password: string; sessionsRevoked: number } | { ok: false; reason: 'NO_SUCH_USER' };

/**
 * Recovery from the command line: a new random password, and every session signed out (whoever
 * took the account over may hold one). Sign-in is throttled per address, never locked per
 * account, so there is no account lock to lift. The password is returned to be shown once; only
 * its hash is stored.
 */
export async function resetPassword(em: EntityManager, email: string): Promise<ResetPasswordResult> {
  // The live account: a deleted one of the same address stays as it was deleted.
  const user = await em.findOne(User, { email: normaliseEmail(email), deletedAt: null });
  if (!user) return { ok: false, reason: 'NO_SUCH_USER' };
  const password = randomToken(20);
  const passwordHash = await hashPassword(password);
  const sessionsRevoked = await em.transactional(async (tx) => {
    await tx.nativeUpdate(User, { id: user.id }, { passwordHash });
    return revokeUserSessions(tx, user.id);
  });
  return { ok: true, password, sessionsRevoked };
}
