import type { EntityManager } from '@mikro-orm/postgresql';
import { User, type IUser } from '../../db/entities';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import { claimAttempt, signInRules, type AccountThrottles } from './abuse-throttle';
import { PASSWORD_MAX_LENGTH, normaliseEmail } from './credentials-policy';
import { verifyPassword } from './password';
import { finishFirstFactor, type SignInStep } from './two-factor/sign-in-step';

/**
 * A hash of a random password with the production parameters: unknown emails still pay for one
 * argon2 verification, so response time does not tell which emails have accounts.
 */
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$ZhurMHeWn1qKMIMfGVC2Qg$smWg+2Z0Tc/D/yZQR6Rf0OvoyuDfdfsnLDNwNxXifzw';

export type LoginResult =
  /** A session, or a second-factor challenge when the account has two-factor on. */
  | { ok: true; step: SignInStep; user: IUser }
  | { ok: false; reason: 'INVALID_CREDENTIALS' | 'ACCOUNT_DISABLED' }
  | { ok: false; reason: 'TOO_MANY_ATTEMPTS'; retryAt: Date };

interface LoginRow {
  id: number;
  password_hash: string | null;
  status: string;
}

export interface LoginDeps {
  em: EntityManager;
  sessionTtlMs: number;
  limiter: RateLimiter;
  throttles: AccountThrottles;
}

/**
 * The attempt is claimed (per address, and per address and email) before anything is looked up
 * or verified, so a burst of guesses sent together gets no more verifications than a slow one,
 * and a success resets nothing. There is no per-account lock: a stranger cannot lock the owner
 * out, and an unknown email is throttled exactly like a real one (abuse-throttle.ts).
 */
export async function login(deps: LoginDeps, input: { email: string; password: string; address: string }): Promise<LoginResult> {
  const { em } = deps;
  const email = normaliseEmail(input.email);
  const claim = await claimAttempt(deps.limiter, signInRules(deps.throttles, input.address, email));
  if (!claim.allowed) return { ok: false, reason: 'TOO_MANY_ATTEMPTS', retryAt: claim.retryAt };

  // Live accounts only: a deleted account's address may belong to a new account, and a deleted
  // one answers like an unknown address.
  const [row] = await em.getConnection().execute<LoginRow[]>(
    'select id, password_hash, status from users where email = ? and deleted_at is null',
    [email],
  );
  const password = input.password.slice(0, PASSWORD_MAX_LENGTH + 1);
  if (!row) {
    await verifyPassword(DUMMY_HASH, password);
    return { ok: false, reason: 'INVALID_CREDENTIALS' };
  }
  // An account made by a sign-in provider may have no password: it pays for a verification too.
  const verified = await verifyPassword(row.password_hash ?? DUMMY_HASH, password);
  if (!verified || row.password_hash === null) return { ok: false, reason: 'INVALID_CREDENTIALS' };
  // Disabled is reported only to someone who knows the password.
  if (row.status !== 'ACTIVE') return { ok: false, reason: 'ACCOUNT_DISABLED' };

  const step = await finishFirstFactor({ em, sessionTtlMs: deps.sessionTtlMs }, row.id);
  return { ok: true, step, user: await em.findOneOrFail(User, row.id) };
}
