import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChargeJournal, journalEntryOf } from '../../../src/domain/billing/charge-journal';
import { replayOwnJournal } from '../../../src/domain/billing/charge-journal-replay';
import { GatewayInstanceRegistry } from '../../../src/domain/billing/gateway-instance-registry';
import { RefusedJournalEntries, type RefusedJournalEntry } from '../../../src/domain/billing/refused-journal-entries';
import type { SqlRunner } from '../../../src/db/sql-runner';
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

describe('charge journal entries the database refuses for good', () => {
  // A journaled entry the billing function will always refuse (here a negative cost, refused
  // with SQLSTATE 22023) must not block the entries behind it: it is moved aside to a file next
  // to the journal, counted and reported, and replay goes on. A connection error still stops it.
  const refusedDir = mkdtempSync(join(tmpdir(), 'gw-journal-refused-'));
  afterAll(() => rmSync(refusedDir, { recursive: true, force: true }));

  async function heldRequests(userId: number, tokenId: number, count: number) {
    const b = await newBilling(db, { journalDir: refusedDir });
    const held = [];
    for (let i = 0; i < count; i++) {
      const result = await b.billing.reserve({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 1_000n });
      if (!result.ok) throw new Error('fixture reserve failed');
      held.push(result.reservation);
    }
    return { b, held };
  }

  const refusedEntry = (userId: number, tokenId: number) => ({
    requestId: requestId(), userId, tokenId, bucket: 'FREE' as const, subscriptionId: null, amount: '100', leaseId: 'lease_gone', cost: '-5',
  });

  it('this process\'s journal: the refused entry is moved aside and the good ones behind it land', async () => {
    const userId = await createUser(db, 100_000n);
    const tokenId = await createToken(db, userId);
    const { b, held } = await heldRequests(userId, tokenId, 2);
    const journal = new ChargeJournal(refusedDir, `own-${requestId()}`, silentLogger);
    const bad = refusedEntry(userId, tokenId);
    journal.append(bad);
    journal.append(journalEntryOf(held[0]!, 700n));
    journal.append(journalEntryOf(held[1]!, 300n));
    await journal.flush();
    const refused = new RefusedJournalEntries(silentLogger);
    const heard: RefusedJournalEntry[] = [];
    refused.onRefused((entry) => heard.push(entry));

    expect(await replayOwnJournal(db.sql, journal, silentLogger, refused)).toBe(2);
    expect((await usageCharges(db, held[0]!.requestId)).map((c) => c.amount)).toEqual([-700n]);
    expect((await usageCharges(db, held[1]!.requestId)).map((c) => c.amount)).toEqual([-300n]);
    expect(await userState(db, userId)).toEqual({ freeQuota: 99_000n, freeReserved: 0n, freeLedgerSum: 99_000n });
    expect(journal.pending).toEqual([]);
    expect(refused.count).toBe(1);
    expect(heard).toEqual([expect.objectContaining({ requestId: bad.requestId, code: '22023' })]);
    const [line] = readFileSync(join(refusedDir, `refused-charges-${journal.instanceId}.jsonl`), 'utf8').trim().split('\n');
    expect(JSON.parse(line!)).toMatchObject({ ...bad, refusal: { code: '22023' } });
    await journal.close();
    await b.billing.close();
  });

  it('a connection error stops the replay, keeps every entry and moves nothing aside', async () => {
    const userId = await createUser(db, 100_000n);
    const tokenId = await createToken(db, userId);
    const { b, held } = await heldRequests(userId, tokenId, 1);
    const journal = new ChargeJournal(refusedDir, `down-${requestId()}`, silentLogger);
    journal.append(journalEntryOf(held[0]!, 700n));
    journal.append(refusedEntry(userId, tokenId));
    const down: SqlRunner = async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    };
    const refused = new RefusedJournalEntries(silentLogger);
    expect(await replayOwnJournal(down, journal, silentLogger, refused)).toBe(0);
    expect(journal.pending).toHaveLength(2);
    expect(refused.count).toBe(0);
    // The database is back: the good entry lands, the bad one goes aside.
    expect(await replayOwnJournal(db.sql, journal, silentLogger, refused)).toBe(1);
    expect(journal.pending).toEqual([]);
    expect(refused.count).toBe(1);
    await journal.close();
    await b.billing.close();
  });

  it('a stopped process\'s journal: the refused entry is moved aside and the rest land', async () => {
    const userId = await createUser(db, 100_000n);
    const tokenId = await createToken(db, userId);
    const { b: crashed, held } = await heldRequests(userId, tokenId, 1);
    const journal = new ChargeJournal(refusedDir, crashed.instance.id, silentLogger);
    const bad = refusedEntry(userId, tokenId);
    journal.append(bad);
    journal.append(journalEntryOf(held[0]!, 400n));
    await journal.flush();
    await db.sql(`update gateway_instances set heartbeat_at = now() - interval '1 hour' where id = ?`, [crashed.instance.id]);

    const next = await GatewayInstanceRegistry.register(db.sql, silentLogger, { journalDir: refusedDir });
    expect(await next.replayLeftBehindJournals()).toBe(1);
    expect((await usageCharges(db, held[0]!.requestId)).map((c) => c.amount)).toEqual([-400n]);
    expect(next.refusedJournalEntries.count).toBe(1);
    expect(readdirSync(refusedDir)).toContain(`refused-charges-${crashed.instance.id}.jsonl`);
    expect(readdirSync(refusedDir)).not.toContain(`charge-journal-${crashed.instance.id}.jsonl`);
    await crashed.billing.close();
  });
});
