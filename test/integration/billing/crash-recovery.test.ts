import { GatewayInstanceRegistry } from '../../../src/domain/billing/gateway-instance-registry';
import { startTestApp } from '../../support/test-app';
import {
  createToken, createUser, newBilling, openBillingDb, requestId, reservationExists, silentLogger, tokenState, usageCharges, userState,
  type BillingDb,
} from './billing-fixtures';

let db: BillingDb;
beforeAll(async () => {
  db = await openBillingDb();
});
afterAll(() => db.close());

async function makeStale(instanceId: string): Promise<void> {
  await db.sql(`update gateway_instances set heartbeat_at = now() - interval '1 hour' where id = ?`, [instanceId]);
}

async function instanceRowExists(instanceId: string): Promise<boolean> {
  return (await db.sql(`select 1 from gateway_instances where id = ?`, [instanceId])).length > 0;
}

async function writeUsageRow(id: string, outcome: string, cost: bigint): Promise<void> {
  await db.sql(
    `insert into usage_logs (request_id, outcome, http_status, cost, created_at) values (?, ?, 200, ?, now())`,
    [id, outcome, cost.toString()],
  );
}

describe('reservations of stopped instances', () => {
  it('a sweep releases a dead instance\'s holds and never touches a live one\'s', async () => {
    const userId = await createUser(db, 10_000n);
    const tokenId = await createToken(db, userId);
    const dead = await newBilling(db);
    const live = await newBilling(db);
    const deadHold = await dead.billing.reserve({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 1_000n });
    const liveHold = await live.billing.reserve({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 2_000n });
    if (!deadHold.ok || !liveHold.ok) throw new Error('fixture reserve failed');
    await makeStale(dead.instance.id);

    const result = await live.instance.recoverOrphans();
    expect(result).toEqual({ released: 1, settled: 0, failed: 0 });
    expect(await reservationExists(db, deadHold.reservation.requestId)).toBe(false);
    expect(await reservationExists(db, liveHold.reservation.requestId)).toBe(true);
    expect(await userState(db, userId)).toEqual({ freeQuota: 10_000n, freeReserved: 2_000n, freeLedgerSum: 10_000n });
    expect(await tokenState(db, tokenId)).toEqual({ used: 0n, reserved: 2_000n });
    expect(await instanceRowExists(dead.instance.id)).toBe(false); // nothing left: its row goes too
    expect(await instanceRowExists(live.instance.id)).toBe(true);

    // The dead process, had it come back, can no longer charge the released hold.
    expect(await dead.billing.settle(deadHold.reservation, 500n)).toEqual({ charged: 0n, alreadySettled: true, uncovered: 0n });
    expect(await live.billing.settle(liveHold.reservation, 1_500n)).toEqual({ charged: 1_500n, alreadySettled: false, uncovered: 0n });
    expect(await userState(db, userId)).toEqual({ freeQuota: 8_500n, freeReserved: 0n, freeLedgerSum: 8_500n });
  });

  it('settles an orphan to its usage-log cost when the caller had already been answered', async () => {
    const userId = await createUser(db, 10_000n);
    const tokenId = await createToken(db, userId);
    const dead = await newBilling(db);
    const sweeper = await newBilling(db);
    const answered = await dead.billing.reserve({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 1_000n });
    const failed = await dead.billing.reserve({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 1_000n });
    const inFlight = await dead.billing.reserve({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 1_000n });
    if (!answered.ok || !failed.ok || !inFlight.ok) throw new Error('fixture reserve failed');
    await writeUsageRow(answered.reservation.requestId, 'CLIENT_ABORTED', 250n);
    await writeUsageRow(failed.reservation.requestId, 'UPSTREAM_ERROR', 999n);
    await makeStale(dead.instance.id);

    expect(await sweeper.instance.recoverOrphans()).toEqual({ released: 2, settled: 1, failed: 0 });
    expect(await usageCharges(db, answered.reservation.requestId)).toEqual([{ amount: -250n, balanceAfter: 9_750n, bucket: 'FREE', subscriptionId: null }]);
    expect(await usageCharges(db, failed.reservation.requestId)).toEqual([]);
    expect(await userState(db, userId)).toEqual({ freeQuota: 9_750n, freeReserved: 0n, freeLedgerSum: 9_750n });
    expect(await tokenState(db, tokenId)).toEqual({ used: 250n, reserved: 0n });
  });

  it('a graceful stop deregisters at once, so its leftovers are finished without waiting for staleness', async () => {
    const userId = await createUser(db, 1_000n);
    const tokenId = await createToken(db, userId);
    const stopping = await newBilling(db);
    const sweeper = await newBilling(db);
    const hold = await stopping.billing.reserve({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 600n });
    expect(hold.ok).toBe(true);
    await stopping.instance.stop();
    expect(await sweeper.instance.recoverOrphans()).toMatchObject({ released: 1 });
    expect(await userState(db, userId)).toMatchObject({ freeReserved: 0n });
  });

  it('heartbeats keep a live instance fresh; a stalled one that lost its row re-registers', async () => {
    const userId = await createUser(db, 1_000n);
    const tokenId = await createToken(db, userId);
    const live = await newBilling(db, { heartbeatMs: 50, staleAfterMs: 300 });
    live.instance.startTimers();
    try {
      const hold = await live.billing.reserve({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 100n });
      if (!hold.ok) throw new Error('fixture reserve failed');
      await new Promise((r) => setTimeout(r, 700)); // well past staleAfterMs: only heartbeats keep it alive
      const sweeper = await GatewayInstanceRegistry.register(db.sql, silentLogger, { staleAfterMs: 300 });
      expect(await sweeper.recoverOrphans()).toEqual({ released: 0, settled: 0, failed: 0 });
      expect(await reservationExists(db, hold.reservation.requestId)).toBe(true);

      await db.sql(`delete from gateway_instances where id = ?`, [live.instance.id]);
      await new Promise((r) => setTimeout(r, 200));
      expect(await instanceRowExists(live.instance.id)).toBe(true);
      await live.billing.release(hold.reservation);
    } finally {
      await live.instance.stop();
    }
  });
});

describe('start-up recovery', () => {
  it('the app releases a crashed instance\'s holds when it starts, and leaves a live instance\'s alone', async () => {
    const userId = await createUser(db, 10_000n);
    const tokenId = await createToken(db, userId);
    const crashed = await newBilling(db);
    const live = await newBilling(db);
    const crashedHold = await crashed.billing.reserve({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 3_000n });
    const liveHold = await live.billing.reserve({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 4_000n });
    if (!crashedHold.ok || !liveHold.ok) throw new Error('fixture reserve failed');
    await makeStale(crashed.instance.id); // the crashed process stopped beating long ago

    const app = await startTestApp({}, { database: db.database });
    try {
      expect(await reservationExists(db, crashedHold.reservation.requestId)).toBe(false);
      expect(await reservationExists(db, liveHold.reservation.requestId)).toBe(true);
      expect(await userState(db, userId)).toEqual({ freeQuota: 10_000n, freeReserved: 4_000n, freeLedgerSum: 10_000n });

      // The app's own billing works on the same database, next to the other instance.
      const own = await app.server.services.billing.reserve({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 6_000n });
      expect(own).toMatchObject({ ok: true, reservation: { bucket: 'FREE' } });
      if (own.ok) await app.server.services.billing.settle(own.reservation, 1_000n);
      await live.billing.settle(liveHold.reservation, 0n);
      expect(await userState(db, userId)).toEqual({ freeQuota: 9_000n, freeReserved: 0n, freeLedgerSum: 9_000n });
    } finally {
      await app.close();
    }
  });
});
