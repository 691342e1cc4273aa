import type { Reservation } from './billing.types';
import type { ChargeJournal } from './charge-journal';

/**
 * Requests admitted out of a quota lease whose charges wait in the charge journal. Their parts of
 * the lease stay held until the journal has landed them (its replay runs when the database
 * answers), so each charge still finds the lease's hold. The leases ask the journal which have
 * landed; the journal knows nothing of leases.
 */
export class LeaseChargesInJournal {
  private readonly parts = new Map<string, Reservation>();

  constructor(private readonly journal: ChargeJournal) {}

  /** The part's charge was journaled (its outcome is unknown). */
  add(part: Reservation): void {
    this.parts.set(part.requestId, part);
  }

  /** The parts whose charges the journal has landed since the last call; no longer tracked. */
  takeLanded(): Reservation[] {
    const landed: Reservation[] = [];
    for (const [requestId, part] of this.parts) {
      if (this.journal.has(requestId)) continue;
      this.parts.delete(requestId);
      landed.push(part);
    }
    return landed;
  }

  /** Some request admitted out of the lease `leaseId` has its charge waiting in the journal. */
  waitFor(leaseId: string): boolean {
    for (const part of this.parts.values()) if (part.leaseId === leaseId) return true;
    return false;
  }
}
