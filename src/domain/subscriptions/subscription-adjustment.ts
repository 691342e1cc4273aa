import type { EntityManager } from '@mikro-orm/postgresql';
import { Subscription } from '../../db/entities';

export type SubscriptionAdjustmentResult =
  | { ok: true; ledgerEntryId: number; userId: number; balanceAfter: bigint }
  | { ok: false; reason: 'NOT_FOUND' }
  /** Lowering would take away quota that is spent or held by running requests. */
  | { ok: false; reason: 'INSUFFICIENT_BALANCE'; balance: bigint };

/**
 * Raises (or, negative, lowers) what remains on a subscription and writes its ledger row on the
 * subscription's bucket in one statement, like free-quota adjustments: the total moves, so the
 * remaining balance (total - used) moves by `amount`, never below what requests hold.
 */
export async function adjustSubscriptionQuota(
  em: EntityManager,
  change: { subscriptionId: number; amount: bigint; memo: string; actorId: number },
): Promise<SubscriptionAdjustmentResult> {
  const amount = change.amount.toString();
  const rows = await em.getConnection().execute<{ id: string; balance_after: string; user_id: number }[]>(
    `with s as (
       update subscriptions set quota_total = quota_total + ?, updated_at = now()
        where id = ? and quota_total + ? - quota_used >= quota_reserved
        returning id, user_id, quota_total - quota_used as balance
     )
     insert into ledger_entries (user_id, bucket, subscription_id, amount, balance_after, kind, memo, actor_id, created_at)
     select s.user_id, 'SUBSCRIPTION', s.id, ?, s.balance, 'ADMIN_ADJUSTMENT', ?, ?, now() from s
     returning id, balance_after, user_id`,
    [amount, change.subscriptionId, amount, amount, change.memo, change.actorId],
    'all',
    em.getTransactionContext(),
  );
  const row = rows[0];
  if (row) return { ok: true, ledgerEntryId: Number(row.id), userId: Number(row.user_id), balanceAfter: BigInt(row.balance_after) };
  const sub = await em.findOne(Subscription, change.subscriptionId, { refresh: true });
  if (!sub) return { ok: false, reason: 'NOT_FOUND' };
  return { ok: false, reason: 'INSUFFICIENT_BALANCE', balance: sub.quotaTotal - sub.quotaUsed };
}
