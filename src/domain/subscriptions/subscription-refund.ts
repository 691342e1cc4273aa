import type { EntityManager } from '@mikro-orm/postgresql';
import { lockUserSubscriptions } from './subscription-grant';

export interface OrderGrantRefund {
  orderId: number;
  userId: number;
  subscriptionId: number;
  packageId: number;
  memo?: string | null;
  actorId?: number | null;
  now: Date;
}

export interface RefundedGrant {
  /** Quota taken back (>= 0; the ledger row carries it negated). */
  quotaRemoved: bigint;
  subscriptionCancelled: boolean;
}

/**
 * The refund rule: a refund takes back what its order granted, as far as it is still unused.
 * - Quota: min(what the order granted, quota_total - quota_used - quota_reserved) leaves the
 *   subscription (quota_total shrinks) with a REFUND ledger row of minus that amount, so
 *   quota_total - quota_used stays equal to the ledger sum. Quota held by in-flight requests
 *   stays so they can settle.
 * - Time: ends_at moves back by the package's duration. When that leaves nothing ahead (the usual
 *   case: an order that created the subscription), the subscription is CANCELLED and ends now.
 *   An order that extended an existing subscription only removes its own period.
 * Runs inside the caller's transaction, after the caller moved the order PAID -> REFUNDED.
 */
export async function refundOrderGrant(tx: EntityManager, refund: OrderGrantRefund): Promise<RefundedGrant> {
  await lockUserSubscriptions(tx, refund.userId);
  const [granted] = await tx.execute<{ amount: string }[]>(
    `select amount from ledger_entries where kind = 'PURCHASE' and reference = ?`,
    [`order:${refund.orderId}`],
  );
  const [sub] = await tx.execute<{ unused: string; cancels: boolean }[]>(
    `select greatest(s.quota_total - s.quota_used - s.quota_reserved, 0) as unused,
            s.ends_at - make_interval(days => p.duration_days) <= ?::timestamptz as cancels
       from subscriptions s join packages p on p.id = ?
      where s.id = ? for update of s`,
    [refund.now, refund.packageId, refund.subscriptionId],
  );
  if (!sub) throw new Error(`subscription ${refund.subscriptionId} not found`);
  const grantedAmount = granted ? BigInt(granted.amount) : 0n;
  const unused = BigInt(sub.unused);
  const quotaRemoved = grantedAmount < unused ? grantedAmount : unused;

  const [row] = await tx.execute<{ balance: string }[]>(
    `update subscriptions s
        set quota_total = s.quota_total - ?,
            ends_at = case when ? then least(s.ends_at, ?::timestamptz)
                           else s.ends_at - make_interval(days => p.duration_days) end,
            status = case when ? then 'CANCELLED' else s.status end,
            updated_at = now()
       from packages p
      where s.id = ? and p.id = ?
    returning s.quota_total - s.quota_used as balance`,
    [quotaRemoved, sub.cancels, refund.now, sub.cancels, refund.subscriptionId, refund.packageId],
  );
  await tx.execute(
    `insert into ledger_entries (user_id, bucket, subscription_id, amount, balance_after, kind, reference, memo, actor_id, created_at)
     values (?, 'SUBSCRIPTION', ?, ?, ?, 'REFUND', ?, ?, ?, now())`,
    [
      refund.userId, refund.subscriptionId, -quotaRemoved, row!.balance, `order:${refund.orderId}`,
      refund.memo ?? null, refund.actorId ?? null,
    ],
  );
  return { quotaRemoved, subscriptionCancelled: sub.cancels };
}
