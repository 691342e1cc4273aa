import Stripe from 'stripe';
import {
  PaymentProviderError,
  type Checkout, type CheckoutRequest, type IncomingNotification, type NotificationResult, type PaymentMethodInfo,
  type PaymentProvider, type ProviderOrder, type ProviderOrderStatus,
} from '../../domain/subscriptions/payment-provider';
import { checkoutReturnUrl } from '../return-urls';
import { paymentIntentId, toStripeEvent } from './stripe-events';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** e.g. http://127.0.0.1:12111 for stripe-mock or a test fake; unset: api.stripe.com. */
  apiBase: string | undefined;
  publicUrl: string;
  /** Seconds a webhook's `t=` may lag behind now. */
  toleranceSeconds: number;
}

// Stripe accepts a Checkout Session expiry between 30 minutes and 24 hours from its creation;
// a minute of margin on each side absorbs clock skew between us and Stripe.
const MIN_SESSION_S = 30 * 60 + 60;
const MAX_SESSION_S = 24 * 3600 - 60;

/** The SDK's host/port/protocol settings for another API base (the SDK has no base-URL option). */
export function stripeHostConfig(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly methods: readonly PaymentMethodInfo[] = [{ provider: 'stripe', method: 'card', displayName: 'Card (Stripe)' }];
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    this.stripe = new Stripe(settings.secretKey, {
      ...stripeHostConfig(settings.apiBase),
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
    });
  }

  unsupportedCurrency(): string | null {
    return null;
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const nowS = Math.floor(request.now.getTime() / 1000);
    const wanted = Math.floor(request.expiresAt.getTime() / 1000);
    const expiresAt = Math.min(Math.max(wanted, nowS + MIN_SESSION_S), nowS + MAX_SESSION_S);
    const orderId = String(request.orderId);
    try {
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [{
            quantity: 1,
            price_data: { currency: request.currency.toLowerCase(), unit_amount: request.amountMinor, product_data: { name: request.title } },
          }],
          client_reference_id: orderId,
          metadata: { order_id: orderId },
          // So the PaymentIntent, its charges and their refunds map back to the order.
          payment_intent_data: { metadata: { order_id: orderId } },
          success_url: checkoutReturnUrl(this.settings.publicUrl, request.orderId, 'success'),
          cancel_url: checkoutReturnUrl(this.settings.publicUrl, request.orderId, 'cancelled'),
          expires_at: expiresAt,
        },
        // One session per order, even when our request is retried.
        { idempotencyKey: `gateway-order-${orderId}-checkout` },
      );
      if (!session.url) throw new PaymentProviderError('stripe', 'Stripe returned a Checkout Session without a URL');
      return { checkoutUrl: session.url, qrCode: null, providerRef: session.id };
    } catch (err) {
      throw asProviderError(err, 'could not create the Stripe Checkout Session');
    }
  }

  verifyNotification(notification: IncomingNotification): NotificationResult {
    const header = notification.header('stripe-signature');
    if (!header) return { ok: false };
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        notification.rawBody, header, this.settings.webhookSecret, this.settings.toleranceSeconds, undefined, notification.nowSeconds * 1000,
      );
    } catch {
      return { ok: false };
    }
    return toStripeEvent(event);
  }

  async queryOrder(order: ProviderOrder): Promise<ProviderOrderStatus> {
    if (!order.providerRef) return { status: 'UNKNOWN' };
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.retrieve(order.providerRef);
    } catch (err) {
      throw asProviderError(err, 'could not read the Stripe Checkout Session');
    }
    if (session.status === 'complete' && session.payment_status === 'paid' && session.amount_total !== null && session.currency) {
      return {
        status: 'PAID',
        amountMinor: session.amount_total,
        currency: session.currency.toUpperCase(),
        paymentRef: paymentIntentId(session.payment_intent),
      };
    }
    if (session.status === 'expired') return { status: 'EXPIRED' };
    return { status: 'PENDING' };
  }

  async cancelCheckout(order: ProviderOrder): Promise<void> {
    if (!order.providerRef) return;
    try {
      await this.stripe.checkout.sessions.expire(order.providerRef);
    } catch (err) {
      // Only open sessions can be expired: a paid one is left for reconcileOrder to pick up.
      throw asProviderError(err, 'could not expire the Stripe Checkout Session (reconcile the order: it may be paid)');
    }
  }

  async refund(order: ProviderOrder): Promise<void> {
    if (!order.paymentRef) {
      throw new PaymentProviderError('stripe', 'this order has no Stripe PaymentIntent (not paid through Stripe); refund it by hand');
    }
    try {
      await this.stripe.refunds.create(
        { payment_intent: order.paymentRef, metadata: { order_id: String(order.id) } },
        { idempotencyKey: `gateway-order-${order.id}-refund` },
      );
    } catch (err) {
      // Already refunded at Stripe (e.g. from the dashboard): the money is back, take back the grant.
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'charge_already_refunded') return;
      throw asProviderError(err, 'Stripe refused the refund');
    }
  }
}

function asProviderError(err: unknown, what: string): PaymentProviderError {
  if (err instanceof PaymentProviderError) return err;
  // Stripe's own message says what to fix (a bad currency, an unknown id) and carries no secret.
  const detail = err instanceof Stripe.errors.StripeError ? `: ${err.message}` : '';
  return new PaymentProviderError('stripe', `${what}${detail}`);
}
