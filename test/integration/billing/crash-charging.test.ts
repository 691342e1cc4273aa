import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChargeJournal, journalEntryOf } from '../../../src/domain/billing/charge-journal';
import { GatewayInstanceRegistry } from '../../../src/domain/billing/gateway-instance-registry';
import { createToken, createUser, newBilling, openBillingDb, requestId, reservationExists, silentLogger, usageCharges, userState, type BillingDb } from './billing-fixtures';

// Issue 15, item 3: a stream in flight when its process is killed was released at cost 0 by
// recovery although the caller had received output. The first usable byte now leaves a delivery
// marker in the charge journal; recovery charges such a request its hold, and still releases
// the requests that delivered nothing.

let db: BillingDb;
const dir = mkdtempSync(join(tmpdir(), 'gw-crash-charge-'));
beforeAll(async () => {
  db = await openBillingDb();
});
afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

async function crashedProcess(freeQuota: bigint) {
  const userId = await createUser(db, freeQuota);
  const tokenId = await createToken(db, userId);
  const registry = await GatewayInstanceRegistry.register(db.sql, silentLogger, { journalDir: dir });
  const journal = new ChargeJournal(dir, registry.id, silentLogger);
  const { billing } = await newBilling(db, { journalDir: dir, journal });
  // newBilling registers an instance of its own; the journal is named after `registry`, whose death is staged below.
  const hold = async (amount: bigint) => {
    const held = await billing.reserve({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount });
    if (!held.ok) throw new Error('fixture reserve failed');
    return held.reservation;
  };
  const die = async () => {
    await journal.flush();
    await db.sql(`update gateway_instances set heartbeat_at = now() - interval '1 hour'`);
  };
  const close = async () => {
    await billing.close();
    await journal.close();
  };
  return { userId, billing, journal, hold, die, close };
}

async function recoverAfterCrash(): Promise<void> {
  const next = await GatewayInstanceRegistry.register(db.sql, silentLogger, { journalDir: dir });
  await next.replayLeftBehindJournals();
  await next.recoverOrphans();
  await next.stop();
}

describe('crash charging', () => {
  it('a stream that had started delivering is charged its hold; one that had not is released', async () => {
    const crashed = await crashedProcess(100_000n);
    const delivering = await crashed.hold(1_000n);
    const waiting = await crashed.hold(2_000n);
    crashed.billing.markDelivered(delivering);
    await crashed.die();

    await recoverAfterCrash();
    expect((await usageCharges(db, delivering.requestId)).map((c) => c.amount)).toEqual([-1_000n]);
    expect(await usageCharges(db, waiting.requestId)).toEqual([]);
    expect(await reservationExists(db, delivering.requestId)).toBe(false);
    expect(await reservationExists(db, waiting.requestId)).toBe(false);
    expect(await userState(db, crashed.userId)).toEqual({ freeQuota: 99_000n, freeReserved: 0n, freeLedgerSum: 99_000n });
    expect(readdirSync(dir)).toEqual([]);
    await crashed.close();
  });

  it('a request settled before the crash keeps its own charge: the marker charges nothing more', async () => {
    const crashed = await crashedProcess(100_000n);
    const settled = await crashed.hold(1_000n);
    crashed.billing.markDelivered(settled);
    await crashed.journal.flush(); // the marker is on disk before the settle
    await crashed.billing.settle(settled, 300n);
    await crashed.die();

    await recoverAfterCrash();
    expect((await usageCharges(db, settled.requestId)).map((c) => c.amount)).toEqual([-300n]);
    expect(await userState(db, crashed.userId)).toEqual({ freeQuota: 99_700n, freeReserved: 0n, freeLedgerSum: 99_700n });
    await crashed.close();
  });

  it('a delivered request whose settle failed is charged its real cost, not the hold', async () => {
    const crashed = await crashedProcess(100_000n);
    const failing = await crashed.hold(1_000n);
    crashed.billing.markDelivered(failing);
    // The settle's charge could not be written (database gone): it is journaled after the marker and replaces it.
    crashed.journal.append(journalEntryOf(failing, 400n));
    await crashed.die();

    await recoverAfterCrash();
    expect((await usageCharges(db, failing.requestId)).map((c) => c.amount)).toEqual([-400n]);
    await crashed.close();
  });

  it('a steady stream of markers keeps the journal small: settled ones are compacted away', async () => {
    const crashed = await crashedProcess(10_000_000n);
    const small = new ChargeJournal(dir, 'compaction-check', silentLogger, { compactAfterBytes: 2_000 });
    for (let i = 0; i < 100; i++) {
      const reservation = await crashed.hold(10n);
      small.append({ requestId: reservation.requestId, userId: reservation.userId, tokenId: reservation.tokenId, bucket: 'FREE', subscriptionId: null, amount: '10', cost: '10', delivered: true });
      await small.flush();
      await small.landed(i % 10 === 9 ? [] : [reservation.requestId]);
      await crashed.billing.settle(reservation, 5n);
    }
    await small.flush();
    // 100 markers of ~200 bytes were written; what is left is the 10 that never landed plus at most one compaction's worth.
    expect(statSync(join(dir, 'charge-journal-compaction-check.jsonl')).size).toBeLessThan(6_000);
    expect(small.has(`never-appended`)).toBe(false);
    await small.close();
    rmSync(join(dir, 'charge-journal-compaction-check.jsonl'), { force: true });
    await crashed.close();
  });
});
