import type { EntityManager } from '@mikro-orm/postgresql';
import { randomInt } from 'node:crypto';
import { sha256Hex } from '../../../lib/key-material';

export const BACKUP_CODE_COUNT = 10;
/** No 0/o, 1/l/i: a code copied from paper is read back right. 12 of 31 symbols: about 59 bits. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const LENGTH = 12;

/** Shown as `xxxx-xxxx-xxxx`; typed with or without dashes, spaces or capitals. */
function newBackupCode(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
}

export function normaliseBackupCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]+/g, '');
}

export function looksLikeBackupCode(code: string): boolean {
  const normalised = normaliseBackupCode(code);
  return normalised.length === LENGTH && [...normalised].every((c) => ALPHABET.includes(c));
}

/**
 * Bound to the user, so equal codes of two users never share a hash. SHA-256 rather than a slow
 * hash: each code is ~59 random bits (no dictionary to try), and guesses online are throttled.
 */
function backupCodeHash(userId: number, code: string): string {
  return sha256Hex(`backup-code:${userId}:${normaliseBackupCode(code)}`);
}

/** Replaces every backup code of the user with ten new ones, returned in clear this once. */
export async function replaceBackupCodes(em: EntityManager, userId: number): Promise<string[]> {
  const codes = Array.from({ length: BACKUP_CODE_COUNT }, newBackupCode);
  const conn = em.getConnection();
  const tx = em.getTransactionContext();
  await conn.execute('delete from backup_codes where user_id = ?', [userId], 'run', tx);
  for (const code of codes) {
    await conn.execute('insert into backup_codes (user_id, code_hash, created_at) values (?, ?, now())', [userId, backupCodeHash(userId, code)], 'run', tx);
  }
  return codes;
}

/** Uses one code up. The update is the check: two requests with one code cannot both succeed. */
export async function consumeBackupCode(em: EntityManager, userId: number, code: string): Promise<boolean> {
  if (!looksLikeBackupCode(code)) return false;
  const rows = await em.getConnection().execute<Array<{ id: number }>>(
    'update backup_codes set used_at = now() where user_id = ? and code_hash = ? and used_at is null returning id',
    [userId, backupCodeHash(userId, code)],
    'all',
    em.getTransactionContext(),
  );
  return rows.length > 0;
}

export async function countUnusedBackupCodes(em: EntityManager, userId: number): Promise<number> {
  const [row] = await em.getConnection().execute<Array<{ n: string }>>(
    'select count(*) as n from backup_codes where user_id = ? and used_at is null', [userId],
  );
  return Number(row?.n ?? 0);
}

export async function deleteBackupCodes(em: EntityManager, userId: number): Promise<void> {
  await em.getConnection().execute('delete from backup_codes where user_id = ?', [userId], 'run', em.getTransactionContext());
}
