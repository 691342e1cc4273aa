import type { EntityManager } from '@mikro-orm/postgresql';
import { User, type IUser } from '../../db/entities';
import { PASSWORD_MAX_LENGTH, normaliseEmail } from './credentials-policy';
import { hashPassword, verifyPassword } from './password';
import { issueSession, type IssuedSession } from './session-store';

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_MS = 15 * 60_000;

/**
 * A hash of a random password with the production parameters: unknown emails still pay for one
 * argon2 verification, so response time does not tell which emails have accounts.
 */
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$ZhurMHeWn1qKMIMfGVC2Qg$smWg+2Z0Tc/D/yZQR6Rf0OvoyuDfdfsnLDNwNxXifzw';

export type LoginResult =
  | { ok: true; session: IssuedSession; user: IUser }
  | { ok: false; reason: 'INVALID_CREDENTIALS' | 'ACCOUNT_DISABLED' }
  | { ok: false; reason: 'TOO_MANY_ATTEMPTS'; retryAt: Date };

interface LoginRow {
  id: number;
  password_hash: string;
  status: string;
  login_locked_until: Date | string | null;
}

export async function login(
  em: EntityManager,
  sessionTtlMs: number,
  input: { email: string; password: string },
): Promise<LoginResult> {
  const [row] = await em.getConnection().execute<LoginRow[]>(
    'select id, password_hash, status, login_locked_until from users where email = ?',
    [normaliseEmail(input.email)],
  );
  const password = input.password.slice(0, PASSWORD_MAX_LENGTH + 1);
  if (!row) {
    await verifyPassword(DUMMY_HASH, password);
    return { ok: false, reason: 'INVALID_CREDENTIALS' };
  }
  // A locked account is refused before the password is checked, so guessing stops counting.
  const lockedUntil = row.login_locked_until ? new Date(row.login_locked_until) : null;
  if (lockedUntil && lockedUntil > new Date()) return { ok: false, reason: 'TOO_MANY_ATTEMPTS', retryAt: lockedUntil };

  if (!(await verifyPassword(row.password_hash, password))) return recordFailure(em, row.id);
  // Disabled is reported only to someone who knows the password.
  if (row.status !== 'ACTIVE') return { ok: false, reason: 'ACCOUNT_DISABLED' };

  await em.nativeUpdate(User, { id: row.id }, { failedLogins: 0, loginLockedUntil: null });
  const session = await issueSession(em, row.id, sessionTtlMs);
  return { ok: true, session, user: await em.findOneOrFail(User, row.id) };
}

/** Counts the failure atomically; the failure that reaches the limit locks the account and resets the count. */
async function recordFailure(em: EntityManager, userId: number): Promise<LoginResult> {
  const [updated] = await em.getConnection().execute<{ login_locked_until: Date | string | null }[]>(
    `update users set
        login_locked_until = case when failed_logins + 1 >= ? then now() + (? * interval '1 millisecond') else login_locked_until end,
        failed_logins = case when failed_logins + 1 >= ? then 0 else failed_logins + 1 end
      where id = ?
      returning login_locked_until`,
    [LOGIN_MAX_FAILURES, LOGIN_LOCK_MS, LOGIN_MAX_FAILURES, userId],
  );
  const lockedUntil = updated?.login_locked_until ? new Date(updated.login_locked_until) : null;
  if (lockedUntil && lockedUntil > new Date()) return { ok: false, reason: 'TOO_MANY_ATTEMPTS', retryAt: lockedUntil };
  return { ok: false, reason: 'INVALID_CREDENTIALS' };
}
