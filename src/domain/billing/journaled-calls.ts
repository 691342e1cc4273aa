import { BillingSqlError } from './billing-statement-queue';
import type { BillingStore } from './billing-store';
import type { Reservation, ReserveRequest, ReserveResult, SettleResult } from './billing.types';
import { journalEntryOf, journalEntryOfLostReserve, type ChargeJournal } from './charge-journal';

/**
 * A billing call that failed without an answer (the database is down, the round trip was lost)
 * may or may not have committed. A refusal by the billing function itself is an answer: sent
 * again it would be refused again, so it is never journaled.
 */
export function outcomeUnknown(err: unknown): boolean {
  return !(err instanceof BillingSqlError);
}

/**
 * A reservation row of its own (a request's, or a quota lease's). When the answer is lost the
 * reserve may still have committed: its release (cost 0) goes to the charge journal, replayed
 * when the database answers, so no hold outlives the outage.
 */
export async function reserveOrJournal(store: BillingStore, journal: ChargeJournal, request: ReserveRequest): Promise<ReserveResult> {
  try {
    return await store.reserve(request);
  } catch (err) {
    if (outcomeUnknown(err)) journal.append(journalEntryOfLostReserve(request));
    throw err;
  }
}

/**
 * Settles a reservation row of its own (cost 0: a release). When the outcome is unknown the
 * settle goes to the charge journal and lands when the database answers: a charge must not be
 * lost, and a release (a request's, or a quota lease given back) must not leave its hold in
 * place until the max-age sweep, long after the outage.
 */
export async function settleOrJournal(store: BillingStore, journal: ChargeJournal, reservation: Reservation, cost: bigint): Promise<SettleResult> {
  try {
    return await store.settle(reservation, cost);
  } catch (err) {
    if (outcomeUnknown(err)) journal.append(journalEntryOf(reservation, cost));
    throw err;
  }
}

/**
 * Charges a request admitted out of a quota lease (gw_lease_charge). When the outcome is unknown
 * the charge goes to the charge journal: no reservation row of its own is left for recovery to
 * find, so nothing else would ever charge it.
 */
export async function leaseChargeOrJournal(
  store: BillingStore,
  journal: ChargeJournal,
  part: Reservation,
  cost: bigint,
): Promise<SettleResult & { leaseMissing: boolean }> {
  try {
    return await store.leaseCharge(part, cost);
  } catch (err) {
    if (outcomeUnknown(err)) journal.append(journalEntryOf(part, cost));
    throw err;
  }
}
