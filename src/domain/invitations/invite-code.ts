import type { EntityManager } from '@mikro-orm/postgresql';
import { randomToken } from '../../lib/key-material';
import { isUniqueViolation } from '../../lib/pg-errors';

/** 10 characters of [a-zA-Z0-9] (~59 bits): short enough for a link, far too many to guess one that exists. */
const CODE_LENGTH = 10;
const CODE_SHAPE = /^[a-zA-Z0-9]{1,16}$/;

/** The code when it has the shape of one, else null: a malformed code is ignored, never an error for the person. */
export function inviteCodeOrNull(value: unknown): string | null {
  return typeof value === 'string' && CODE_SHAPE.test(value) ? value : null;
}

export function newInviteCode(): string {
  return randomToken(CODE_LENGTH);
}

/**
 * The user's invitation code, given out the first time it is asked for (accounts from before
 * invitations existed have none yet). Two first asks at once both try; the conditional update
 * lets one win and the other reads the winner's code.
 */
export async function inviteCodeOf(em: EntityManager, userId: number): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const [existing] = await em.execute<{ invite_code: string | null }[]>('select invite_code from users where id = ?', [userId]);
    if (!existing) throw new Error(`user ${userId} not found`);
    if (existing.invite_code) return existing.invite_code;
    try {
      await em.execute('update users set invite_code = ? where id = ? and invite_code is null', [newInviteCode(), userId]);
    } catch (err) {
      // A collision of two random codes: astronomically rare, and simply drawn again.
      if (!isUniqueViolation(err) || attempt === 2) throw err;
    }
  }
  throw new Error(`could not give user ${userId} an invitation code`);
}

/**
 * The live account whose link carries this code, or null. An unknown or malformed code is not an
 * error for the person signing up: they get an account, just not counted as invited.
 */
export async function findInviter(em: EntityManager, code: string | null | undefined): Promise<number | null> {
  if (inviteCodeOrNull(code) === null) return null;
  const [row] = await em.execute<{ id: number }[]>('select id from users where invite_code = ? and deleted_at is null', [code]);
  return row?.id ?? null;
}
