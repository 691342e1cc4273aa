import type { EntityManager } from '@mikro-orm/postgresql';
import type { LedgerKind } from '../../db/entities';
import { isCheckViolation, isUniqueViolation } from '../../lib/pg-errors';

export interface FreeQuotaChange {
  userId: number;
  /** Signed quota units. */
  amount: bigint;
  kind: LedgerKind;
  /** Makes the change happen at most once per (kind, reference), e.g. `check-in:42:2026-11-22`. */
  reference?: string | null;
  memo?: string | null;
  actorId?: number | null;
}

export type FreeQuotaChangeResult =
  | { ok: true; balanceAfter: bigint; ledgerEntryId: number }
  | { ok: false; reason: 'ALREADY_APPLIED' | 'INSUFFICIENT_BALANCE' | 'USER_NOT_FOUND' };

/**
 * Moves a user's free quota and writes its ledger row in one SQL statement, so the two can
 * never disagree. A duplicate reference or a balance that would go negative fails the whole
 * statement and changes nothing.
 */
export async function changeFreeQuota(em: EntityManager, change: FreeQuotaChange): Promise<FreeQuotaChangeResult> {
  try {
    const rows = await em.getConnection().execute<{ id: string; balance_after: string }[]>(
      `with u as (
         update users set free_quota = free_quota + ?, updated_at = now() where id = ? returning free_quota
       )
       insert into ledger_entries (user_id, bucket, amount, balance_after, kind, reference, memo, actor_id, created_at)
       select ?, 'FREE', ?, u.free_quota, ?, ?, ?, ?, now() from u
       returning id, balance_after`,
      [
        change.amount.toString(), change.userId, change.userId, change.amount.toString(), change.kind,
        change.reference ?? null, change.memo ?? null, change.actorId ?? null,
      ],
      'all',
      // Raw execute ignores the em's transaction unless given its context explicitly.
      em.getTransactionContext(),
    );
    const row = rows[0];
    if (!row) return { ok: false, reason: 'USER_NOT_FOUND' };
    return { ok: true, balanceAfter: BigInt(row.balance_after), ledgerEntryId: Number(row.id) };
  } catch (err) {
    if (isUniqueViolation(err)) return { ok: false, reason: 'ALREADY_APPLIED' };
    if (isCheckViolation(err)) return { ok: false, reason: 'INSUFFICIENT_BALANCE' };
    throw err;
  }
}
