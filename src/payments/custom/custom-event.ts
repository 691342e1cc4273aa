import { z } from 'zod';
import { CUSTOM_PROVIDER, type VerifiedPaymentEvent } from '../../domain/subscriptions/payment-provider';

/** The provider-neutral event body of the custom HMAC webhook; anything else in it is ignored. */
export const CustomEventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.enum(['payment.succeeded', 'payment.refunded']),
  data: z.object({
    orderId: z.union([z.number().int().positive(), z.string().regex(/^\d{1,10}$/).transform(Number)]),
    amountMinor: z.number().int().nonnegative(),
    currency: z.string().regex(/^[A-Za-z]{3}$/).transform((c) => c.toUpperCase()),
    providerRef: z.string().min(1).max(255),
  }),
});

export type CustomEvent = z.infer<typeof CustomEventSchema>;

/**
 * Custom senders post under a name of their choosing (`/payments/webhook/<name>`), which is
 * recorded on the order; their event ids share one `custom` namespace, so a delivery replayed
 * under another name is still a duplicate and can never collide with Stripe's or epay's ids.
 */
export function toCustomPaymentEvent(senderName: string, body: CustomEvent): VerifiedPaymentEvent {
  const common = { provider: CUSTOM_PROVIDER, eventId: body.id, order: { orderId: body.data.orderId } } as const;
  return body.type === 'payment.succeeded'
    ? {
      ...common, kind: 'PAID', amountMinor: body.data.amountMinor, currency: body.data.currency,
      paymentRef: null, payer: senderName, providerRef: body.data.providerRef,
    }
    : { ...common, kind: 'REFUNDED', amountMinor: body.data.amountMinor, currency: body.data.currency };
}
