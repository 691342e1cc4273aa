import type { FilterQuery } from '@mikro-orm/postgresql';
import { Order, ORDER_CANCEL_REASONS, ORDER_STATUSES, type IOrder, type OrderStatus } from '../db/entities';
import { toEntityId } from '../domain/domain-result';
import { formatMinorUnits } from '../domain/subscriptions/money';
import { cancelOrderWithProvider, purchaseWithCheckout, refundOrderWithProvider } from '../domain/subscriptions/checkout.service';
import { invitationRewardRules } from '../domain/invitations/invitation-rewards';
import { markOrderPaid, type OrderTransitionFailure } from '../domain/subscriptions/order.service';
import { builder } from './builder';
import type { GraphQLContext } from './context';
import { DomainError, ErrorInterface, InputValidationError, NotFoundError } from './errors.schema';
import { isAdmin, ownOrAdminScope } from './ownership';
import { PackageRef } from './packages.schema';
import { keysetConnection } from './pagination';
import { PaymentProviderFailedError, PaymentProviderNotEnabledError, TooManyPendingOrdersError } from './payment-errors.schema';
import { SubscriptionRef } from './subscriptions.schema';
import { UserRef } from './user.schema';

export const OrderStatusEnum = builder.enumType('OrderStatus', { values: ORDER_STATUSES });
const OrderCancelReasonEnum = builder.enumType('OrderCancelReason', {
  description: 'EXPIRED: unpaid past expiresAt, or the checkout expired at the provider (a late provider payment still pays it). ' +
    'ADMIN: cancelled by an admin. CHECKOUT_FAILED: the provider could not create the checkout.',
  values: ORDER_CANCEL_REASONS,
});

export class OrderStatusError extends DomainError {
  readonly code = 'ORDER_STATUS';
  constructor(readonly status: OrderStatus, action: string) {
    super(`Cannot ${action} an order that is ${status}.`);
    this.name = 'OrderStatusError';
  }
}

builder.objectType(OrderStatusError, {
  name: 'OrderStatusError',
  description: 'The order is not in a state that allows this.',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof OrderStatusError,
  fields: (t) => ({ status: t.field({ type: OrderStatusEnum, resolve: (e) => e.status }) }),
});

export const OrderRef = builder.objectRef<IOrder>('Order').implement({
  description: 'A purchase of a package. Paying it creates or extends a subscription exactly once.',
  fields: (t) => ({
    id: t.exposeID('id'),
    user: t.field({ type: UserRef, resolve: (o) => o.user.id }),
    package: t.field({ type: PackageRef, resolve: (o) => o.package.id }),
    amount: t.string({ description: 'Exact decimal string, e.g. "19.98".', resolve: (o) => formatMinorUnits(o.amountMinor, o.currency) }),
    amountMinor: t.exposeInt('amountMinor'),
    currency: t.exposeString('currency'),
    status: t.field({ type: OrderStatusEnum, resolve: (o) => o.status }),
    provider: t.exposeString('provider', {
      nullable: true,
      description: '`stripe` or `epay` for a checkout order; else who paid it: `admin` by hand, or the custom webhook sender.',
    }),
    providerRef: t.exposeString('providerRef', { nullable: true, description: 'Stripe Checkout Session id, epay out_trade_no, or the custom sender\'s reference.' }),
    paymentMethod: t.exposeString('paymentMethod', { nullable: true, description: '`card` (Stripe), `alipay` or `wxpay` (epay).' }),
    paymentRef: t.exposeString('paymentRef', { nullable: true, description: 'The provider\'s payment id once paid (Stripe PaymentIntent, epay trade_no).' }),
    checkoutUrl: t.exposeString('checkoutUrl', { nullable: true, description: 'Where the user pays (send the browser there).' }),
    qrCode: t.exposeString('qrCode', { nullable: true, description: 'A payload to show as a QR code, when the provider gives one.' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', nullable: true, description: 'An unpaid order is cancelled (EXPIRED) then.' }),
    cancelReason: t.field({ type: OrderCancelReasonEnum, nullable: true, resolve: (o) => o.cancelReason ?? null }),
    subscription: t.field({
      type: SubscriptionRef,
      nullable: true,
      description: 'The subscription this order created or extended.',
      resolve: (o) => o.subscription?.id ?? null,
    }),
    paidAt: t.expose('paidAt', { type: 'DateTime', nullable: true }),
    cancelledAt: t.expose('cancelledAt', { type: 'DateTime', nullable: true }),
    refundedAt: t.expose('refundedAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const OrderFilter = builder.inputType('OrderFilter', {
  fields: (t) => ({
    status: t.field({ type: OrderStatusEnum }),
    packageId: t.id(),
    userId: t.id({ description: 'Admins only, unless it is your own id.' }),
  }),
});

export async function loadOrder(ctx: GraphQLContext, id: string | number): Promise<IOrder> {
  const orderId = toEntityId(id);
  // refresh: the row may just have moved by raw SQL in this request.
  const order = orderId === null ? null : await ctx.em.findOne(Order, orderId, { refresh: true });
  // Another user's order is reported exactly like a missing one.
  if (!order || (!isAdmin(ctx) && order.user.id !== ctx.viewer?.id)) throw new NotFoundError('Order');
  return order;
}

function transitionFailed(failure: OrderTransitionFailure, action: string): never {
  if (failure.reason === 'NOT_FOUND') throw new NotFoundError('Order');
  throw new OrderStatusError(failure.status, action);
}

builder.queryFields((t) => ({
  orders: t.connection(
    {
      type: OrderRef,
      description: "The viewer's orders, newest first; admins see every user's and may filter.",
      args: { filter: t.arg({ type: OrderFilter }) },
      authScopes: (_root, args, ctx) => ownOrAdminScope(args.filter?.userId, ctx),
      resolve: (_root, args, ctx) => {
        const f = args.filter;
        const where: FilterQuery<IOrder> = {};
        if (!isAdmin(ctx)) where.user = ctx.viewer!.id;
        else if (f?.userId != null) where.user = toEntityId(f.userId) ?? 0;
        if (f?.status) where.status = f.status;
        if (f?.packageId != null) where.package = toEntityId(f.packageId) ?? 0;
        return keysetConnection(ctx.em, Order, where, args);
      },
    },
    { name: 'OrderConnection' },
    { name: 'OrderEdge' },
  ),
  order: t.field({
    type: OrderRef,
    description: 'One of your orders (admins: anyone\'s).',
    authScopes: { user: true },
    args: { id: t.arg.id({ required: true }) },
    errors: { types: [NotFoundError], directResult: true, union: { name: 'OrderResult' } },
    resolve: (_root, args, ctx) => loadOrder(ctx, args.id),
  }),
}));

builder.mutationFields((t) => ({
  purchasePackage: t.field({
    type: OrderRef,
    description:
      'Creates a PENDING order for a package at its current price. With a provider (see paymentMethods) it also creates the ' +
      'checkout: send the user to checkoutUrl (or show qrCode); the provider\'s notification pays the order. Without one the ' +
      'order waits for an admin (markOrderPaid) or the custom payment webhook. Asking again for the same package and way to ' +
      'pay answers the pending order (and its checkout) while it can still be paid; at most 5 unpaid orders at once.',
    authScopes: { user: true },
    args: {
      packageId: t.arg.id({ required: true }),
      provider: t.arg.string({ description: '`stripe` or `epay`, as listed by paymentMethods.' }),
      method: t.arg.string({ description: 'The provider\'s method (`alipay`, `wxpay`, `card`); default its first.' }),
    },
    errors: {
      types: [NotFoundError, InputValidationError, PaymentProviderNotEnabledError, PaymentProviderFailedError, TooManyPendingOrdersError],
      directResult: true,
      union: { name: 'PurchasePackageResult' },
    },
    resolve: async (_root, args, ctx) => {
      const packageId = toEntityId(args.packageId);
      if (packageId === null) throw new NotFoundError('Package');
      const { services } = ctx;
      const result = await purchaseWithCheckout(ctx.em, services.payments, services.logger, {
        userId: ctx.viewer!.id, packageId, provider: args.provider, method: args.method,
        now: services.clock.now(), ttlMs: services.config.payments.orderTtlMs,
      });
      if (result.ok) return result.order;
      if (result.reason === 'PACKAGE_UNAVAILABLE') throw new NotFoundError('Package');
      if (result.reason === 'TOO_MANY_PENDING_ORDERS') throw new TooManyPendingOrdersError(result.limit);
      if (result.reason === 'PROVIDER_NOT_ENABLED') throw new PaymentProviderNotEnabledError(result.provider);
      if (result.reason === 'INVALID') throw new InputValidationError(result.field, result.message);
      throw new PaymentProviderFailedError(args.provider ?? '', result.message);
    },
  }),
  markOrderPaid: t.field({
    type: OrderRef,
    description: 'Admin: marks a PENDING order paid (e.g. a bank transfer) and grants its subscription.',
    authScopes: { admin: true },
    args: { orderId: t.arg.id({ required: true }), memo: t.arg.string() },
    errors: { types: [NotFoundError, OrderStatusError, InputValidationError], directResult: true, union: { name: 'MarkOrderPaidResult' } },
    resolve: async (_root, args, ctx) => {
      const orderId = toEntityId(args.orderId);
      if (orderId === null) throw new NotFoundError('Order');
      if (args.memo != null && args.memo.length > 1000) throw new InputValidationError('memo', 'memo must be at most 1000 characters');
      const result = await markOrderPaid(ctx.em, ctx.services.changeBus, {
        orderId, provider: 'admin', memo: args.memo ?? null, actorId: ctx.viewer!.id, now: ctx.services.clock.now(),
        // An admin who saw the money arrive (a late bank transfer) may pay an order that expired unpaid.
        acceptExpired: true,
        inviteRewards: invitationRewardRules(ctx.services.settings.current()),
      });
      if (!result.ok) transitionFailed(result, 'mark paid');
      return loadOrder(ctx, orderId);
    },
  }),
  cancelOrder: t.field({
    type: OrderRef,
    description:
      'Admin: cancels a PENDING order. A Stripe checkout is expired at Stripe first (if Stripe refuses, e.g. because it was ' +
      'just paid, nothing changes: reconcile the order); an epay cashier page cannot be closed.',
    authScopes: { admin: true },
    args: { orderId: t.arg.id({ required: true }) },
    errors: {
      types: [NotFoundError, OrderStatusError, PaymentProviderFailedError], directResult: true, union: { name: 'CancelOrderResult' },
    },
    resolve: async (_root, args, ctx) => {
      const orderId = toEntityId(args.orderId);
      if (orderId === null) throw new NotFoundError('Order');
      const result = await cancelOrderWithProvider(ctx.em, ctx.services.payments, orderId, ctx.services.clock.now());
      if (!result.ok && result.reason === 'PROVIDER_FAILED') throw new PaymentProviderFailedError(result.provider, result.message);
      if (!result.ok) transitionFailed(result, 'cancel');
      return loadOrder(ctx, orderId);
    },
  }),
  refundOrder: t.field({
    type: OrderRef,
    description:
      'Admin: PAID -> REFUNDED. Takes back what the order granted as far as unused: its quota (a REFUND ledger row) ' +
      'and its period; a subscription left with no time is CANCELLED. A Stripe order is refunded at Stripe first (a refusal ' +
      'changes nothing); epay has no refund call, so return the money in the epay merchant panel by hand.',
    authScopes: { admin: true },
    args: { orderId: t.arg.id({ required: true }), memo: t.arg.string() },
    errors: {
      types: [NotFoundError, OrderStatusError, PaymentProviderFailedError], directResult: true, union: { name: 'RefundOrderResult' },
    },
    resolve: async (_root, args, ctx) => {
      const orderId = toEntityId(args.orderId);
      if (orderId === null) throw new NotFoundError('Order');
      const result = await refundOrderWithProvider(ctx.em, ctx.services.payments, ctx.services.changeBus, {
        orderId, memo: args.memo ?? null, actorId: ctx.viewer!.id, now: ctx.services.clock.now(),
      });
      if (!result.ok && result.reason === 'PROVIDER_FAILED') throw new PaymentProviderFailedError(result.provider, result.message);
      if (!result.ok) transitionFailed(result, 'refund');
      return loadOrder(ctx, orderId);
    },
  }),
}));
