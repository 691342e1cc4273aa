import type { EntityManager } from '@mikro-orm/postgresql';
import { totpSecretContext, type SecretBox } from '../../../lib/secret-box';
import type { RateLimiter } from '../../rate-limit/rate-limiter';
import { claimAttempt, signInRules, type AccountThrottles } from '../abuse-throttle';
import { recordSecurityEvent } from '../security-events';
import { consumeBackupCode, countUnusedBackupCodes, deleteBackupCodes, replaceBackupCodes } from './backup-codes';
import { matchTotpCode, newTotpSecret, totpUri } from './totp';

export interface TwoFactorDeps {
  em: EntityManager;
  secretBox: SecretBox;
  limiter: RateLimiter;
  throttles: AccountThrottles;
  /** Seconds since the epoch; tests pass a fixed clock. */
  nowSeconds?: () => number;
}

/** Who is acting and from where: the throttles count by address and account, events record the address. */
export interface Actor {
  id: number;
  email: string;
  address: string;
}

export type CodeFailure =
  | { ok: false; reason: 'INVALID_CODE' }
  | { ok: false; reason: 'TOO_MANY_ATTEMPTS'; retryAt: Date };

export type SecondFactorUsed = 'TOTP' | 'BACKUP_CODE';

const nowSecondsOf = (deps: TwoFactorDeps) => (deps.nowSeconds ?? (() => Math.floor(Date.now() / 1000)))();

interface TotpRow { secret_ciphertext: string; enabled_at: Date | null; last_used_step: string | number | null }

async function totpRow(em: EntityManager, userId: number, lock = false): Promise<TotpRow | undefined> {
  const [row] = await em.getConnection().execute<TotpRow[]>(
    `select secret_ciphertext, enabled_at, last_used_step from user_totp where user_id = ?${lock ? ' for update' : ''}`,
    [userId], 'all', em.getTransactionContext(),
  );
  return row;
}

export async function isTotpEnabled(em: EntityManager, userId: number): Promise<boolean> {
  const row = await totpRow(em, userId);
  return row?.enabled_at != null;
}

export async function twoFactorStatus(em: EntityManager, userId: number): Promise<{ totpEnabled: boolean; backupCodesRemaining: number }> {
  const totpEnabled = await isTotpEnabled(em, userId);
  return { totpEnabled, backupCodesRemaining: totpEnabled ? await countUnusedBackupCodes(em, userId) : 0 };
}

/**
 * Starts (or restarts) setup: a new secret, sealed at rest, not in force until confirmed. While
 * two-factor is on this is refused: turning it off takes a current code (disableTotp).
 */
export async function beginTotpSetup(
  deps: Pick<TwoFactorDeps, 'em' | 'secretBox'>, user: { id: number; email: string }, issuer: string,
): Promise<{ ok: true; secret: string; uri: string } | { ok: false; reason: 'ALREADY_ENABLED' }> {
  const existing = await totpRow(deps.em, user.id);
  if (existing?.enabled_at) return { ok: false, reason: 'ALREADY_ENABLED' };
  const secret = newTotpSecret();
  await deps.em.getConnection().execute(
    `insert into user_totp (user_id, secret_ciphertext, enabled_at, last_used_step, created_at) values (?, ?, null, null, now())
     on conflict (user_id) do update set secret_ciphertext = excluded.secret_ciphertext, last_used_step = null, created_at = now()
     where user_totp.enabled_at is null`,
    [user.id, deps.secretBox.seal(secret, totpSecretContext(user.id))],
    'run',
  );
  return { ok: true, secret, uri: totpUri(issuer, user.email, secret) };
}

/** Claims one code attempt under the sign-in throttles (per address, and per address and account). */
async function claimCodeAttempt(deps: TwoFactorDeps, actor: Actor): Promise<CodeFailure | null> {
  const claim = await claimAttempt(deps.limiter, signInRules(deps.throttles, actor.address, actor.email));
  return claim.allowed ? null : { ok: false, reason: 'TOO_MANY_ATTEMPTS', retryAt: claim.retryAt };
}

/**
 * Checks an authenticator code against the user's secret and, when it matches, records its step
 * so it cannot be used again. Runs in a transaction holding the row, so one code is accepted once
 * even when sent twice at the same moment.
 */
async function acceptTotpCode(deps: TwoFactorDeps, userId: number, code: string, requireEnabled: boolean): Promise<boolean> {
  return deps.em.transactional(async (tx) => {
    const row = await totpRow(tx, userId, true);
    if (!row || (requireEnabled && !row.enabled_at)) return false;
    const secret = deps.secretBox.open(row.secret_ciphertext, totpSecretContext(userId));
    const lastStep = row.last_used_step === null ? null : Number(row.last_used_step);
    const step = await matchTotpCode(secret, code, nowSecondsOf(deps), lastStep);
    if (step === null) return false;
    // An envelope under a previous SECRET_KEY is re-sealed as it is used.
    const ciphertext = deps.secretBox.needsReseal(row.secret_ciphertext) ? deps.secretBox.seal(secret, totpSecretContext(userId)) : row.secret_ciphertext;
    await tx.getConnection().execute(
      'update user_totp set last_used_step = ?, secret_ciphertext = ? where user_id = ?', [step, ciphertext, userId], 'run', tx.getTransactionContext(),
    );
    return true;
  });
}

/**
 * The second factor of a sign-in or of a sensitive change: an authenticator code, or one of the
 * backup codes (used up, and recorded). The attempt is claimed under the sign-in throttles first.
 */
export async function checkSecondFactor(
  deps: TwoFactorDeps, actor: Actor, code: string,
): Promise<{ ok: true; used: SecondFactorUsed } | CodeFailure> {
  const refused = await claimCodeAttempt(deps, actor);
  if (refused) return refused;
  const trimmed = code.trim();
  if (await acceptTotpCode(deps, actor.id, trimmed.replace(/\s+/g, ''), true)) return { ok: true, used: 'TOTP' };
  if (!(await isTotpEnabled(deps.em, actor.id))) return { ok: false, reason: 'INVALID_CODE' };
  if (await consumeBackupCode(deps.em, actor.id, trimmed)) {
    await recordSecurityEvent(deps.em, {
      userId: actor.id, kind: 'BACKUP_CODE_USED', detail: { remaining: await countUnusedBackupCodes(deps.em, actor.id) }, ip: actor.address,
    });
    return { ok: true, used: 'BACKUP_CODE' };
  }
  return { ok: false, reason: 'INVALID_CODE' };
}

/** Turns two-factor on once the user's app shows a matching code; returns the ten backup codes, shown once. */
export async function confirmTotpSetup(
  deps: TwoFactorDeps, actor: Actor, code: string,
): Promise<{ ok: true; backupCodes: string[] } | { ok: false; reason: 'NOT_STARTED' | 'ALREADY_ENABLED' } | CodeFailure> {
  const row = await totpRow(deps.em, actor.id);
  if (!row) return { ok: false, reason: 'NOT_STARTED' };
  if (row.enabled_at) return { ok: false, reason: 'ALREADY_ENABLED' };
  const refused = await claimCodeAttempt(deps, actor);
  if (refused) return refused;
  if (!(await acceptTotpCode(deps, actor.id, code.replace(/\s+/g, ''), false))) return { ok: false, reason: 'INVALID_CODE' };
  const backupCodes = await deps.em.transactional(async (tx) => {
    await tx.getConnection().execute('update user_totp set enabled_at = now() where user_id = ?', [actor.id], 'run', tx.getTransactionContext());
    const codes = await replaceBackupCodes(tx, actor.id);
    await recordSecurityEvent(tx, { userId: actor.id, kind: 'TOTP_ENABLED', detail: {}, ip: actor.address });
    return codes;
  });
  return { ok: true, backupCodes };
}

/** Turns two-factor off; takes a current code (an authenticator code or a backup code). */
export async function disableTotp(
  deps: TwoFactorDeps, actor: Actor, code: string,
): Promise<{ ok: true } | { ok: false; reason: 'NOT_ENABLED' } | CodeFailure> {
  if (!(await isTotpEnabled(deps.em, actor.id))) return { ok: false, reason: 'NOT_ENABLED' };
  const checked = await checkSecondFactor(deps, actor, code);
  if (!checked.ok) return checked;
  await deps.em.transactional(async (tx) => {
    await tx.getConnection().execute('delete from user_totp where user_id = ?', [actor.id], 'run', tx.getTransactionContext());
    await deleteBackupCodes(tx, actor.id);
    await recordSecurityEvent(tx, { userId: actor.id, kind: 'TOTP_DISABLED', detail: { with: checked.used }, ip: actor.address });
  });
  return { ok: true };
}

/** Ten new backup codes (the old ones stop working); takes a current code. */
export async function regenerateBackupCodes(
  deps: TwoFactorDeps, actor: Actor, code: string,
): Promise<{ ok: true; backupCodes: string[] } | { ok: false; reason: 'NOT_ENABLED' } | CodeFailure> {
  if (!(await isTotpEnabled(deps.em, actor.id))) return { ok: false, reason: 'NOT_ENABLED' };
  const checked = await checkSecondFactor(deps, actor, code);
  if (!checked.ok) return checked;
  const backupCodes = await deps.em.transactional(async (tx) => {
    const codes = await replaceBackupCodes(tx, actor.id);
    await recordSecurityEvent(tx, { userId: actor.id, kind: 'BACKUP_CODES_REGENERATED', detail: {}, ip: actor.address });
    return codes;
  });
  return { ok: true, backupCodes };
}
