import type { EntityManager } from '@mikro-orm/postgresql';
import { Session } from '../../db/entities';
import { randomToken, sha256Hex } from '../../lib/key-material';

export interface IssuedSession {
  /** Shown to the client once; only its SHA-256 is stored. */
  token: string;
  expiresAt: Date;
  sessionId: number;
}

const SESSION_TOKEN_PREFIX = 'gws_';

export async function issueSession(em: EntityManager, userId: number, ttlMs: number): Promise<IssuedSession> {
  const token = `${SESSION_TOKEN_PREFIX}${randomToken(43)}`;
  const expiresAt = new Date(Date.now() + ttlMs);
  const session = em.create(Session, { tokenHash: sha256Hex(token), user: userId, expiresAt });
  await em.flush();
  return { token, expiresAt, sessionId: session.id };
}

export async function revokeSession(em: EntityManager, sessionId: number): Promise<void> {
  await em.nativeDelete(Session, { id: sessionId });
}

/** Signs the user out everywhere, optionally keeping the session that asked. */
export async function revokeUserSessions(em: EntityManager, userId: number, keepSessionId?: number): Promise<number> {
  return em.nativeDelete(Session, keepSessionId === undefined ? { user: userId } : { user: userId, id: { $ne: keepSessionId } });
}
