import type { Billing, Reservation, SettleResult } from '../../domain/billing/billing.types';
import type { Logger } from '../../lib/logger';
import { spanned, type TraceSpan } from '../../lib/tracing';

/**
 * The one way a request's reservation ends: settled to a cost or released, exactly once,
 * whichever path (success, failure, disconnect, exception) gets there first. Billing is itself
 * idempotent by request id; this keeps the data plane from even asking twice. A database error
 * here is logged, not thrown: the reservation row stays and start-up recovery settles it (a
 * request admitted out of a quota lease has no row; the lease retries its charge instead).
 * `admitted` says how the reserve ended; settling a refused request does nothing, because
 * nothing is held.
 */
export class ChargeOnce {
  /** Resolves once the hold is in place; rejects with what the caller gets when it is refused (or the reserve failed). */
  readonly admitted: Promise<void>;
  private reservation: Reservation | undefined;
  private result: Promise<SettleResult | undefined> | undefined;

  /** `span`: the request's, whose child spans time the settlement (undefined when tracing is off). */
  constructor(private readonly billing: Billing, reserving: Promise<Reservation>, private readonly logger: Logger, private readonly span?: TraceSpan) {
    this.admitted = reserving.then(
      (reservation) => {
        this.reservation = reservation;
      },
    );
    // Whoever serves the request awaits `admitted`; this only keeps an early exit from leaving it unhandled.
    this.admitted.catch(() => undefined);
  }

  get finished(): boolean {
    return this.result !== undefined;
  }

  /** `channelId`: who served, named in the operator alert if part of the cost cannot be covered. */
  settle(cost: bigint, channelId?: number): Promise<SettleResult | undefined> {
    this.result ??= this.afterReserve((reservation) =>
      spanned(this.span?.child('gateway.settle', { 'gateway.cost': Number(cost) }), this.billing.settle(reservation, cost, { channelId })).catch((err) => {
        this.logger.error('settlement failed; the reservation is left for recovery', { requestId: reservation.requestId, error: err as Error });
        return undefined;
      }),
    );
    return this.result;
  }

  /** The first usable byte is going to the caller: from now on a crash is charged, not released. */
  delivering(): void {
    if (this.reservation && !this.result) this.billing.markDelivered(this.reservation);
  }

  release(): Promise<SettleResult | undefined> {
    this.result ??= this.afterReserve((reservation) =>
      spanned(this.span?.child('gateway.release'), this.billing.release(reservation)).then(
        () => ({ charged: 0n, alreadySettled: false, uncovered: 0n }),
        (err) => {
          this.logger.error('release failed; the reservation is left for recovery', { requestId: reservation.requestId, error: err as Error });
          return undefined;
        },
      ),
    );
    return this.result;
  }

  private afterReserve(finish: (reservation: Reservation) => Promise<SettleResult | undefined>): Promise<SettleResult | undefined> {
    return this.admitted.then(
      () => finish(this.reservation!),
      () => undefined, // refused or failed: nothing is held
    );
  }
}
