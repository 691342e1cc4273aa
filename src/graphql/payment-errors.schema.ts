import { builder } from './builder';
import { DomainError, ErrorInterface } from './errors.schema';

export class PaymentProviderNotEnabledError extends DomainError {
  readonly code = 'PAYMENT_PROVIDER_NOT_ENABLED';
  constructor(readonly provider: string) {
    super(`The payment provider "${provider}" is not enabled here; see paymentMethods.`);
    this.name = 'PaymentProviderNotEnabledError';
  }
}

builder.objectType(PaymentProviderNotEnabledError, {
  name: 'PaymentProviderNotEnabledError',
  description: 'The named payment provider is not configured on this gateway.',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof PaymentProviderNotEnabledError,
  fields: (t) => ({ provider: t.exposeString('provider') }),
});

export class PaymentProviderFailedError extends DomainError {
  readonly code = 'PAYMENT_PROVIDER_FAILED';
  constructor(readonly provider: string, message: string) {
    super(message);
    this.name = 'PaymentProviderFailedError';
  }
}

builder.objectType(PaymentProviderFailedError, {
  name: 'PaymentProviderFailedError',
  description: 'The payment provider refused or could not be reached; nothing was charged or changed. Try again later.',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof PaymentProviderFailedError,
  fields: (t) => ({ provider: t.exposeString('provider') }),
});

export class TooManyPendingOrdersError extends DomainError {
  readonly code = 'TOO_MANY_PENDING_ORDERS';
  constructor(readonly limit: number) {
    super(`You have ${limit} unpaid orders; pay or let one expire before starting another.`);
    this.name = 'TooManyPendingOrdersError';
  }
}

builder.objectType(TooManyPendingOrdersError, {
  name: 'TooManyPendingOrdersError',
  description:
    'The user already has this many unpaid orders that can still be paid. Asking again for the same package and way to pay ' +
    'answers that pending order (and its checkout) instead, so this only refuses a new one.',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof TooManyPendingOrdersError,
  fields: (t) => ({ limit: t.exposeInt('limit') }),
});
