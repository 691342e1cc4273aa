import type { Logger } from '../../lib/logger';
import type { Reservation, SettleResult } from './billing.types';

/**
 * Charges of requests admitted out of a quota lease that failed (database error, lost round
 * trip). Unlike a request with a reservation row of its own, nothing else would ever charge
 * them - recovery only sees the lease's row - so they are retried until they land (by the lease
 * sweep, and at shutdown). The same charges are in the durable charge journal (QuotaBilling puts
 * them there), which covers a crash before a retry lands; both paths charge a request id once.
 */
export class FailedLeaseCharges {
  private readonly failed = new Map<string, { part: Reservation; cost: bigint; retrying: boolean }>();

  constructor(
    private readonly send: (part: Reservation, cost: bigint) => Promise<SettleResult>,
    /** Hands the retry to the leases' pending work, which shutdown waits for. */
    private readonly track: (work: Promise<unknown>) => void,
    private readonly logger: Logger | undefined,
  ) {}

  add(part: Reservation, cost: bigint): void {
    this.failed.set(part.requestId, { part, cost, retrying: false });
  }

  /** Sends every failed charge not already on the wire again. */
  retry(): void {
    for (const [requestId, failed] of this.failed) {
      if (failed.retrying) continue;
      failed.retrying = true;
      this.track(
        this.send(failed.part, failed.cost).then(
          () => this.failed.delete(requestId),
          (err: unknown) => {
            failed.retrying = false;
            this.logger?.warn('charge of a leased request failed again; retrying', { requestId, error: err as Error });
          },
        ),
      );
    }
  }
}
