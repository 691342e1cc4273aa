import type { EntityManager } from '@mikro-orm/postgresql';

/** First key of the advisory lock that serializes subscription grants per user (second key: user id). */
const GRANT_LOCK_CLASS = 4201;

export interface SubscriptionGrant {
  userId: number;
  packageId: number;
  kind: 'PURCHASE' | 'REDEMPTION';
  /** Unique per kind in the ledger: `order:<id>` or `redeem:<codeId>:<userId>`. */
  reference: string;
  memo?: string | null;
  actorId?: number | null;
  now: Date;
}

export interface GrantedSubscription {
  subscriptionId: number;
  extended: boolean;
  quotaGranted: bigint;
  endsAt: Date;
}

/** Serializes grants for one user until the transaction ends, so two grants never both create. */
export async function lockUserSubscriptions(tx: EntityManager, userId: number): Promise<void> {
  await tx.execute('select pg_advisory_xact_lock(?, ?)', [GRANT_LOCK_CLASS, userId]);
}

/**
 * Creates or extends a subscription and writes its ledger row. Must run inside the caller's
 * transaction, after the caller has won the right to grant (order PENDING -> PAID, or a code use):
 * the grant itself has no idempotency of its own beyond the ledger's unique (kind, reference).
 *
 * Extending = the user's active subscription to the same package gets `ends_at += duration` and
 * `quota_total += quota`; otherwise a new subscription starts now. Either way
 * quota_total - quota_used stays equal to the sum of the subscription's ledger rows.
 */
export async function grantSubscription(tx: EntityManager, grant: SubscriptionGrant): Promise<GrantedSubscription> {
  await lockUserSubscriptions(tx, grant.userId);
  const [pkg] = await tx.execute<{ duration_days: number; quota_per_period: string }[]>(
    'select duration_days, quota_per_period from packages where id = ?',
    [grant.packageId],
  );
  if (!pkg) throw new Error(`package ${grant.packageId} not found`);
  const quota = pkg.quota_per_period;

  const [active] = await tx.execute<{ id: number }[]>(
    `select id from subscriptions
      where user_id = ? and package_id = ? and status = 'ACTIVE' and starts_at <= ? and ends_at > ?
      order by ends_at desc limit 1 for update`,
    [grant.userId, grant.packageId, grant.now, grant.now],
  );

  type Row = { id: number; balance: string; ends_at: Date | string };
  let row: Row | undefined;
  if (active) {
    [row] = await tx.execute<Row[]>(
      `update subscriptions
          set ends_at = ends_at + make_interval(days => ?), quota_total = quota_total + ?, updated_at = now()
        where id = ?
      returning id, quota_total - quota_used as balance, ends_at`,
      [pkg.duration_days, quota, active.id],
    );
  } else {
    [row] = await tx.execute<Row[]>(
      `insert into subscriptions (user_id, package_id, starts_at, ends_at, quota_total, quota_used, quota_reserved,
                                  unlocks_tiers, status, created_at, updated_at)
       select ?, p.id, ?, ?::timestamptz + make_interval(days => p.duration_days), p.quota_per_period, 0, 0,
              p.unlocks_tiers, 'ACTIVE', now(), now()
         from packages p where p.id = ?
       returning id, quota_total - quota_used as balance, ends_at`,
      [grant.userId, grant.now, grant.now, grant.packageId],
    );
  }
  if (!row) throw new Error('subscription grant wrote no row');

  await tx.execute(
    `insert into ledger_entries (user_id, bucket, subscription_id, amount, balance_after, kind, reference, memo, actor_id, created_at)
     values (?, 'SUBSCRIPTION', ?, ?, ?, ?, ?, ?, ?, now())`,
    [grant.userId, row.id, quota, row.balance, grant.kind, grant.reference, grant.memo ?? null, grant.actorId ?? null],
  );
  return { subscriptionId: row.id, extended: Boolean(active), quotaGranted: BigInt(quota), endsAt: new Date(row.ends_at) };
}
