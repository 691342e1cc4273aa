import { z } from 'zod';

/** The provider-neutral event body; anything else in it is ignored. */
export const PaymentEventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.enum(['payment.succeeded', 'payment.refunded']),
  data: z.object({
    orderId: z.union([z.number().int().positive(), z.string().regex(/^\d{1,10}$/).transform(Number)]),
    amountMinor: z.number().int().nonnegative(),
    currency: z.string().regex(/^[A-Za-z]{3}$/).transform((c) => c.toUpperCase()),
    providerRef: z.string().min(1).max(255),
  }),
});

export type PaymentEvent = z.infer<typeof PaymentEventSchema>;
