import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { ORDER_CANCEL_REASONS, ORDER_STATUSES } from './enums';
import { Package } from './package.entity';
import { Subscription } from './subscription.entity';
import { User } from './user.entity';

export const Order = defineEntity({
  name: 'Order',
  tableName: 'orders',
  indexes: [{ properties: ['user', 'createdAt'] }, { properties: ['paymentRef'] }, { properties: ['status', 'createdAt'] }],
  uniques: [{ properties: ['provider', 'providerRef'] }],
  properties: {
    id: p.integer().primary(),
    user: () => p.manyToOne(User),
    package: () => p.manyToOne(Package),
    amountMinor: p.integer(),
    currency: p.character().length(3),
    status: p.enum([...ORDER_STATUSES]).default('PENDING'),
    /** `admin` when marked paid by hand, else the payment provider's name. */
    provider: p.string().length(64).nullable(),
    /** Stripe: the Checkout Session id; epay: our out_trade_no; custom: the event's providerRef. */
    providerRef: p.string().length(255).nullable(),
    /** `alipay`, `wxpay` (epay) or `card` (Stripe). */
    paymentMethod: p.string().length(32).nullable(),
    /** The provider's id of the money movement (Stripe PaymentIntent, epay trade_no), set when paid. */
    paymentRef: p.string().length(255).nullable(),
    checkoutUrl: p.text().nullable(),
    qrCode: p.text().nullable(),
    /** Unpaid after this: CANCELLED with cancelReason EXPIRED. Null on orders older than checkout. */
    expiresAt: p.datetime().nullable(),
    cancelReason: p.enum([...ORDER_CANCEL_REASONS]).nullable(),
    /** The subscription this order created or extended; set once, when paid. */
    subscription: () => p.manyToOne(Subscription).nullable(),
    paidAt: p.datetime().nullable(),
    cancelledAt: p.datetime().nullable(),
    refundedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type IOrder = InferEntity<typeof Order>;

/** Webhook replay protection: a provider's event id is processed once. */
export const PaymentEvent = defineEntity({
  name: 'PaymentEvent',
  tableName: 'payment_events',
  uniques: [{ properties: ['provider', 'eventId'] }],
  properties: {
    id: p.integer().primary(),
    provider: p.string().length(64),
    eventId: p.string().length(255),
    order: () => p.manyToOne(Order).nullable(),
    receivedAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IPaymentEvent = InferEntity<typeof PaymentEvent>;
