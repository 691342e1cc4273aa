import type { Reservation } from '../../../src/domain/billing/billing.types';
import {
  createSubscription, createToken, createUser, newBilling, openBillingDb, requestId, reservationExists, subscriptionState,
  tokenState, usageCharges, userState, type BillingDb, type BillingUnderTest,
} from './billing-fixtures';

let db: BillingDb;
let b: BillingUnderTest;

beforeAll(async () => {
  db = await openBillingDb();
  // The reservation-row path every request takes without a lease; leases: quota-leases.test.ts.
  b = await newBilling(db, { leases: { enabled: false } });
});
afterAll(() => db.close());

async function reserveOk(req: Parameters<BillingUnderTest['billing']['reserve']>[0]): Promise<Reservation> {
  const result = await b.billing.reserve(req);
  if (!result.ok) throw new Error(`expected a reservation, got ${result.reason}`);
  return result.reservation;
}

describe('free bucket', () => {
  it('holds on reserve, charges on settle with its ledger row, releases the rest', async () => {
    const userId = await createUser(db, 5_000n);
    const tokenId = await createToken(db, userId);
    const id = requestId();
    const reservation = await reserveOk({ requestId: id, userId, tokenId, tier: 'FREE', amount: 1_000n });
    expect(reservation).toEqual({ requestId: id, userId, tokenId, bucket: 'FREE', subscriptionId: null, amount: 1_000n });
    // A hold is not a ledger row: the balance has not moved.
    expect(await userState(db, userId)).toEqual({ freeQuota: 5_000n, freeReserved: 1_000n, freeLedgerSum: 5_000n });
    expect(await tokenState(db, tokenId)).toEqual({ used: 0n, reserved: 1_000n });
    expect(await usageCharges(db, id)).toEqual([]);

    expect(await b.billing.settle(reservation, 300n)).toEqual({ charged: 300n, alreadySettled: false, uncovered: 0n });
    expect(await userState(db, userId)).toEqual({ freeQuota: 4_700n, freeReserved: 0n, freeLedgerSum: 4_700n });
    expect(await tokenState(db, tokenId)).toEqual({ used: 300n, reserved: 0n });
    expect(await usageCharges(db, id)).toEqual([{ amount: -300n, balanceAfter: 4_700n, bucket: 'FREE', subscriptionId: null }]);
    expect(await reservationExists(db, id)).toBe(false);
  });

  it('release gives everything back and writes no ledger row; releasing again is harmless', async () => {
    const userId = await createUser(db, 5_000n);
    const tokenId = await createToken(db, userId);
    const reservation = await reserveOk({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 4_000n });
    await b.billing.release(reservation);
    await b.billing.release(reservation);
    expect(await userState(db, userId)).toEqual({ freeQuota: 5_000n, freeReserved: 0n, freeLedgerSum: 5_000n });
    expect(await tokenState(db, tokenId)).toEqual({ used: 0n, reserved: 0n });
    expect(await usageCharges(db, reservation.requestId)).toEqual([]);
  });

  it('settle with cost 0 is a release', async () => {
    const userId = await createUser(db, 100n);
    const tokenId = await createToken(db, userId);
    const reservation = await reserveOk({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 100n });
    expect(await b.billing.settle(reservation, 0n)).toEqual({ charged: 0n, alreadySettled: false, uncovered: 0n });
    expect(await userState(db, userId)).toEqual({ freeQuota: 100n, freeReserved: 0n, freeLedgerSum: 100n });
    expect(await usageCharges(db, reservation.requestId)).toEqual([]);
  });

  it('counts other holds: what is held cannot be reserved twice', async () => {
    const userId = await createUser(db, 1_000n);
    const tokenId = await createToken(db, userId);
    await reserveOk({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 700n });
    expect(await b.billing.reserve({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 301n })).toEqual({ ok: false, reason: 'INSUFFICIENT_QUOTA' });
    await reserveOk({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 300n });
  });

  it('charges a cost beyond the hold in full from the unreserved balance, never eating another hold', async () => {
    const userId = await createUser(db, 2_000n);
    const tokenId = await createToken(db, userId);
    const first = await reserveOk({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 600n });
    const second = await reserveOk({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 300n });
    // The prompt came to more than estimated: 1 000 charged, 600 from the hold and 400 from the 1 100 nobody holds.
    const uncoveredBefore = b.billing.anomalies.uncoveredCharges;
    expect(await b.billing.settle(first, 1_000n, { channelId: 7 })).toEqual({ charged: 1_000n, alreadySettled: false, uncovered: 0n });
    expect(b.billing.anomalies.uncoveredCharges).toBe(uncoveredBefore);
    expect(await userState(db, userId)).toEqual({ freeQuota: 1_000n, freeReserved: 300n, freeLedgerSum: 1_000n });
    expect(await usageCharges(db, first.requestId)).toEqual([{ amount: -1_000n, balanceAfter: 1_000n, bucket: 'FREE', subscriptionId: null }]);
    expect(await b.billing.settle(second, 300n)).toEqual({ charged: 300n, alreadySettled: false, uncovered: 0n });
    expect(await tokenState(db, tokenId)).toEqual({ used: 1_300n, reserved: 0n });
  });

  it('charges what the balance can spare beyond other holds, never below zero, and reports, counts and alerts the rest', async () => {
    const userId = await createUser(db, 1_000n);
    const tokenId = await createToken(db, userId);
    const first = await reserveOk({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 600n });
    const second = await reserveOk({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 300n });
    const alerts: bigint[] = [];
    const unsubscribe = b.billing.anomalies.onUncovered((charge) => alerts.push(charge.uncovered));
    const before = { charges: b.billing.anomalies.uncoveredCharges, units: b.billing.anomalies.uncoveredUnits };
    // 5 000 asked: 600 held + 100 unreserved can pay; the 300 `second` holds is not touched.
    expect(await b.billing.settle(first, 5_000n, { channelId: 7 })).toEqual({ charged: 700n, alreadySettled: false, uncovered: 4_300n });
    unsubscribe();
    expect(alerts).toEqual([4_300n]);
    expect(b.billing.anomalies.uncoveredCharges).toBe(before.charges + 1);
    expect(b.billing.anomalies.uncoveredUnits).toBe(before.units + 4_300n);
    expect(await userState(db, userId)).toEqual({ freeQuota: 300n, freeReserved: 300n, freeLedgerSum: 300n });
    expect(await usageCharges(db, first.requestId)).toEqual([{ amount: -700n, balanceAfter: 300n, bucket: 'FREE', subscriptionId: null }]);
    expect(await b.billing.settle(second, 300n)).toEqual({ charged: 300n, alreadySettled: false, uncovered: 0n });
    expect(await userState(db, userId)).toEqual({ freeQuota: 0n, freeReserved: 0n, freeLedgerSum: 0n });
    expect(await tokenState(db, tokenId)).toEqual({ used: 1_000n, reserved: 0n });
    // A repeated settle reports the charge, and nothing uncovered twice.
    expect(await b.billing.settle(first, 5_000n)).toEqual({ charged: 700n, alreadySettled: true, uncovered: 0n });
  });

  it('a zero-amount reservation is charged its cost like any other, from the unreserved balance', async () => {
    const userId = await createUser(db, 50n);
    const tokenId = await createToken(db, userId);
    const reservation = await reserveOk({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 0n });
    expect(await b.billing.settle(reservation, 80n)).toEqual({ charged: 50n, alreadySettled: false, uncovered: 30n });
    expect(await userState(db, userId)).toEqual({ freeQuota: 0n, freeReserved: 0n, freeLedgerSum: 0n });
  });
});

describe('subscription bucket', () => {
  it('pays a free-tier model from a subscription when free quota cannot cover it', async () => {
    const userId = await createUser(db, 100n);
    const tokenId = await createToken(db, userId);
    const subscriptionId = await createSubscription(db, userId, { quota: 10_000n });
    const reservation = await reserveOk({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 500n });
    expect(reservation).toMatchObject({ bucket: 'SUBSCRIPTION', subscriptionId });
    expect(await userState(db, userId)).toEqual({ freeQuota: 100n, freeReserved: 0n, freeLedgerSum: 100n });
    expect(await b.billing.settle(reservation, 200n)).toEqual({ charged: 200n, alreadySettled: false, uncovered: 0n });
    expect(await subscriptionState(db, subscriptionId)).toEqual({ remaining: 9_800n, used: 200n, reserved: 0n, ledgerSum: 9_800n });
    expect(await usageCharges(db, reservation.requestId)).toEqual([{ amount: -200n, balanceAfter: 9_800n, bucket: 'SUBSCRIPTION', subscriptionId }]);
  });

  it('prefers free quota for free-tier models even with a subscription', async () => {
    const userId = await createUser(db, 1_000n);
    const tokenId = await createToken(db, userId);
    await createSubscription(db, userId, { quota: 10_000n });
    expect(await reserveOk({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 1_000n })).toMatchObject({ bucket: 'FREE' });
  });

  it('uses the subscription that ends first, and the next one when that cannot cover', async () => {
    const userId = await createUser(db);
    const tokenId = await createToken(db, userId);
    const later = await createSubscription(db, userId, { quota: 10_000n, endsInMs: 20 * 86_400_000 });
    const sooner = await createSubscription(db, userId, { quota: 1_000n, endsInMs: 86_400_000 });
    expect(await reserveOk({ requestId: requestId(), userId, tokenId, tier: 'SVIP', amount: 800n })).toMatchObject({ subscriptionId: sooner });
    expect(await reserveOk({ requestId: requestId(), userId, tokenId, tier: 'SVIP', amount: 800n })).toMatchObject({ subscriptionId: later });
  });

  it('holds one request on one bucket, never split across buckets', async () => {
    const userId = await createUser(db, 300n);
    const tokenId = await createToken(db, userId);
    await createSubscription(db, userId, { quota: 300n });
    expect(await b.billing.reserve({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 500n })).toEqual({ ok: false, reason: 'INSUFFICIENT_QUOTA' });
  });

  it('SVIP: subscription required without one; never paid from free quota', async () => {
    const userId = await createUser(db, 1_000_000n);
    const tokenId = await createToken(db, userId);
    expect(await b.billing.reserve({ requestId: requestId(), userId, tokenId, tier: 'SVIP', amount: 1n })).toEqual({ ok: false, reason: 'SUBSCRIPTION_REQUIRED' });
    await createSubscription(db, userId, { quota: 10n });
    expect(await b.billing.reserve({ requestId: requestId(), userId, tokenId, tier: 'SVIP', amount: 11n })).toEqual({ ok: false, reason: 'INSUFFICIENT_QUOTA' });
    expect(await userState(db, userId)).toMatchObject({ freeReserved: 0n });
    expect(await tokenState(db, tokenId)).toEqual({ used: 0n, reserved: 0n });
  });

  it('SVIP: expired, cancelled and non-unlocking subscriptions do not count', async () => {
    const userId = await createUser(db);
    const tokenId = await createToken(db, userId);
    await createSubscription(db, userId, { quota: 10_000n, endsInMs: -1_000 });
    await createSubscription(db, userId, { quota: 10_000n, status: 'CANCELLED' });
    await createSubscription(db, userId, { quota: 10_000n, status: 'EXPIRED' });
    const other = await createSubscription(db, userId, { quota: 10_000n, tiers: [] });
    expect(await b.billing.reserve({ requestId: requestId(), userId, tokenId, tier: 'SVIP', amount: 1n })).toEqual({ ok: false, reason: 'SUBSCRIPTION_REQUIRED' });
    // The non-unlocking one still pays for free-tier models.
    expect(await reserveOk({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 1n })).toMatchObject({ subscriptionId: other });
  });

  it('settles a hold even if the subscription ended in between, as far as its quota reaches', async () => {
    const userId = await createUser(db);
    const tokenId = await createToken(db, userId);
    const subscriptionId = await createSubscription(db, userId, { quota: 500n });
    const reservation = await reserveOk({ requestId: requestId(), userId, tokenId, tier: 'SVIP', amount: 400n });
    await db.sql(`update subscriptions set ends_at = now() - interval '1 second' where id = ?`, [subscriptionId]);
    expect(await b.billing.settle(reservation, 900n)).toEqual({ charged: 500n, alreadySettled: false, uncovered: 400n });
    expect(await subscriptionState(db, subscriptionId)).toEqual({ remaining: 0n, used: 500n, reserved: 0n, ledgerSum: 0n });
  });
});

describe('token quota cap', () => {
  it('holds against the cap, refuses past it without leaving a bucket hold, and counts what was charged', async () => {
    const userId = await createUser(db, 100_000n);
    const tokenId = await createToken(db, userId, 1_000n);
    const first = await reserveOk({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 800n });
    expect(await b.billing.reserve({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 300n })).toEqual({ ok: false, reason: 'TOKEN_QUOTA_EXCEEDED' });
    expect(await userState(db, userId)).toMatchObject({ freeReserved: 800n });
    expect(await b.billing.settle(first, 500n)).toEqual({ charged: 500n, alreadySettled: false, uncovered: 0n });
    expect(await tokenState(db, tokenId)).toEqual({ used: 500n, reserved: 0n });
    await reserveOk({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 500n });
    expect(await b.billing.reserve({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 1n })).toEqual({ ok: false, reason: 'TOKEN_QUOTA_EXCEEDED' });
  });

  it('is a spending limit: a cost above the hold is charged only up to the cap, the rest uncovered', async () => {
    const userId = await createUser(db, 100_000n);
    const tokenId = await createToken(db, userId, 1_000n);
    const first = await reserveOk({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 500n });
    const second = await reserveOk({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 200n });
    // The balance could pay 3 000, the cap leaves 300 beyond the two holds: 800 charged.
    expect(await b.billing.settle(first, 3_000n)).toEqual({ charged: 800n, alreadySettled: false, uncovered: 2_200n });
    expect(await tokenState(db, tokenId)).toEqual({ used: 800n, reserved: 200n });
    expect(await b.billing.settle(second, 900n)).toEqual({ charged: 200n, alreadySettled: false, uncovered: 700n });
    expect(await tokenState(db, tokenId)).toEqual({ used: 1_000n, reserved: 0n });
    expect(await userState(db, userId)).toEqual({ freeQuota: 99_000n, freeReserved: 0n, freeLedgerSum: 99_000n });
  });

  it('undoes a subscription hold too when the token cap refuses', async () => {
    const userId = await createUser(db);
    const tokenId = await createToken(db, userId, 10n);
    const subscriptionId = await createSubscription(db, userId, { quota: 1_000n });
    expect(await b.billing.reserve({ requestId: requestId(), userId, tokenId, tier: 'SVIP', amount: 11n })).toEqual({ ok: false, reason: 'TOKEN_QUOTA_EXCEEDED' });
    expect(await subscriptionState(db, subscriptionId)).toMatchObject({ reserved: 0n });
  });
});

describe('spare after a hold (what a quota lease is sized from)', () => {
  async function spareOf(req: Parameters<BillingUnderTest['billing']['reserve']>[0]): Promise<bigint> {
    const result = await b.billing.reserve(req);
    if (!result.ok) throw new Error(`expected a reservation, got ${result.reason}`);
    return result.spare;
  }

  it('reports what the paying bucket can still hold, other holds counted', async () => {
    const userId = await createUser(db, 5_000n);
    const tokenId = await createToken(db, userId);
    expect(await spareOf({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 1_000n })).toBe(4_000n);
    expect(await spareOf({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 1_500n })).toBe(2_500n);
  });

  it('is capped by the token cap, and reports the subscription that paid', async () => {
    const userId = await createUser(db, 0n);
    const capped = await createToken(db, userId, 700n);
    const uncapped = await createToken(db, userId);
    await createSubscription(db, userId, { quota: 10_000n });
    expect(await spareOf({ requestId: requestId(), userId, tokenId: capped, tier: 'SVIP', amount: 200n })).toBe(500n);
    expect(await spareOf({ requestId: requestId(), userId, tokenId: uncapped, tier: 'SVIP', amount: 300n })).toBe(9_500n);
  });
});

describe('exactly once', () => {
  it('a second settle changes nothing and reports the first charge', async () => {
    const userId = await createUser(db, 1_000n);
    const tokenId = await createToken(db, userId);
    const reservation = await reserveOk({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 500n });
    expect(await b.billing.settle(reservation, 400n)).toEqual({ charged: 400n, alreadySettled: false, uncovered: 0n });
    expect(await b.billing.settle(reservation, 400n)).toEqual({ charged: 400n, alreadySettled: true, uncovered: 0n });
    expect(await b.billing.settle(reservation, 999n)).toEqual({ charged: 400n, alreadySettled: true, uncovered: 0n });
    expect(await usageCharges(db, reservation.requestId)).toHaveLength(1);
    expect(await userState(db, userId)).toEqual({ freeQuota: 600n, freeReserved: 0n, freeLedgerSum: 600n });
    expect(await tokenState(db, tokenId)).toEqual({ used: 400n, reserved: 0n });
  });

  it('settle after release charges nothing', async () => {
    const userId = await createUser(db, 1_000n);
    const tokenId = await createToken(db, userId);
    const reservation = await reserveOk({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 500n });
    await b.billing.release(reservation);
    expect(await b.billing.settle(reservation, 400n)).toEqual({ charged: 0n, alreadySettled: true, uncovered: 0n });
    expect(await usageCharges(db, reservation.requestId)).toEqual([]);
    expect(await userState(db, userId)).toEqual({ freeQuota: 1_000n, freeReserved: 0n, freeLedgerSum: 1_000n });
  });

  it('concurrent settles of one reservation charge once', async () => {
    const userId = await createUser(db, 10_000n);
    const tokenId = await createToken(db, userId);
    const reservation = await reserveOk({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 1_000n });
    const results = await Promise.all(Array.from({ length: 10 }, () => b.billing.settle(reservation, 700n)));
    expect(results.filter((r) => !r.alreadySettled)).toEqual([{ charged: 700n, alreadySettled: false, uncovered: 0n }]);
    expect(await usageCharges(db, reservation.requestId)).toHaveLength(1);
    expect(await userState(db, userId)).toEqual({ freeQuota: 9_300n, freeReserved: 0n, freeLedgerSum: 9_300n });
    expect(await tokenState(db, tokenId)).toEqual({ used: 700n, reserved: 0n });
  });

  it('a request id is held at most once and never held again after it was charged', async () => {
    const userId = await createUser(db, 10_000n);
    const tokenId = await createToken(db, userId);
    const id = requestId();
    const attempts = await Promise.allSettled(
      Array.from({ length: 5 }, () => b.billing.reserve({ requestId: id, userId, tokenId, tier: 'FREE', amount: 100n })),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    expect(await userState(db, userId)).toMatchObject({ freeReserved: 100n });
    expect(await tokenState(db, tokenId)).toEqual({ used: 0n, reserved: 100n });
    await b.billing.settle({ requestId: id, userId, tokenId, bucket: 'FREE', subscriptionId: null, amount: 100n }, 100n);
    await expect(b.billing.reserve({ requestId: id, userId, tokenId, tier: 'FREE', amount: 100n })).rejects.toThrow(/already charged/);
    expect(await userState(db, userId)).toEqual({ freeQuota: 9_900n, freeReserved: 0n, freeLedgerSum: 9_900n });
  });

  it('refuses negative amounts and costs, and over-long request ids, before touching the database', async () => {
    const r: Reservation = { requestId: requestId(), userId: 1, tokenId: 1, bucket: 'FREE', subscriptionId: null, amount: 1n };
    await expect(b.billing.reserve({ requestId: requestId(), userId: 1, tokenId: 1, tier: 'FREE', amount: -1n })).rejects.toThrow(RangeError);
    await expect(b.billing.settle(r, -1n)).rejects.toThrow(RangeError);
    await expect(b.billing.reserve({ requestId: 'x'.repeat(65), userId: 1, tokenId: 1, tier: 'FREE', amount: 1n })).rejects.toThrow(RangeError);
  });
});

describe('under concurrency', () => {
  it('100 concurrent reserves on a balance covering some: never negative, balance = sum(ledger) after settling', async () => {
    const userId = await createUser(db, 10_000n);
    const tokenId = await createToken(db, userId);
    const results = await Promise.all(
      Array.from({ length: 100 }, () => b.billing.reserve({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 300n })),
    );
    const held = results.flatMap((r) => (r.ok ? [r.reservation] : []));
    expect(held).toHaveLength(33); // floor(10000 / 300)
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === 'INSUFFICIENT_QUOTA')).toBe(true);
    expect(await userState(db, userId)).toMatchObject({ freeQuota: 10_000n, freeReserved: 9_900n });

    // Actual costs spread below, at and above the estimate; settled concurrently, twice each.
    const costs = held.map((_, i) => BigInt((i * 37) % 500));
    const settled = await Promise.all(held.flatMap((r, i) => [b.billing.settle(r, costs[i]!), b.billing.settle(r, costs[i]!)]));
    const charged = settled.filter((s) => !s.alreadySettled).reduce((sum, s) => sum + s.charged, 0n);
    expect(settled.filter((s) => !s.alreadySettled)).toHaveLength(33);

    const state = await userState(db, userId);
    expect(state.freeQuota).toBeGreaterThanOrEqual(0n);
    expect(state.freeReserved).toBe(0n);
    expect(state.freeQuota).toBe(state.freeLedgerSum);
    expect(state.freeQuota).toBe(10_000n - charged);
    expect(await tokenState(db, tokenId)).toEqual({ used: charged, reserved: 0n });
  });

  it('mixed buckets and tokens under contention keep every invariant', async () => {
    const userId = await createUser(db, 5_000n);
    const tokens = [await createToken(db, userId), await createToken(db, userId, 3_000n)];
    const subs = [await createSubscription(db, userId, { quota: 4_000n, endsInMs: 86_400_000 }), await createSubscription(db, userId, { quota: 2_000n })];
    const results = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        b.billing.reserve({ requestId: requestId(), userId, tokenId: tokens[i % 2]!, tier: i % 3 === 0 ? 'SVIP' : 'FREE', amount: 250n }),
      ),
    );
    const held = results.flatMap((r) => (r.ok ? [r.reservation] : []));
    expect(held.length).toBeGreaterThan(0);
    expect(held.some((r) => r.bucket === 'FREE') && held.some((r) => r.bucket === 'SUBSCRIPTION')).toBe(true);
    await Promise.all(held.map((r, i) => (i % 4 === 0 ? b.billing.release(r) : b.billing.settle(r, BigInt(100 + ((i * 53) % 400))))));

    const free = await userState(db, userId);
    expect(free.freeQuota).toBeGreaterThanOrEqual(0n);
    expect(free.freeReserved).toBe(0n);
    expect(free.freeQuota).toBe(free.freeLedgerSum);
    for (const id of subs) {
      const s = await subscriptionState(db, id);
      expect(s.remaining).toBeGreaterThanOrEqual(0n);
      expect(s.reserved).toBe(0n);
      expect(s.remaining).toBe(s.ledgerSum);
    }
    const capped = await tokenState(db, tokens[1]!);
    expect(capped.reserved).toBe(0n);
    const [totals] = await db.sql<{ charged: string }>(`select coalesce(-sum(amount), 0) as charged from ledger_entries where user_id = ? and kind = 'USAGE_CHARGE'`, [userId]);
    const used = (await tokenState(db, tokens[0]!)).used + capped.used;
    expect(used).toBe(BigInt(totals!.charged));
  });
});
