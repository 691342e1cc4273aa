import type { EntityManager } from '@mikro-orm/postgresql';
import type { OrderStatus } from '../db/entities';
import {
  announceSubscriptionChange,
  payOrderInTransaction,
  refundOrderInTransaction,
} from '../domain/subscriptions/order.service';
import type { ChangeBus } from '../lib/change-bus';
import { isUniqueViolation } from '../lib/pg-errors';
import type { PaymentEvent } from './payment-event';

export type WebhookOutcome =
  | { status: 'processed'; orderId: number }
  | { status: 'duplicate' }
  /** Recorded but changed nothing: e.g. a payment for an order already paid or cancelled. */
  | { status: 'ignored'; orderId: number; orderStatus: OrderStatus }
  /** Not recorded, so the provider may deliver it again once an operator has looked. */
  | { status: 'rejected'; reason: 'UNKNOWN_ORDER' | 'AMOUNT_MISMATCH' | 'PROVIDER_REF_IN_USE' };

class Rejected extends Error {
  constructor(readonly reason: 'UNKNOWN_ORDER' | 'AMOUNT_MISMATCH') {
    super(reason);
  }
}

/**
 * One transaction: the event id is claimed (unique (provider, event_id)) and the order moved in
 * the same commit, so a retried or concurrently repeated delivery is a no-op, and the order's
 * conditional status update keeps a webhook and an admin from both granting.
 */
export async function processPaymentEvent(
  em: EntityManager,
  changeBus: ChangeBus,
  provider: string,
  event: PaymentEvent,
  now: Date,
): Promise<WebhookOutcome> {
  const { orderId } = event.data;
  let outcome: WebhookOutcome;
  let grantee: number | null = null;
  try {
    outcome = await em.transactional(async (tx): Promise<WebhookOutcome> => {
      // Lock the order first. Otherwise concurrent deliveries each hold a KEY SHARE lock from the
      // payment_events foreign key while waiting to UPDATE the order (which needs FOR UPDATE because
      // provider/provider_ref are unique): a deadlock.
      const [order] = await tx.execute<{ amount_minor: number; currency: string }[]>(
        'select amount_minor, currency from orders where id = ? for update',
        [orderId],
      );
      if (!order) throw new Rejected('UNKNOWN_ORDER');
      if (order.amount_minor !== event.data.amountMinor || order.currency.trim().toUpperCase() !== event.data.currency) {
        throw new Rejected('AMOUNT_MISMATCH');
      }
      const claimed = await tx.execute<{ id: number }[]>(
        `insert into payment_events (provider, event_id, order_id, received_at) values (?, ?, ?, now())
         on conflict (provider, event_id) do nothing returning id`,
        [provider, event.id, orderId],
      );
      if (!claimed[0]) return { status: 'duplicate' };

      const memo = `${provider} event ${event.id}`;
      const result =
        event.type === 'payment.succeeded'
          ? await payOrderInTransaction(tx, { orderId, provider, providerRef: event.data.providerRef, memo, now })
          : await refundOrderInTransaction(tx, { orderId, memo, now });
      if (result.ok) {
        grantee = result.userId;
        return { status: 'processed', orderId };
      }
      if (result.reason === 'NOT_FOUND') throw new Rejected('UNKNOWN_ORDER');
      return { status: 'ignored', orderId, orderStatus: result.status };
    });
  } catch (err) {
    if (err instanceof Rejected) return { status: 'rejected', reason: err.reason };
    if (isUniqueViolation(err, 'orders_provider_provider_ref_unique')) return { status: 'rejected', reason: 'PROVIDER_REF_IN_USE' };
    throw err;
  }
  // After the commit, so other processes reload what is already visible to them.
  if (outcome.status === 'processed' && grantee !== null) await announceSubscriptionChange(changeBus, grantee);
  return outcome;
}
