import { z } from 'zod';
import { trimTrailingSlashes } from '../lib/linear-text';
import { positiveInt } from './env-values';

/** Payment providers (the HMAC webhook, Stripe, epay) and how unpaid orders expire and are reconciled. */
export const paymentsEnv = {
  PAYMENT_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  PAYMENT_WEBHOOK_TOLERANCE_SECONDS: positiveInt.default(300),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Another Stripe API host (stripe-mock, a test fake), e.g. http://127.0.0.1:12111. */
  STRIPE_API_BASE: z.string().url().regex(/^https?:\/\//, 'must be an http(s) URL').optional(),
  /** The epay (易支付) gateway, e.g. https://pay.example.com; enabled with EPAY_PID and EPAY_KEY. */
  EPAY_URL: z.string().url().regex(/^https?:\/\//, 'must be an http(s) URL').transform(trimTrailingSlashes).optional(),
  EPAY_PID: z.string().regex(/^\w{1,64}$/, 'must be the merchant id epay gave you').optional(),
  EPAY_KEY: z.string().min(1).optional(),
  /** Unpaid orders are cancelled (EXPIRED) this long after they were created. */
  ORDER_TTL_MINUTES: positiveInt.default(60),
  PAYMENT_RECONCILE_INTERVAL_S: positiveInt.default(300),
  /** Reconciliation asks providers only about orders at least this old (their notification had its chance). */
  PAYMENT_RECONCILE_MIN_AGE_S: z.coerce.number().int().min(0).default(120),
};
