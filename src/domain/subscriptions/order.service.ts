import type { EntityManager } from '@mikro-orm/postgresql';
import { Order, Package, type IOrder, type OrderCancelReason, type OrderStatus } from '../../db/entities';
import type { ChangeBus } from '../../lib/change-bus';
import { creditOrderCommission, reverseOrderCommission, type InvitationRewardRules } from '../invitations/invitation-rewards';
import { grantSubscription } from './subscription-grant';
import { refundOrderGrant } from './subscription-refund';

export type OrderTransitionFailure =
  | { ok: false; reason: 'NOT_FOUND' }
  | { ok: false; reason: 'WRONG_STATUS'; status: OrderStatus };

/**
 * Unpaid orders one user may have at once: enough to try another package or way to pay, too few
 * to make the gateway open checkout sessions without end.
 */
export const MAX_PENDING_ORDERS = 5;

export type PurchaseResult =
  /** `reused`: the user's pending order of the same package and way to pay, with its checkout. */
  | { ok: true; order: IOrder; reused: boolean }
  | { ok: false; reason: 'PACKAGE_UNAVAILABLE' }
  | { ok: false; reason: 'TOO_MANY_PENDING_ORDERS'; limit: number };

export interface PurchaseOptions {
  now: Date;
  /** Unpaid orders expire then (CANCELLED, cancelReason EXPIRED). */
  expiresAt: Date;
  /** A pending order is reused only while it stays payable at least until then. */
  reusableUntil: Date;
  /** The checkout provider (`stripe`, `epay`); none for a manually or custom-webhook paid order. */
  provider?: string | null;
  paymentMethod?: string | null;
}

export interface PaymentDetails {
  orderId: number;
  /**
   * `admin` when marked paid by hand, else the payment provider's name. Recorded only on orders
   * that have no provider yet: a checkout order keeps the provider it was created for.
   */
  provider: string;
  /** Recorded only on orders that have none (a checkout order keeps its session/trade reference). */
  providerRef?: string | null;
  /** The provider's id of the payment (Stripe PaymentIntent, epay trade_no). */
  paymentRef?: string | null;
  /** A verified provider payment also pays an order that expired unpaid: the user's money was taken. */
  acceptExpired?: boolean;
  memo?: string | null;
  actorId?: number | null;
  now: Date;
  /** The invitation rewards in force: the payer's inviter may earn a share of the order (src/domain/invitations). */
  inviteRewards: InvitationRewardRules;
}

/** `inviterId`: an inviter whose free quota the payment changed (a commission), for announcing once committed. */
export type PayResult = { ok: true; userId: number; subscriptionId: number; extended: boolean; inviterId: number | null } | OrderTransitionFailure;

export interface RefundDetails {
  orderId: number;
  memo?: string | null;
  actorId?: number | null;
  now: Date;
}

export type RefundResult =
  | { ok: true; userId: number; quotaRemoved: bigint; subscriptionCancelled: boolean; inviterId: number | null }
  | OrderTransitionFailure;

/**
 * A PENDING order for the package at its current price, or the user's pending order of the same
 * package, price and way to pay (with its checkout, when it has a provider) while it stays
 * payable: asking again, a double click, a reload, all get the same order and checkout rather
 * than a new one. Past MAX_PENDING_ORDERS payable unpaid orders, a new one is refused.
 */
export async function purchasePackage(
  em: EntityManager, userId: number, packageId: number, options: PurchaseOptions,
): Promise<PurchaseResult> {
  const pkg = await em.findOne(Package, { id: packageId, status: 'ACTIVE' });
  if (!pkg) return { ok: false, reason: 'PACKAGE_UNAVAILABLE' };
  const provider = options.provider ?? null;
  const paymentMethod = options.paymentMethod ?? null;
  const outcome = await em.transactional(async (tx): Promise<{ id: number; reused: boolean } | { limit: number }> => {
    // One purchase per user at a time, so concurrent calls can neither both create nor pass the count.
    await tx.execute('select id from users where id = ? for update', [userId]);
    const pending = await tx.find(Order, { user: userId, status: 'PENDING', expiresAt: { $gt: options.now } }, { orderBy: { id: 'desc' } });
    const same = pending.find((o) =>
      o.package.id === pkg.id && o.amountMinor === pkg.priceMinor && o.currency === pkg.currency
      && (o.provider ?? null) === provider && (o.paymentMethod ?? null) === paymentMethod
      && o.expiresAt != null && o.expiresAt >= options.reusableUntil
      && (provider === null || o.checkoutUrl != null || o.qrCode != null));
    if (same) return { id: same.id, reused: true };
    if (pending.length >= MAX_PENDING_ORDERS) return { limit: MAX_PENDING_ORDERS };
    // Price and currency are copied: later package edits never change what an order costs.
    const order = tx.create(Order, {
      user: userId,
      package: pkg.id,
      amountMinor: pkg.priceMinor,
      currency: pkg.currency,
      expiresAt: options.expiresAt,
      provider,
      paymentMethod,
    });
    await tx.flush();
    return { id: order.id, reused: false };
  });
  if ('limit' in outcome) return { ok: false, reason: 'TOO_MANY_PENDING_ORDERS', limit: outcome.limit };
  return { ok: true, order: await em.findOneOrFail(Order, outcome.id, { refresh: true }), reused: outcome.reused };
}

async function failure(tx: EntityManager, orderId: number): Promise<OrderTransitionFailure> {
  const [row] = await tx.execute<{ status: OrderStatus }[]>('select status from orders where id = ?', [orderId]);
  return row ? { ok: false, reason: 'WRONG_STATUS', status: row.status } : { ok: false, reason: 'NOT_FOUND' };
}

/**
 * PENDING -> PAID and the subscription grant, inside the caller's transaction. The conditional
 * UPDATE is the only gate: concurrent payers (webhook retries, an admin) queue on the order's row
 * lock and all but the first see a non-PENDING order and grant nothing.
 */
export async function payOrderInTransaction(tx: EntityManager, payment: PaymentDetails): Promise<PayResult> {
  const [order] = await tx.execute<{ user_id: number; package_id: number }[]>(
    `update orders set status = 'PAID', provider = coalesce(provider, ?), provider_ref = coalesce(provider_ref, ?),
            payment_ref = coalesce(?, payment_ref), cancelled_at = null, cancel_reason = null, paid_at = ?, updated_at = now()
      where id = ? and (status = 'PENDING' or (? and status = 'CANCELLED' and cancel_reason = 'EXPIRED'))
    returning user_id, package_id`,
    [payment.provider, payment.providerRef ?? null, payment.paymentRef ?? null, payment.now, payment.orderId, payment.acceptExpired === true],
  );
  if (!order) return failure(tx, payment.orderId);
  const granted = await grantSubscription(tx, {
    userId: order.user_id,
    packageId: order.package_id,
    kind: 'PURCHASE',
    reference: `order:${payment.orderId}`,
    memo: payment.memo,
    actorId: payment.actorId,
    now: payment.now,
  });
  await tx.execute('update orders set subscription_id = ? where id = ?', [granted.subscriptionId, payment.orderId]);
  const commission = await creditOrderCommission(
    tx, { orderId: payment.orderId, userId: order.user_id, quotaGranted: granted.quotaGranted }, payment.inviteRewards,
  );
  return { ok: true, userId: order.user_id, subscriptionId: granted.subscriptionId, extended: granted.extended, inviterId: commission?.inviterId ?? null };
}

/**
 * PAID -> REFUNDED and the refund rule of subscription-refund.ts, inside the caller's transaction;
 * an invitation commission the order paid is taken back with it.
 */
export async function refundOrderInTransaction(tx: EntityManager, refund: RefundDetails): Promise<RefundResult> {
  const [order] = await tx.execute<{ user_id: number; package_id: number; subscription_id: number | null }[]>(
    `update orders set status = 'REFUNDED', refunded_at = ?, updated_at = now()
      where id = ? and status = 'PAID'
    returning user_id, package_id, subscription_id`,
    [refund.now, refund.orderId],
  );
  if (!order) return failure(tx, refund.orderId);
  const inviterId = (await reverseOrderCommission(tx, refund.orderId))?.inviterId ?? null;
  if (order.subscription_id === null) return { ok: true, userId: order.user_id, quotaRemoved: 0n, subscriptionCancelled: false, inviterId };
  const taken = await refundOrderGrant(tx, {
    orderId: refund.orderId,
    userId: order.user_id,
    subscriptionId: order.subscription_id,
    packageId: order.package_id,
    memo: refund.memo,
    actorId: refund.actorId,
    now: refund.now,
  });
  return { ok: true, userId: order.user_id, ...taken, inviterId };
}

/** Tells every process's entitlement cache that this user's subscriptions changed. */
export async function announceSubscriptionChange(changeBus: ChangeBus, userId: number): Promise<void> {
  await changeBus.publish({ topic: 'subscription', id: String(userId) });
}

/**
 * After an order's payment or refund commits: the payer's subscriptions changed, and so did the
 * free quota of their inviter when a commission was credited or taken back (quota leases are
 * given back on a balance change, see quota-leases.ts).
 */
export async function announceOrderChange(changeBus: ChangeBus, result: { userId: number; inviterId: number | null }): Promise<void> {
  await announceSubscriptionChange(changeBus, result.userId);
  if (result.inviterId !== null) await changeBus.publish({ topic: 'user', id: String(result.inviterId) });
}

export async function markOrderPaid(em: EntityManager, changeBus: ChangeBus, payment: PaymentDetails): Promise<PayResult> {
  const result = await em.transactional((tx) => payOrderInTransaction(tx, payment));
  if (result.ok) await announceOrderChange(changeBus, result);
  return result;
}

export async function refundOrder(em: EntityManager, changeBus: ChangeBus, refund: RefundDetails): Promise<RefundResult> {
  const result = await em.transactional((tx) => refundOrderInTransaction(tx, refund));
  if (result.ok) await announceOrderChange(changeBus, result);
  return result;
}

/** PENDING -> CANCELLED; runs in the caller's transaction when given one. */
export async function cancelOrder(
  em: EntityManager, orderId: number, now: Date, reason: OrderCancelReason,
): Promise<{ ok: true } | OrderTransitionFailure> {
  const rows = await em.execute<{ id: number }[]>(
    `update orders set status = 'CANCELLED', cancelled_at = ?, cancel_reason = ?, updated_at = now()
      where id = ? and status = 'PENDING' returning id`,
    [now, reason, orderId],
  );
  return rows[0] ? { ok: true } : failure(em, orderId);
}
