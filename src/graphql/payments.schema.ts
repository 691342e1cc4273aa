import { toEntityId } from '../domain/domain-result';
import type { PaymentMethodInfo } from '../domain/subscriptions/payment-provider';
import { builder } from './builder';
import { NotFoundError } from './errors.schema';
import { loadOrder, OrderRef } from './orders.schema';
import { PaymentProviderFailedError } from './payment-errors.schema';

const PaymentMethodRef = builder.objectRef<PaymentMethodInfo>('PaymentMethod').implement({
  description: 'A way to pay that this gateway has enabled; pass provider and method to purchasePackage.',
  fields: (t) => ({
    provider: t.exposeString('provider', { description: '`stripe` or `epay`.' }),
    method: t.exposeString('method', { description: '`card`, `alipay` or `wxpay`.' }),
    displayName: t.exposeString('displayName'),
    refundable: t.boolean({
      description: 'Whether an admin refund returns the money through the provider (Stripe); otherwise it is returned by hand (epay).',
      resolve: (m) => m.provider === 'stripe',
    }),
  }),
});

builder.queryFields((t) => ({
  paymentMethods: t.field({
    type: [PaymentMethodRef],
    description: 'The enabled checkout methods, for the shop page. Empty: orders are paid by an admin or the custom webhook.',
    authScopes: { public: true },
    resolve: (_root, _args, ctx) => ctx.services.payments.methods,
  }),
}));

builder.mutationFields((t) => ({
  reconcileOrder: t.field({
    type: OrderRef,
    description:
      'Admin: asks the order\'s provider about it now, as the reconciliation job does: pays it if the provider took the money ' +
      '(also an order that expired unpaid), cancels it if its time is up or the provider expired the checkout.',
    authScopes: { admin: true },
    args: { orderId: t.arg.id({ required: true }) },
    errors: { types: [NotFoundError, PaymentProviderFailedError], directResult: true, union: { name: 'ReconcileOrderResult' } },
    resolve: async (_root, args, ctx) => {
      const orderId = toEntityId(args.orderId);
      if (orderId === null) throw new NotFoundError('Order');
      const result = await ctx.services.paymentReconciler.reconcileOrder(ctx.em.fork(), orderId);
      if (!result.ok && result.reason === 'NOT_FOUND') throw new NotFoundError('Order');
      if (!result.ok && result.reason === 'PROVIDER_FAILED') throw new PaymentProviderFailedError(result.provider, result.message);
      return loadOrder(ctx, orderId);
    },
  }),
}));
