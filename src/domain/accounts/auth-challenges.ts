import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthChallengeKind } from '../../db/entities';
import { randomToken, sha256Hex } from '../../lib/key-material';

export interface IssuedChallenge {
  /** Handed to the client once; only its SHA-256 is stored. */
  token: string;
  expiresAt: Date;
}

export interface ChallengeRow {
  id: number;
  userId: number | null;
  challenge: string | null;
  failures: number;
}

type Row = { id: number; user_id: number | null; challenge: string | null; failures: number };
const toRow = (r: Row): ChallengeRow => ({ id: r.id, userId: r.user_id, challenge: r.challenge, failures: r.failures });

/**
 * Starts a step of a ceremony. Challenges that expired are swept here, so the table holds only
 * the few minutes' worth that can still be answered.
 */
export async function createChallenge(
  em: EntityManager,
  input: { kind: AuthChallengeKind; userId: number | null; challenge?: string; ttlMs: number },
): Promise<IssuedChallenge> {
  const conn = em.getConnection();
  await conn.execute('delete from auth_challenges where expires_at < now()', [], 'run');
  const token = `gwc_${randomToken(32)}`;
  const expiresAt = new Date(Date.now() + input.ttlMs);
  await conn.execute(
    'insert into auth_challenges (token_hash, kind, user_id, challenge, failures, expires_at, created_at) values (?, ?, ?, ?, 0, ?, now())',
    [sha256Hex(token), input.kind, input.userId, input.challenge ?? null, expiresAt],
    'run',
  );
  return { token, expiresAt };
}

/** The live challenge behind a token, left in place (a wrong code may be retried). */
export async function peekChallenge(em: EntityManager, token: string, kind: AuthChallengeKind): Promise<ChallengeRow | null> {
  const rows = await em.getConnection().execute<Row[]>(
    'select id, user_id, challenge, failures from auth_challenges where token_hash = ? and kind = ? and expires_at > now()',
    [sha256Hex(token), kind],
  );
  return rows[0] ? toRow(rows[0]) : null;
}

/**
 * Uses the challenge up: of two requests answering it at once, exactly one gets the row (the
 * delete is the lock), so a challenge yields at most one session or one registered passkey.
 */
export async function takeChallenge(em: EntityManager, token: string, kind: AuthChallengeKind): Promise<ChallengeRow | null> {
  const rows = await em.getConnection().execute<Row[]>(
    'delete from auth_challenges where token_hash = ? and kind = ? and expires_at > now() returning id, user_id, challenge, failures',
    [sha256Hex(token), kind],
  );
  return rows[0] ? toRow(rows[0]) : null;
}

/** Counts a wrong answer; the challenge is dropped once `max` are reached (the person starts over). */
export async function noteChallengeFailure(em: EntityManager, id: number, max: number): Promise<void> {
  const conn = em.getConnection();
  await conn.execute('update auth_challenges set failures = failures + 1 where id = ?', [id], 'run');
  await conn.execute('delete from auth_challenges where id = ? and failures >= ?', [id, max], 'run');
}
