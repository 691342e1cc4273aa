import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { OrderCancelReason, OrderStatus } from '../../db/entities';
import type { ChangeBus } from '../../lib/change-bus';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { ClusterJob, ClusterJobs } from '../cluster/cluster-jobs';
import { cancelOrder } from './order.service';
import type { InvitationRewardRules } from '../invitations/invitation-rewards';
import { applyPaymentEvent } from './payment-events';
import { PaymentProviderError, type PaymentProviders } from './payment-provider';

const JOB_NAME = 'payment-reconciliation';
/** Expired checkout orders are still asked about this long: epay pages do not expire with our order. */
const LATE_PAYMENT_WINDOW_MS = 24 * 3600_000;
const BATCH = 200;

export interface ReconcilerOptions {
  orm: MikroORM;
  providers: PaymentProviders;
  changeBus: ChangeBus;
  logger: Logger;
  clock: () => Clock;
  intervalMs: number;
  minAgeMs: number;
  /** Runs the pass on one instance at a time, once per interval across the cluster. */
  jobs: ClusterJobs;
  /** The invitation rewards in force now (runtime settings): a payment found here pays them as a webhook would. */
  inviteRewards: () => InvitationRewardRules;
}

interface OrderRow {
  id: number;
  amount_minor: number;
  currency: string;
  provider: string | null;
  provider_ref: string | null;
  payment_ref: string | null;
  status: OrderStatus;
  cancel_reason: OrderCancelReason | null;
  expires_at: Date | string | null;
}

export type ReconcileOutcome = 'PAID' | 'EXPIRED' | 'UNCHANGED';
export type ReconcileResult =
  | { ok: true; outcome: ReconcileOutcome }
  | { ok: false; reason: 'NOT_FOUND' }
  | { ok: false; reason: 'PROVIDER_FAILED'; provider: string; message: string };

/**
 * Asks providers about orders whose notification may have been lost, and expires unpaid orders.
 * A cluster job: one instance at a time runs it, once per interval across the cluster (see
 * ClusterJobs); every change goes through applyPaymentEvent or cancelOrder, so a notification
 * arriving at the same moment changes the order only once.
 */
export class PaymentReconciler {
  private readonly job: ClusterJob;

  constructor(private readonly options: ReconcilerOptions) {
    this.job = { name: JOB_NAME, intervalMs: options.intervalMs, run: () => this.pass() };
  }

  /** Puts the pass on the cluster's schedule (the composition root stops the schedule at shutdown). */
  start(): void {
    this.options.jobs.schedule(this.job);
  }

  /** One pass now; null when another instance is running it. */
  async runOnce(): Promise<Record<ReconcileOutcome | 'FAILED', number> | null> {
    let summary: Record<ReconcileOutcome | 'FAILED', number> | null = null;
    await this.options.jobs.runIfDue({ ...this.job, run: async () => (summary = await this.pass()) }, { ignoreInterval: true });
    return summary;
  }

  private async pass(): Promise<Record<ReconcileOutcome | 'FAILED', number>> {
    const em = this.options.orm.em.fork();
    const summary = { PAID: 0, EXPIRED: 0, UNCHANGED: 0, FAILED: 0 };
    const now = this.options.clock().now();
    const names: string[] = [...this.options.providers.enabled.map((p) => p.name), '-'];
    const inNames = names.map(() => '?').join(', ');
    const rows = await em.execute<{ id: number }[]>(
      `select id from orders
        where (status = 'PENDING' and provider in (${inNames}) and created_at <= ?)
           or (status = 'PENDING' and expires_at <= ?)
           or (status = 'CANCELLED' and cancel_reason = 'EXPIRED' and provider in (${inNames}) and cancelled_at > ?)
        order by created_at limit ?`,
      [...names, new Date(now.getTime() - this.options.minAgeMs), now, ...names, new Date(now.getTime() - LATE_PAYMENT_WINDOW_MS), BATCH],
    );
    for (const { id } of rows) {
      const result = await this.reconcileOrder(this.options.orm.em.fork(), id);
      if (result.ok) summary[result.outcome]++;
      else summary.FAILED++;
    }
    if (summary.PAID + summary.EXPIRED + summary.FAILED > 0) this.options.logger.info('payment reconciliation', summary);
    return summary;
  }

  /** One order, now: asks its provider, pays it if the provider took the money, expires it if its time is up. */
  async reconcileOrder(em: EntityManager, orderId: number): Promise<ReconcileResult> {
    const [order] = await em.execute<OrderRow[]>(
      `select id, amount_minor, currency, provider, provider_ref, payment_ref, status, cancel_reason, expires_at from orders where id = ?`,
      [orderId],
    );
    if (!order) return { ok: false, reason: 'NOT_FOUND' };
    const now = this.options.clock().now();
    const provider = order.provider ? this.options.providers.get(order.provider) : undefined;
    const askable = order.status === 'PENDING' || (order.status === 'CANCELLED' && order.cancel_reason === 'EXPIRED');
    if (provider && askable) {
      let status;
      try {
        status = await provider.queryOrder({
          id: order.id, amountMinor: order.amount_minor, currency: order.currency, providerRef: order.provider_ref, paymentRef: order.payment_ref,
        });
      } catch (err) {
        if (!(err instanceof PaymentProviderError)) throw err;
        this.options.logger.warn('payment reconciliation could not ask the provider', { orderId, provider: provider.name, error: err.message });
        return { ok: false, reason: 'PROVIDER_FAILED', provider: provider.name, message: err.message };
      }
      if (status.status === 'PAID' || (status.status === 'EXPIRED' && order.status === 'PENDING')) {
        const outcome = await applyPaymentEvent(
          em, this.options.changeBus, this.options.logger,
          status.status === 'PAID'
            ? {
              provider: provider.name, eventId: `reconcile:${order.id}:paid`, kind: 'PAID', order: { orderId: order.id },
              amountMinor: status.amountMinor, currency: status.currency, paymentRef: status.paymentRef,
            }
            : { provider: provider.name, eventId: `reconcile:${order.id}:expired`, kind: 'EXPIRED', order: { orderId: order.id } },
          now,
          this.options.inviteRewards(),
        );
        if (outcome.status === 'processed') return { ok: true, outcome: status.status };
        if (status.status === 'PAID') return { ok: true, outcome: 'UNCHANGED' };
      }
    }
    if (order.status === 'PENDING' && order.expires_at !== null && new Date(order.expires_at) <= now) {
      const cancelled = await cancelOrder(em, order.id, now, 'EXPIRED');
      if (cancelled.ok) return { ok: true, outcome: 'EXPIRED' };
    }
    return { ok: true, outcome: 'UNCHANGED' };
  }
}
