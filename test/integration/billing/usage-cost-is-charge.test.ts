import { randomUUID } from 'node:crypto';
import { journalEntryOf } from '../../../src/domain/billing/charge-journal';
import { replayEntry } from '../../../src/domain/billing/charge-journal-replay';
import { UsageLogWriter } from '../../../src/domain/usage/usage-log-writer';
import type { UsageLogRow } from '../../../src/domain/usage/usage-log.types';
import { createToken, createUser, newBilling, openBillingDb, requestId, silentLogger, usageCharges, type BillingDb, type BillingUnderTest } from './billing-fixtures';

// A usage row's cost is its ledger charge, always, even when the settle had no answer and the
// charge landed later (journal replay, recovery) or earlier than the row.

let db: BillingDb;
let b: BillingUnderTest;
beforeAll(async () => {
  db = await openBillingDb();
  b = await newBilling(db, { leases: { enabled: false } });
});
afterAll(() => db.close());

function rowOf(id: string, userId: number, cost: bigint): UsageLogRow {
  return {
    requestId: id, surface: 'chat.completions', userId, tokenId: null, groupName: 'default', modelId: 'gpt-4o-mini', attempts: [], channelId: null,
    stream: false, promptTokens: 150_000, completionTokens: 5, cachedTokens: 0, audioMs: 0, cost, chargeUnknown: true, bucket: 'FREE',
    subscriptionId: null, outcome: 'SUCCESS', httpStatus: 200, errorCode: null, latencyMs: 1, ttftMs: null, createdAt: new Date(),
  };
}

async function stored(id: string): Promise<{ cost: bigint; uncovered: bigint }> {
  const [row] = await db.sql<{ cost: string; uncovered_cost: string }>(`select cost, uncovered_cost from usage_logs where request_id = ?`, [id]);
  return { cost: BigInt(row!.cost), uncovered: BigInt(row!.uncovered_cost) };
}

async function heldRequest(freeQuota: bigint, hold: bigint) {
  const userId = await createUser(db, freeQuota);
  const tokenId = await createToken(db, userId);
  const result = await b.billing.reserve({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: hold });
  if (!result.ok) throw new Error(result.reason);
  return { userId, reservation: result.reservation };
}

describe('a usage row whose settle had no answer', () => {
  it('written after its charge landed, takes the charge as its cost and the rest as uncovered', async () => {
    const { userId, reservation } = await heldRequest(1_000n, 100n);
    await replayEntry(db.sql, journalEntryOf(reservation, 5_000n));
    const writer = new UsageLogWriter(db.sql, silentLogger);
    writer.write(rowOf(reservation.requestId, userId, 5_000n));
    await writer.flush();
    expect((await usageCharges(db, reservation.requestId)).map((c) => c.amount)).toEqual([-1_000n]);
    expect(await stored(reservation.requestId)).toEqual({ cost: 1_000n, uncovered: 4_000n });
  });

  it('written before its charge landed, is corrected when the journal replays it', async () => {
    const { userId, reservation } = await heldRequest(1_000n, 100n);
    const writer = new UsageLogWriter(db.sql, silentLogger);
    writer.write(rowOf(reservation.requestId, userId, 5_000n));
    await writer.flush();
    expect(await stored(reservation.requestId)).toEqual({ cost: 5_000n, uncovered: 0n });
    await replayEntry(db.sql, journalEntryOf(reservation, 5_000n));
    expect(await stored(reservation.requestId)).toEqual({ cost: 1_000n, uncovered: 4_000n });
  });

  it('written before its hold was recovered, is corrected by the recovery that charges it', async () => {
    const { userId, reservation } = await heldRequest(1_000n, 100n);
    const writer = new UsageLogWriter(db.sql, silentLogger);
    writer.write(rowOf(reservation.requestId, userId, 700n));
    await writer.flush();
    // The settle never ran; the hold is this instance's and no request owns it any more.
    b.instance.openHolds.delete(reservation.requestId);
    await b.instance.sweepExpiredHolds(0);
    expect((await usageCharges(db, reservation.requestId)).map((c) => c.amount)).toEqual([-700n]);
    expect(await stored(reservation.requestId)).toEqual({ cost: 700n, uncovered: 0n });
  });

  it('a row whose settle answered is written as it is, without a ledger look-up', async () => {
    const id = `req_${randomUUID()}`;
    const writer = new UsageLogWriter(db.sql, silentLogger);
    writer.write({ ...rowOf(id, 1, 300n), chargeUnknown: false, uncoveredCost: 25n });
    await writer.flush();
    expect(await stored(id)).toEqual({ cost: 300n, uncovered: 25n });
  });
});
