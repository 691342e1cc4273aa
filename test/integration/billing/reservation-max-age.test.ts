import type { SqlScriptRunner } from '../../../src/db/sql-runner';
import {
  createToken, createUser, newBilling, openBillingDb, requestId, reservationExists, tokenState, usageCharges, userState, type BillingDb,
} from './billing-fixtures';

let db: BillingDb;
beforeAll(async () => {
  db = await openBillingDb();
});
afterAll(() => db.close());

/**
 * The real runner, except that every settle fails the way a lost connection does: the hold stays
 * in the table while its instance lives on (what a PostgreSQL crash under BILLING_COMMIT=fast
 * or a database error during settle leaves behind).
 */
function settleFails(script: SqlScriptRunner): SqlScriptRunner {
  return (text) => (/gw_settle(_try)?\(/.test(text) ? Promise.reject(new Error('Connection terminated unexpectedly')) : script(text));
}

async function backdate(ids: string[], interval: string): Promise<void> {
  await db.sql(`update quota_reservations set created_at = now() - ?::interval where request_id = any (string_to_array(?, ','))`, [interval, ids.join(',')]);
}

async function writeUsageRow(id: string, outcome: string, cost: bigint): Promise<void> {
  await db.sql(`insert into usage_logs (request_id, outcome, http_status, cost, created_at) values (?, ?, 200, ?, now())`, [id, outcome, cost.toString()]);
}

describe('max-age sweep of a live instance\'s holds', () => {
  it('finishes its own old holds that no request owns, settling delivered ones from the usage log', async () => {
    const userId = await createUser(db, 10_000n);
    const tokenId = await createToken(db, userId);
    const live = await newBilling(db, { reservationMaxAgeMs: 60_000 });
    const broken = await newBilling(db, { reservationMaxAgeMs: 60_000, script: settleFails(db.script) });
    const reserve = async (b: typeof live, amount: bigint) => {
      const r = await b.billing.reserve({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount });
      if (!r.ok) throw new Error(`reserve refused: ${r.reason}`);
      return r.reservation;
    };

    const lost = await reserve(broken, 1_000n); // settle fails, nothing was delivered
    const lostDelivered = await reserve(broken, 1_000n); // settle fails after the caller got its answer
    const inFlight = await reserve(broken, 2_000n); // still being served
    const recentLost = await reserve(broken, 500n); // settle failed a moment ago
    const otherInstance = await reserve(live, 1_500n); // another live instance's long request
    await expect(broken.billing.settle(lost, 700n)).rejects.toThrow(/Connection terminated/);
    await expect(broken.billing.settle(lostDelivered, 300n)).rejects.toThrow(/Connection terminated/);
    await expect(broken.billing.settle(recentLost, 100n)).rejects.toThrow(/Connection terminated/);
    await writeUsageRow(lostDelivered.requestId, 'SUCCESS', 300n);
    await writeUsageRow(lost.requestId, 'UPSTREAM_ERROR', 700n);
    expect([...broken.instance.openHolds]).toEqual([inFlight.requestId]);
    await backdate([lost.requestId, lostDelivered.requestId, inFlight.requestId, otherInstance.requestId], '2 hours');

    expect(await broken.instance.sweepExpiredHolds()).toEqual({ released: 1, settled: 1, failed: 0 });
    expect(await reservationExists(db, lost.requestId)).toBe(false);
    expect(await reservationExists(db, lostDelivered.requestId)).toBe(false);
    expect(await reservationExists(db, inFlight.requestId)).toBe(true);
    expect(await reservationExists(db, recentLost.requestId)).toBe(true); // younger than the bound
    expect(await reservationExists(db, otherInstance.requestId)).toBe(true); // not this instance's to judge
    expect(await usageCharges(db, lostDelivered.requestId)).toEqual([{ amount: -300n, balanceAfter: 9_700n, bucket: 'FREE', subscriptionId: null }]);
    expect(await usageCharges(db, lost.requestId)).toEqual([]);
    expect(await userState(db, userId)).toEqual({ freeQuota: 9_700n, freeReserved: 4_000n, freeLedgerSum: 9_700n });
    expect(await tokenState(db, tokenId)).toEqual({ used: 300n, reserved: 4_000n });

    // The other instance's hold is still owned by its request there, however old it is.
    expect(await live.instance.sweepExpiredHolds()).toEqual({ released: 0, settled: 0, failed: 0 });
    expect(await live.billing.settle(otherInstance, 1_000n)).toEqual({ charged: 1_000n, alreadySettled: false, uncovered: 0n });
    expect(live.instance.openHolds.size).toBe(0);

    // The in-flight request finishes late (its own settle path is the broken one here): once it
    // no longer owns the hold, the next sweep finishes it; a second sweep finds nothing.
    await expect(broken.billing.settle(inFlight, 50n)).rejects.toThrow(/Connection terminated/);
    expect(await broken.instance.sweepExpiredHolds()).toEqual({ released: 1, settled: 0, failed: 0 });
    expect(await broken.instance.sweepExpiredHolds()).toEqual({ released: 0, settled: 0, failed: 0 });
    await backdate([recentLost.requestId], '2 hours');
    expect(await broken.instance.sweepExpiredHolds()).toEqual({ released: 1, settled: 0, failed: 0 });
    expect(await userState(db, userId)).toEqual({ freeQuota: 8_700n, freeReserved: 0n, freeLedgerSum: 8_700n });
    expect(await tokenState(db, tokenId)).toEqual({ used: 1_300n, reserved: 0n });
  });

  it('runs on the heartbeat timer', async () => {
    const userId = await createUser(db, 1_000n);
    const tokenId = await createToken(db, userId);
    const broken = await newBilling(db, { heartbeatMs: 50, reservationMaxAgeMs: 200, script: settleFails(db.script) });
    broken.instance.startTimers();
    try {
      const held = await broken.billing.reserve({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 400n });
      if (!held.ok) throw new Error(`reserve refused: ${held.reason}`);
      await expect(broken.billing.settle(held.reservation, 100n)).rejects.toThrow();
      expect(await userState(db, userId)).toMatchObject({ freeReserved: 400n });
      const deadline = Date.now() + 5_000;
      while ((await reservationExists(db, held.reservation.requestId)) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(await reservationExists(db, held.reservation.requestId)).toBe(false);
      expect(await userState(db, userId)).toEqual({ freeQuota: 1_000n, freeReserved: 0n, freeLedgerSum: 1_000n });
    } finally {
      await broken.instance.stop();
    }
  });
});
