import type { EntityManager } from '@mikro-orm/postgresql';

/** One row of account_security_events as its owner sees it (written by recordSecurityEvent). */
export interface SecurityEventRow {
  id: number;
  kind: string;
  detail: Record<string, unknown>;
  ip: string | null;
  createdAt: Date;
}

/** A user's events, newest first. */
export async function listSecurityEvents(em: EntityManager, userId: number, limit: number): Promise<SecurityEventRow[]> {
  const rows = await em.getConnection().execute<Array<{ id: number; kind: string; detail: Record<string, unknown>; ip: string | null; created_at: Date | string }>>(
    'select id, kind, detail, ip, created_at from account_security_events where user_id = ? order by created_at desc, id desc limit ?',
    [userId, limit],
  );
  return rows.map((r) => ({ id: r.id, kind: r.kind, detail: r.detail ?? {}, ip: r.ip, createdAt: new Date(r.created_at) }));
}
