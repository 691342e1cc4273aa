import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChargeJournal, journalEntryOf } from '../../../src/domain/billing/charge-journal';
import { GatewayInstanceRegistry } from '../../../src/domain/billing/gateway-instance-registry';
import { eventually } from '../../support/data-plane-fixtures';
import { createToken, createUser, newBilling, openBillingDb, requestId, reservationExists, silentLogger, usageCharges, userState, type BillingDb } from './billing-fixtures';

// A stream in flight when its process is killed was released at cost 0 by recovery although the
// caller had received output. The first usable byte leaves a delivery marker in PostgreSQL
// (delivered_holds); whichever instance recovers the dead one's holds charges such a request its
// hold, and still releases the requests that delivered nothing. No instance's own disk is needed:
// the recovering instance here has a data directory of its own, and the dead one never comes back.

let db: BillingDb;
const deadDisk = mkdtempSync(join(tmpdir(), 'gw-crash-dead-'));
const survivorDisk = mkdtempSync(join(tmpdir(), 'gw-crash-survivor-'));
beforeAll(async () => {
  db = await openBillingDb();
});
afterAll(async () => {
  await db.close();
  rmSync(deadDisk, { recursive: true, force: true });
  rmSync(survivorDisk, { recursive: true, force: true });
});

async function crashedProcess(freeQuota: bigint, leases = false) {
  const userId = await createUser(db, freeQuota);
  const tokenId = await createToken(db, userId);
  const under = await newBilling(db, { journalDir: deadDisk, leases: { enabled: leases } });
  const journal = new ChargeJournal(deadDisk, under.instance.id, silentLogger);
  const key = { userId, tokenId, tier: 'FREE' as const };
  const hold = async (amount: bigint) => {
    const held = await under.billing.reserve({ requestId: requestId(), ...key, amount });
    if (!held.ok) throw new Error('fixture reserve failed');
    return held.reservation;
  };
  // SIGKILL: nothing more is written, the heartbeat goes stale, and the process never returns.
  const die = async () => {
    await under.markers.flush();
    await db.sql(`update gateway_instances set heartbeat_at = now() - interval '1 hour' where id = ?`, [under.instance.id]);
  };
  return { userId, key, billing: under.billing, markers: under.markers, journal, hold, die };
}

async function survivorRecovers(): Promise<void> {
  const survivor = await GatewayInstanceRegistry.register(db.sql, silentLogger, { journalDir: survivorDisk });
  await survivor.replayLeftBehindJournals();
  await survivor.recoverOrphans();
  await survivor.stop();
}

describe('crash charging', () => {
  it('a stream that had started delivering is charged its hold by a survivor on another disk; one that had not is released', async () => {
    const crashed = await crashedProcess(100_000n);
    const delivering = await crashed.hold(1_000n);
    const waiting = await crashed.hold(2_000n);
    crashed.billing.markDelivered(delivering);
    await crashed.die();

    await survivorRecovers();
    expect((await usageCharges(db, delivering.requestId)).map((c) => c.amount)).toEqual([-1_000n]);
    expect(await usageCharges(db, waiting.requestId)).toEqual([]);
    expect(await reservationExists(db, delivering.requestId)).toBe(false);
    expect(await reservationExists(db, waiting.requestId)).toBe(false);
    expect(await userState(db, crashed.userId)).toEqual({ freeQuota: 99_000n, freeReserved: 0n, freeLedgerSum: 99_000n });
    expect(await db.sql(`select 1 from delivered_holds where request_id = ?`, [delivering.requestId])).toEqual([]);
  });

  it('a stream admitted out of a quota lease is charged its hold out of that lease, and the lease goes back', async () => {
    const crashed = await crashedProcess(100_000n, true);
    for (let i = 0; i < 4; i++) await crashed.billing.settle(await crashed.hold(1_000n), 100n);
    await eventually(() => crashed.billing.leases.held === 1);
    const leased = await crashed.hold(1_000n);
    expect(leased.leaseId).toBeDefined();
    crashed.billing.markDelivered(leased);
    await crashed.die();

    await survivorRecovers();
    expect((await usageCharges(db, leased.requestId)).map((c) => c.amount)).toEqual([-1_000n]);
    expect(await userState(db, crashed.userId)).toEqual({ freeQuota: 98_600n, freeReserved: 0n, freeLedgerSum: 98_600n });
  });

  it('a request settled before the crash keeps its own charge: the marker charges nothing more', async () => {
    const crashed = await crashedProcess(100_000n);
    const settled = await crashed.hold(1_000n);
    crashed.billing.markDelivered(settled);
    await crashed.markers.flush(); // the marker is in the database before the settle
    await crashed.billing.settle(settled, 300n);
    await crashed.die();

    await survivorRecovers();
    expect((await usageCharges(db, settled.requestId)).map((c) => c.amount)).toEqual([-300n]);
    expect(await userState(db, crashed.userId)).toEqual({ freeQuota: 99_700n, freeReserved: 0n, freeLedgerSum: 99_700n });
  });

  it('a marker not yet written when the request settled is never written', async () => {
    const crashed = await crashedProcess(100_000n);
    const quick = await crashed.hold(1_000n);
    crashed.billing.markDelivered(quick);
    await crashed.billing.settle(quick, 10n);
    await crashed.markers.flush();
    expect(await db.sql(`select 1 from delivered_holds where request_id = ?`, [quick.requestId])).toEqual([]);
  });

  it('a delivered request whose settle failed is charged its real cost when its own journal is replayed on restart', async () => {
    const crashed = await crashedProcess(100_000n);
    const failing = await crashed.hold(1_000n);
    crashed.billing.markDelivered(failing);
    // The settle's charge could not be written (database gone): it is journaled on the dead process's disk.
    crashed.journal.append(journalEntryOf(failing, 400n));
    await crashed.journal.flush();
    await crashed.die();

    // Restarted on the same disk: the journal lands before the markers are charged.
    const restarted = await GatewayInstanceRegistry.register(db.sql, silentLogger, { journalDir: deadDisk });
    await restarted.replayLeftBehindJournals();
    await restarted.recoverOrphans();
    await restarted.stop();
    expect((await usageCharges(db, failing.requestId)).map((c) => c.amount)).toEqual([-400n]);
    await crashed.journal.close();
  });
});
