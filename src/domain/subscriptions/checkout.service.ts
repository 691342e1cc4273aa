import type { EntityManager } from '@mikro-orm/postgresql';
import { Order, Package, type IOrder } from '../../db/entities';
import type { ChangeBus } from '../../lib/change-bus';
import type { Logger } from '../../lib/logger';
import {
  cancelOrder, purchasePackage, refundOrder, type OrderTransitionFailure, type RefundDetails, type RefundResult,
} from './order.service';
import { PaymentProviderError, type PaymentProviders } from './payment-provider';

export interface CheckoutPurchase {
  userId: number;
  packageId: number;
  /** None: a PENDING order paid by an admin or the custom webhook, as before checkout existed. */
  provider?: string | null;
  method?: string | null;
  now: Date;
  ttlMs: number;
}

export type CheckoutPurchaseResult =
  | { ok: true; order: IOrder }
  | { ok: false; reason: 'PACKAGE_UNAVAILABLE' }
  | { ok: false; reason: 'TOO_MANY_PENDING_ORDERS'; limit: number }
  | { ok: false; reason: 'PROVIDER_NOT_ENABLED'; provider: string }
  | { ok: false; reason: 'INVALID'; field: 'method' | 'provider'; message: string }
  | { ok: false; reason: 'PROVIDER_FAILED'; message: string };

/**
 * Creates the order and, when a provider is named, its checkout at that provider; or answers the
 * user's pending order of the same package and way to pay, with the checkout it already has
 * (purchasePackage). A checkout that cannot be created leaves the order CANCELLED
 * (CHECKOUT_FAILED), never a PENDING order nobody can pay.
 */
export async function purchaseWithCheckout(
  em: EntityManager, providers: PaymentProviders, logger: Logger, purchase: CheckoutPurchase,
): Promise<CheckoutPurchaseResult> {
  const expiresAt = new Date(purchase.now.getTime() + purchase.ttlMs);
  // A pending order with less than a quarter of its time left is not handed out again: too little to pay it.
  const timing = { now: purchase.now, expiresAt, reusableUntil: new Date(purchase.now.getTime() + Math.floor(purchase.ttlMs / 4)) };
  if (purchase.provider == null) {
    if (purchase.method != null) return { ok: false, reason: 'INVALID', field: 'method', message: 'method needs a provider' };
    return purchasePackage(em, purchase.userId, purchase.packageId, timing);
  }
  const provider = providers.get(purchase.provider);
  if (!provider) return { ok: false, reason: 'PROVIDER_NOT_ENABLED', provider: purchase.provider };
  const method = purchase.method ?? provider.methods[0]!.method;
  if (!provider.methods.some((m) => m.method === method)) {
    const known = provider.methods.map((m) => m.method).join(', ');
    return { ok: false, reason: 'INVALID', field: 'method', message: `${provider.name} offers ${known}` };
  }
  const pkg = await em.findOne(Package, { id: purchase.packageId, status: 'ACTIVE' });
  if (!pkg) return { ok: false, reason: 'PACKAGE_UNAVAILABLE' };
  const unsupported = provider.unsupportedCurrency(pkg.currency);
  if (unsupported) return { ok: false, reason: 'INVALID', field: 'provider', message: `${unsupported}; this package is priced in ${pkg.currency}` };

  const created = await purchasePackage(em, purchase.userId, pkg.id, { ...timing, provider: provider.name, paymentMethod: method });
  if (!created.ok) return created;
  const order = created.order;
  if (created.reused) return { ok: true, order };
  try {
    const checkout = await provider.createCheckout({
      orderId: order.id, amountMinor: order.amountMinor, currency: order.currency, title: pkg.name, method, expiresAt, now: purchase.now,
    });
    order.providerRef = checkout.providerRef;
    order.checkoutUrl = checkout.checkoutUrl;
    order.qrCode = checkout.qrCode;
    await em.flush();
    return { ok: true, order };
  } catch (err) {
    await cancelOrder(em, order.id, purchase.now, 'CHECKOUT_FAILED');
    if (!(err instanceof PaymentProviderError)) throw err;
    logger.warn('checkout could not be created', { provider: provider.name, orderId: order.id, error: err.message });
    return { ok: false, reason: 'PROVIDER_FAILED', message: err.message };
  }
}

export type ProviderCancelResult =
  | { ok: true }
  | OrderTransitionFailure
  | { ok: false; reason: 'PROVIDER_FAILED'; provider: string; message: string };

/**
 * Admin cancel: the provider's checkout is closed first where it can be (Stripe), so the user
 * cannot pay an order that is already cancelled. epay pages cannot be closed: a payment made
 * there afterwards is logged as ignored and must be refunded by hand.
 */
export async function cancelOrderWithProvider(
  em: EntityManager, providers: PaymentProviders, orderId: number, now: Date,
): Promise<ProviderCancelResult> {
  const order = await em.findOne(Order, orderId, { refresh: true });
  if (!order) return { ok: false, reason: 'NOT_FOUND' };
  if (order.status !== 'PENDING') return { ok: false, reason: 'WRONG_STATUS', status: order.status };
  const provider = order.provider ? providers.get(order.provider) : undefined;
  if (provider?.cancelCheckout) {
    try {
      await provider.cancelCheckout(providerOrder(order));
    } catch (err) {
      if (err instanceof PaymentProviderError) return { ok: false, reason: 'PROVIDER_FAILED', provider: provider.name, message: err.message };
      throw err;
    }
  }
  return cancelOrder(em, orderId, now, 'ADMIN');
}

function providerOrder(order: IOrder) {
  return { id: order.id, amountMinor: order.amountMinor, currency: order.currency, providerRef: order.providerRef ?? null, paymentRef: order.paymentRef ?? null };
}

export type ProviderRefundResult = RefundResult | { ok: false; reason: 'PROVIDER_FAILED'; provider: string; message: string };

/**
 * Admin refund: the money goes back through the provider first (Stripe), then the order's grant
 * is taken back as for any refund. Providers without a refund call (epay) are refunded by hand
 * at the provider; this only takes back the grant. A provider refusal changes nothing here.
 */
export async function refundOrderWithProvider(
  em: EntityManager, providers: PaymentProviders, changeBus: ChangeBus, refund: RefundDetails,
): Promise<ProviderRefundResult> {
  const order = await em.findOne(Order, refund.orderId, { refresh: true });
  if (!order) return { ok: false, reason: 'NOT_FOUND' };
  if (order.status !== 'PAID') return { ok: false, reason: 'WRONG_STATUS', status: order.status };
  const provider = order.provider ? providers.get(order.provider) : undefined;
  if (provider?.refund && order.paymentRef) {
    try {
      await provider.refund(providerOrder(order));
    } catch (err) {
      if (err instanceof PaymentProviderError) return { ok: false, reason: 'PROVIDER_FAILED', provider: provider.name, message: err.message };
      throw err;
    }
  }
  const result = await refundOrder(em, changeBus, refund);
  // The provider's own refund notification may have refunded the order in between: same outcome.
  if (!result.ok && result.reason === 'WRONG_STATUS' && result.status === 'REFUNDED') {
    return { ok: true, userId: order.user.id, quotaRemoved: 0n, subscriptionCancelled: false, inviterId: null };
  }
  return result;
}
