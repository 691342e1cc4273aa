import type { Billing, Reservation, SettleResult } from '../../domain/billing/billing.types';
import type { Logger } from '../../lib/logger';

/**
 * The one way a request's reservation ends: settled to a cost or released, exactly once,
 * whichever path (success, failure, disconnect, exception) gets there first. Billing is itself
 * idempotent by request id; this keeps the data plane from even asking twice. A database error
 * here is logged, not thrown: the reservation row stays and start-up recovery settles it.
 */
export class ChargeOnce {
  private result: Promise<SettleResult | undefined> | undefined;

  constructor(private readonly billing: Billing, readonly reservation: Reservation, private readonly logger: Logger) {}

  get finished(): boolean {
    return this.result !== undefined;
  }

  settle(cost: bigint): Promise<SettleResult | undefined> {
    this.result ??= this.billing.settle(this.reservation, cost).catch((err) => {
      this.logger.error('settlement failed; the reservation is left for recovery', { requestId: this.reservation.requestId, error: err as Error });
      return undefined;
    });
    return this.result;
  }

  release(): Promise<SettleResult | undefined> {
    this.result ??= this.billing.release(this.reservation).then(
      () => ({ charged: 0n, alreadySettled: false }),
      (err) => {
        this.logger.error('release failed; the reservation is left for recovery', { requestId: this.reservation.requestId, error: err as Error });
        return undefined;
      },
    );
    return this.result;
  }
}
