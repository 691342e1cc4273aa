/**
 * What the order state machine needs from a payment provider (Stripe, epay, the custom HMAC
 * webhook). Providers never change an order: they create checkouts, turn a notification into a
 * verified event, answer "is this order paid?" and move money back; order.service.ts and
 * payment-events.ts alone decide what an event does to an order.
 */

/** Names that identify a provider in orders.provider and as the namespace of its event ids. */
export type CheckoutProviderName = 'stripe' | 'epay';
export const CHECKOUT_PROVIDERS: readonly CheckoutProviderName[] = ['stripe', 'epay'];
/** Event ids of every custom (HMAC webhook) sender share this namespace. */
export const CUSTOM_PROVIDER = 'custom';

export interface PaymentMethodInfo {
  provider: CheckoutProviderName;
  method: string;
  displayName: string;
}

export interface CheckoutRequest {
  orderId: number;
  amountMinor: number;
  currency: string;
  /** Shown at the provider, e.g. the package name. */
  title: string;
  method: string;
  expiresAt: Date;
  now: Date;
}

export interface Checkout {
  /** Where the user pays. */
  checkoutUrl: string;
  /** A payload to render as a QR code, when the provider gives one. */
  qrCode: string | null;
  /** How the provider names this checkout (Stripe session id, epay out_trade_no). */
  providerRef: string;
}

/** How a verified event points at its order. */
export type OrderLocator = { orderId: number } | { providerRef: string } | { paymentRef: string };

export type VerifiedPaymentEvent = {
  /** Namespace of eventId: `stripe`, `epay` or `custom`. */
  provider: CheckoutProviderName | typeof CUSTOM_PROVIDER;
  eventId: string;
  order: OrderLocator;
  /** An order id the provider echoed back (Stripe metadata), cross-checked against the located order. */
  claimedOrderId?: number | null;
} & (
  | {
      kind: 'PAID';
      amountMinor: number;
      currency: string;
      /** Recorded on the order: Stripe PaymentIntent, epay trade_no, custom providerRef. */
      paymentRef: string | null;
      /** For custom senders, the name they post under (recorded as orders.provider). */
      payer?: string;
      /** Custom senders: their reference, recorded as orders.provider_ref on orders that have none. */
      providerRef?: string | null;
    }
  | { kind: 'REFUNDED'; amountMinor: number | null; currency: string | null }
  /** The provider will no longer take money for this checkout (Stripe session expired). */
  | { kind: 'EXPIRED' }
);

export type NotificationResult =
  | { ok: true; event: VerifiedPaymentEvent }
  /** Authentic, but nothing an order cares about (another event type, a non-final status). */
  | { ok: true; event: null; note: string }
  /** Signature, timestamp or merchant id wrong: answered without a reason. */
  | { ok: false };

export interface IncomingNotification {
  rawBody: Buffer;
  header(name: string): string | undefined;
  /** Query string for GET notifications, form fields for POST ones. */
  params: URLSearchParams;
  nowSeconds: number;
}

/** The provider's view of one order, for reconciliation. */
export type ProviderOrderStatus =
  | { status: 'PAID'; amountMinor: number; currency: string; paymentRef: string | null }
  | { status: 'PENDING' }
  | { status: 'EXPIRED' }
  | { status: 'UNKNOWN' };

export interface ProviderOrder {
  id: number;
  amountMinor: number;
  currency: string;
  providerRef: string | null;
  paymentRef: string | null;
}

export interface PaymentProvider {
  readonly name: CheckoutProviderName;
  readonly methods: readonly PaymentMethodInfo[];
  /** Why this provider cannot sell an order in this currency, or null. */
  unsupportedCurrency(currency: string): string | null;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  verifyNotification(notification: IncomingNotification): NotificationResult;
  queryOrder(order: ProviderOrder): Promise<ProviderOrderStatus>;
  /**
   * Closes the checkout so it can no longer take money (before an admin cancels the order);
   * absent when the protocol has no such call. Throws PaymentProviderError when it cannot.
   */
  cancelCheckout?(order: ProviderOrder): Promise<void>;
  /** Moves the money back; absent when the protocol has none (the refund is then done by hand). */
  refund?(order: ProviderOrder): Promise<void>;
}

/** A provider refused or could not be reached; the message is safe to show an admin. */
export class PaymentProviderError extends Error {
  constructor(readonly provider: string, message: string) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/** The enabled providers, built once in the composition root. */
export class PaymentProviders {
  private readonly byName: Map<string, PaymentProvider>;

  constructor(providers: PaymentProvider[]) {
    this.byName = new Map(providers.map((p) => [p.name, p]));
  }

  get(name: string): PaymentProvider | undefined {
    return this.byName.get(name);
  }

  get enabled(): PaymentProvider[] {
    return [...this.byName.values()];
  }

  get methods(): PaymentMethodInfo[] {
    return this.enabled.flatMap((p) => p.methods);
  }
}
