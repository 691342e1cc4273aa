import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChargeJournal, journalEntryOf } from '../../../src/domain/billing/charge-journal';
import { GatewayInstanceRegistry } from '../../../src/domain/billing/gateway-instance-registry';
import { createToken, createUser, newBilling, openBillingDb, requestId, reservationExists, silentLogger, usageCharges, userState, type BillingDb } from './billing-fixtures';

// Issue 15, item 2: charges the database could not take are kept in a durable local journal; a
// process that crashes before the database returns leaves the journal behind, and the next
// process on the same DATA_DIR lands it (once per request id) before it recovers the holds.

let db: BillingDb;
const dir = mkdtempSync(join(tmpdir(), 'gw-journal-'));
beforeAll(async () => {
  db = await openBillingDb();
});
afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('charge journal', () => {
  it('a crashed process\'s journaled charges are landed once by the next start, before its holds are released', async () => {
    const userId = await createUser(db, 100_000n);
    const tokenId = await createToken(db, userId);
    const crashed = await newBilling(db, { journalDir: dir });
    const held = await crashed.billing.reserve({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 1_000n });
    if (!held.ok) throw new Error('fixture reserve failed');
    // The settle failed (database down); the charge went to the journal, and the process died.
    const journal = new ChargeJournal(dir, crashed.instance.id, silentLogger);
    journal.append(journalEntryOf(held.reservation, 700n));
    journal.append(journalEntryOf(held.reservation, 700n)); // a repeat (the lease's retry journaled again) charges once
    await journal.flush();
    expect(readdirSync(dir)).toEqual([`charge-journal-${crashed.instance.id}.jsonl`]);
    await db.sql(`update gateway_instances set heartbeat_at = now() - interval '1 hour' where id = ?`, [crashed.instance.id]);

    const next = await GatewayInstanceRegistry.register(db.sql, silentLogger, { journalDir: dir });
    expect(await next.replayLeftBehindJournals()).toBe(1); // one request: its last line counts
    await next.recoverOrphans();
    expect(await reservationExists(db, held.reservation.requestId)).toBe(false);
    expect((await usageCharges(db, held.reservation.requestId)).map((c) => c.amount)).toEqual([-700n]);
    expect(await userState(db, userId)).toEqual({ freeQuota: 99_300n, freeReserved: 0n, freeLedgerSum: 99_300n });
    expect(readdirSync(dir)).toEqual([]);
    // A second pass finds nothing.
    expect(await next.replayLeftBehindJournals()).toBe(0);
    await crashed.billing.close();
  });

  it('a live process\'s journal is left to it', async () => {
    const live = await newBilling(db, { journalDir: dir });
    const journal = new ChargeJournal(dir, live.instance.id, silentLogger);
    journal.append({ requestId: requestId(), userId: 1, tokenId: 1, bucket: 'FREE', subscriptionId: null, amount: '1', cost: '1' });
    await journal.flush();
    const other = await GatewayInstanceRegistry.register(db.sql, silentLogger, { journalDir: dir });
    expect(await other.replayLeftBehindJournals()).toBe(0);
    expect(readdirSync(dir)).toHaveLength(1);
    await journal.close();
    rmSync(join(dir, readdirSync(dir)[0]!), { force: true });
    await live.billing.close();
  });
});
