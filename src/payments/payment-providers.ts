import type { PaymentsConfig } from '../config';
import { PaymentProviders, type PaymentProvider } from '../domain/subscriptions/payment-provider';
import { EpayProvider } from './epay/epay-provider';

/** The providers whose settings are complete (loadConfig refuses half-configured ones). */
export function createPaymentProviders(config: PaymentsConfig): PaymentProviders {
  const providers: PaymentProvider[] = [];
  if (config.stripe) {
    // The Stripe SDK is loaded only when Stripe is configured.
    const { StripeProvider } = require('./stripe/stripe-provider') as typeof import('./stripe/stripe-provider');
    providers.push(new StripeProvider({ ...config.stripe, publicUrl: config.publicUrl!, toleranceSeconds: config.toleranceSeconds }));
  }
  if (config.epay) providers.push(new EpayProvider({ ...config.epay, publicUrl: config.publicUrl! }));
  return new PaymentProviders(providers);
}
