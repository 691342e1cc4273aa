import type { EntityManager } from '@mikro-orm/postgresql';
import type { OrderCancelReason, OrderStatus } from '../../db/entities';
import type { ChangeBus } from '../../lib/change-bus';
import type { Logger } from '../../lib/logger';
import { isUniqueViolation } from '../../lib/pg-errors';
import type { InvitationRewardRules } from '../invitations/invitation-rewards';
import {
  announceOrderChange, cancelOrder, payOrderInTransaction, refundOrderInTransaction,
} from './order.service';
import { CHECKOUT_PROVIDERS, CUSTOM_PROVIDER, type VerifiedPaymentEvent } from './payment-provider';

/** NOT_YET_PAID: a refund notice overtook its payment's notice; the provider should deliver it again later. */
export type PaymentEventRefusal = 'UNKNOWN_ORDER' | 'FOREIGN_ORDER' | 'AMOUNT_MISMATCH' | 'PROVIDER_REF_IN_USE' | 'NOT_YET_PAID';

export type PaymentEventOutcome =
  /** `late`: the order had expired unpaid and was paid anyway, because the provider took the money. */
  | { status: 'processed'; orderId: number; late: boolean }
  | { status: 'duplicate' }
  /** Recorded but changed nothing: e.g. a payment for an order already paid or cancelled by an admin. */
  | { status: 'ignored'; orderId: number; orderStatus: OrderStatus }
  /** Not recorded and nothing changed, so a provider may deliver it again once an operator has looked. */
  | { status: 'rejected'; reason: PaymentEventRefusal };

class Refused extends Error {
  constructor(readonly reason: PaymentEventRefusal) {
    super(reason);
  }
}

interface LockedOrder {
  id: number;
  amount_minor: number;
  currency: string;
  provider: string | null;
  status: OrderStatus;
  cancel_reason: OrderCancelReason | null;
}

async function lockOrder(tx: EntityManager, event: VerifiedPaymentEvent): Promise<LockedOrder | undefined> {
  const columns = 'id, amount_minor, currency, provider, status, cancel_reason';
  const where = event.order;
  const [row] =
    'orderId' in where
      ? await tx.execute<LockedOrder[]>(`select ${columns} from orders where id = ? for update`, [where.orderId])
      : 'providerRef' in where
        ? await tx.execute<LockedOrder[]>(`select ${columns} from orders where provider = ? and provider_ref = ? for update`, [event.provider, where.providerRef])
        : await tx.execute<LockedOrder[]>(`select ${columns} from orders where provider = ? and payment_ref = ? for update`, [event.provider, where.paymentRef]);
  if (row || !('paymentRef' in where) || event.claimedOrderId == null) return row;
  // A refund of a payment whose own notice has not arrived yet: the order has no payment_ref so far.
  const [unpaid] = await tx.execute<LockedOrder[]>(
    `select ${columns} from orders where id = ? and provider = ? and payment_ref is null for update`, [event.claimedOrderId, event.provider],
  );
  return unpaid;
}

/** A checkout order belongs to its provider; custom senders may only touch orders no checkout provider owns. */
function belongsToSender(order: LockedOrder, event: VerifiedPaymentEvent): boolean {
  const owner = order.provider as (typeof CHECKOUT_PROVIDERS)[number] | null;
  if (event.provider === CUSTOM_PROVIDER) return owner === null || !CHECKOUT_PROVIDERS.includes(owner);
  return owner === event.provider;
}

function amountMatches(order: LockedOrder, amountMinor: number, currency: string): boolean {
  return order.amount_minor === amountMinor && order.currency.trim().toUpperCase() === currency.toUpperCase();
}

/**
 * Applies one verified provider event to its order, in one transaction: the order row is locked,
 * checked (it exists, belongs to this provider, the amount and currency match), the event id is
 * claimed (unique (provider, event_id)) and the order moved through order.service.ts in the same
 * commit. So a repeated, replayed or concurrent delivery is a no-op, a refused one changes
 * nothing (and is not recorded, so the provider may deliver it again), and the order's
 * conditional status update keeps a webhook, reconciliation and an admin from both granting.
 */
export async function applyPaymentEvent(
  em: EntityManager, changeBus: ChangeBus, logger: Logger, event: VerifiedPaymentEvent, now: Date, inviteRewards: InvitationRewardRules,
): Promise<PaymentEventOutcome> {
  let outcome: PaymentEventOutcome;
  let changed: { userId: number; inviterId: number | null } | null = null;
  try {
    outcome = await em.transactional(async (tx): Promise<PaymentEventOutcome> => {
      // Lock the order first. Otherwise concurrent deliveries each hold a KEY SHARE lock from the
      // payment_events foreign key while waiting to UPDATE the order: a deadlock.
      const order = await lockOrder(tx, event);
      if (!order) throw new Refused('UNKNOWN_ORDER');
      if (event.claimedOrderId != null && event.claimedOrderId !== order.id) throw new Refused('FOREIGN_ORDER');
      if (!belongsToSender(order, event)) throw new Refused('FOREIGN_ORDER');
      if (event.kind === 'PAID' && !amountMatches(order, event.amountMinor, event.currency)) throw new Refused('AMOUNT_MISMATCH');
      if (event.kind === 'REFUNDED' && order.status === 'PENDING') throw new Refused('NOT_YET_PAID');
      if (event.kind === 'REFUNDED' && event.amountMinor !== null && !amountMatches(order, event.amountMinor, event.currency ?? '')) {
        // A partial refund takes back less money than the order's grant: an operator decides.
        throw new Refused('AMOUNT_MISMATCH');
      }

      const claimed = await tx.execute<{ id: number }[]>(
        `insert into payment_events (provider, event_id, order_id, received_at) values (?, ?, ?, now())
         on conflict (provider, event_id) do nothing returning id`,
        [event.provider, event.eventId, order.id],
      );
      if (!claimed[0]) return { status: 'duplicate' };

      const memo = `${event.provider} event ${event.eventId}`;
      if (event.kind === 'EXPIRED') {
        const cancelled = await cancelOrder(tx, order.id, now, 'EXPIRED');
        return cancelled.ok ? { status: 'processed', orderId: order.id, late: false } : { status: 'ignored', orderId: order.id, orderStatus: order.status };
      }
      const result =
        event.kind === 'PAID'
          ? await payOrderInTransaction(tx, {
            orderId: order.id,
            provider: event.payer ?? event.provider,
            providerRef: event.providerRef ?? null,
            paymentRef: event.paymentRef,
            memo,
            now,
            acceptExpired: true,
            inviteRewards,
          })
          : await refundOrderInTransaction(tx, { orderId: order.id, memo, now });
      if (!result.ok) {
        if (result.reason === 'NOT_FOUND') throw new Refused('UNKNOWN_ORDER');
        return { status: 'ignored', orderId: order.id, orderStatus: result.status };
      }
      changed = { userId: result.userId, inviterId: result.inviterId };
      return { status: 'processed', orderId: order.id, late: event.kind === 'PAID' && order.status === 'CANCELLED' };
    });
  } catch (err) {
    if (err instanceof Refused) outcome = { status: 'rejected', reason: err.reason };
    else if (isUniqueViolation(err, 'orders_provider_provider_ref_unique')) outcome = { status: 'rejected', reason: 'PROVIDER_REF_IN_USE' };
    else throw err;
  }
  const fields = { provider: event.provider, eventId: event.eventId, kind: event.kind, ...outcome };
  if (outcome.status === 'rejected') logger.warn('payment event refused; the order is unchanged', fields);
  // An expiry notice for an order that is already paid or cancelled is routine.
  else if (outcome.status === 'ignored' && event.kind === 'EXPIRED') logger.info('payment expiry notice changed nothing', fields);
  else if (outcome.status === 'ignored') logger.warn('payment event changed nothing; check the order by hand', fields);
  else if (outcome.status === 'processed' && outcome.late) {
    logger.warn('late payment: the order had expired unpaid and is paid now, because the provider took the money', fields);
  }
  // After the commit, so other processes reload what is already visible to them.
  if (changed !== null) await announceOrderChange(changeBus, changed);
  return outcome;
}
