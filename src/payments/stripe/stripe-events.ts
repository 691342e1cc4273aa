import type Stripe from 'stripe';
import type { NotificationResult } from '../../domain/subscriptions/payment-provider';

function claimedOrderId(metadata: Stripe.Metadata | null | undefined, clientReference?: string | null): number | null {
  const raw = metadata?.order_id ?? clientReference ?? null;
  return raw !== null && /^\d{1,10}$/.test(raw) ? Number(raw) : null;
}

export function paymentIntentId(ref: string | { id: string } | null): string | null {
  return ref === null ? null : typeof ref === 'string' ? ref : ref.id;
}

/**
 * A verified Stripe event -> what it means for an order. The order is found by the session id we
 * stored at checkout (or the PaymentIntent, for refunds), and the order id Stripe echoes back in
 * metadata must agree with it.
 */
export function toStripeEvent(event: Stripe.Event): NotificationResult {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      // Completed with payment_status `unpaid`: an async method (bank debit) still running;
      // async_payment_succeeded follows when the money arrives.
      if (session.payment_status !== 'paid') return { ok: true, event: null, note: `payment_status ${session.payment_status}` };
      if (session.amount_total === null || !session.currency) return { ok: true, event: null, note: 'session without an amount' };
      return {
        ok: true,
        event: {
          provider: 'stripe',
          eventId: event.id,
          kind: 'PAID',
          order: { providerRef: session.id },
          claimedOrderId: claimedOrderId(session.metadata, session.client_reference_id),
          amountMinor: session.amount_total,
          currency: session.currency.toUpperCase(),
          paymentRef: paymentIntentId(session.payment_intent),
        },
      };
    }
    case 'checkout.session.expired': {
      const session = event.data.object;
      return {
        ok: true,
        event: {
          provider: 'stripe', eventId: event.id, kind: 'EXPIRED', order: { providerRef: session.id },
          claimedOrderId: claimedOrderId(session.metadata, session.client_reference_id),
        },
      };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const paymentIntent = paymentIntentId(charge.payment_intent);
      if (!paymentIntent) return { ok: true, event: null, note: 'charge without a PaymentIntent' };
      return {
        ok: true,
        event: {
          provider: 'stripe',
          eventId: event.id,
          kind: 'REFUNDED',
          order: { paymentRef: paymentIntent },
          claimedOrderId: claimedOrderId(charge.metadata),
          // A partial refund does not match the order's amount and is left to an operator.
          amountMinor: charge.amount_refunded,
          currency: charge.currency.toUpperCase(),
        },
      };
    }
    default:
      return { ok: true, event: null, note: `event type ${event.type} is not used` };
  }
}
