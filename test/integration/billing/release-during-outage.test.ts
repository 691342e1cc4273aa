import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SqlScriptRunner } from '../../../src/db/sql-runner';
import type { QuotaBilling } from '../../../src/domain/billing/billing.service';
import type { ReserveRequest } from '../../../src/domain/billing/billing.types';
import { ChargeJournal } from '../../../src/domain/billing/charge-journal';
import { replayOwnJournal } from '../../../src/domain/billing/charge-journal-replay';
import { RefusedJournalEntries } from '../../../src/domain/billing/refused-journal-entries';
import { eventually } from '../../support/data-plane-fixtures';
import { createToken, createUser, newBilling, openBillingDb, requestId, reservationExists, silentLogger, usageCharges, userState, type BillingDb } from './billing-fixtures';

// A hold whose release could not reach the database (it was down) must go back when the database
// answers again, not RESERVATION_MAX_AGE_MS later: the release is kept in the charge journal like
// a charge. Found by the PostgreSQL-outage test, which saw a lease's hold outlive the outage.

let db: BillingDb;
const dir = mkdtempSync(join(tmpdir(), 'gw-release-'));
beforeAll(async () => {
  db = await openBillingDb();
});
afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The real script runner, with a switch that makes every call fail as a dropped connection would, sending nothing. */
function switchable(script: SqlScriptRunner): { script: SqlScriptRunner; down: (value: boolean) => void } {
  let isDown = false;
  return {
    down: (value) => {
      isDown = value;
    },
    script: (text) => (isDown ? Promise.reject(new Error('Connection terminated unexpectedly')) : script(text)),
  };
}

/** Four requests of the key, each charged 100: the fourth within a second asks for a lease. */
async function warmUpLease(billing: QuotaBilling, key: Omit<ReserveRequest, 'requestId'>): Promise<void> {
  for (let i = 0; i < 4; i++) {
    const held = await billing.reserve({ requestId: requestId(), ...key });
    if (!held.ok) throw new Error('fixture reserve failed');
    await billing.settle(held.reservation, 100n);
  }
  await eventually(() => billing.leases.held === 1);
}

describe('a release the database did not take', () => {
  it("a request's release is journaled and lands when the database answers", async () => {
    const userId = await createUser(db, 100_000n);
    const tokenId = await createToken(db, userId);
    const db2 = switchable(db.script);
    const journal = new ChargeJournal(dir, `release-${requestId()}`, silentLogger);
    const { billing } = await newBilling(db, { script: db2.script, journal, leases: { enabled: false } });
    const held = await billing.reserve({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 1_000n });
    if (!held.ok) throw new Error('fixture reserve failed');

    db2.down(true);
    await expect(billing.release(held.reservation)).rejects.toThrow(/Connection terminated/);
    expect(journal.pending.map((e) => [e.requestId, e.cost])).toEqual([[held.reservation.requestId, '0']]);
    db2.down(false);

    expect(await replayOwnJournal(db.sql, journal, silentLogger, new RefusedJournalEntries(silentLogger))).toBe(1);
    expect(await reservationExists(db, held.reservation.requestId)).toBe(false);
    expect(await userState(db, userId)).toEqual({ freeQuota: 100_000n, freeReserved: 0n, freeLedgerSum: 100_000n });
    await billing.close();
    await journal.close();
  });

  it("a quota lease given back while the database is down is journaled and its hold lands back", async () => {
    const userId = await createUser(db, 100_000n);
    const tokenId = await createToken(db, userId);
    const db2 = switchable(db.script);
    const journal = new ChargeJournal(dir, `release-${requestId()}`, silentLogger);
    const { billing } = await newBilling(db, { script: db2.script, journal });
    const key = { userId, tokenId, tier: 'FREE' as const, amount: 1_000n };
    await warmUpLease(billing, key);
    expect((await userState(db, userId)).freeReserved).toBeGreaterThan(0n);

    db2.down(true);
    await billing.close(); // gives the lease back: the database does not answer
    expect(journal.pending).toHaveLength(1);
    expect(journal.pending[0]).toMatchObject({ cost: '0' });
    expect(journal.pending[0]!.requestId).toMatch(/^lease_/);
    db2.down(false);

    expect(await replayOwnJournal(db.sql, journal, silentLogger, new RefusedJournalEntries(silentLogger))).toBe(1);
    expect(await userState(db, userId)).toEqual({ freeQuota: 99_600n, freeReserved: 0n, freeLedgerSum: 99_600n });
    await journal.close();
  });

  it("a leased request's charge made while the database is down waits in the journal, ahead of its lease's release, and both land in order", async () => {
    const userId = await createUser(db, 100_000n);
    const tokenId = await createToken(db, userId);
    const db2 = switchable(db.script);
    const journal = new ChargeJournal(dir, `release-${requestId()}`, silentLogger);
    const { billing } = await newBilling(db, { script: db2.script, journal, leases: { closeWaitMs: 200 } });
    const key = { userId, tokenId, tier: 'FREE' as const, amount: 1_000n };
    await warmUpLease(billing, key);
    const leased = await billing.reserve({ requestId: requestId(), ...key });
    if (!leased.ok || leased.reservation.leaseId === undefined) throw new Error('fixture request not admitted out of the lease');

    db2.down(true);
    await expect(billing.settle(leased.reservation, 700n)).rejects.toThrow(/Connection terminated/);
    await billing.close(); // the charge has not landed: the lease goes back through the journal, behind it
    expect(journal.pending.map((e) => [e.requestId, e.cost])).toEqual([
      [leased.reservation.requestId, '700'],
      [leased.reservation.leaseId, '0'],
    ]);
    db2.down(false);

    expect(await replayOwnJournal(db.sql, journal, silentLogger, new RefusedJournalEntries(silentLogger))).toBe(2);
    expect(await usageCharges(db, leased.reservation.requestId)).toEqual([expect.objectContaining({ amount: -700n })]);
    expect(await reservationExists(db, leased.reservation.leaseId)).toBe(false);
    expect(await userState(db, userId)).toEqual({ freeQuota: 98_900n, freeReserved: 0n, freeLedgerSum: 98_900n });
    await journal.close();
  });
});
