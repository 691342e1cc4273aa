import type { QuotaBilling } from '../../../src/domain/billing/billing.service';
import type { Reservation, ReserveRequest } from '../../../src/domain/billing/billing.types';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SqlScriptRunner } from '../../../src/db/sql-runner';
import { ChargeJournal } from '../../../src/domain/billing/charge-journal';
import { replayOwnJournal } from '../../../src/domain/billing/charge-journal-replay';
import { RefusedJournalEntries } from '../../../src/domain/billing/refused-journal-entries';
import { eventually } from '../../support/data-plane-fixtures';
import {
  createSubscription, createToken, createUser, newBilling, openBillingDb, recording, requestId, silentLogger, subscriptionState, tokenState, usageCharges, userState,
  type BillingDb,
} from './billing-fixtures';

let db: BillingDb;
const journalDir = mkdtempSync(join(tmpdir(), 'gw-leases-'));
beforeAll(async () => {
  db = await openBillingDb();
});
afterAll(async () => {
  await db.close();
  rmSync(journalDir, { recursive: true, force: true });
});

async function heldLeases(userId: number): Promise<Array<{ amount: bigint }>> {
  return (await leaseRows(userId)).map(({ amount }) => ({ amount }));
}

async function leaseRows(userId: number): Promise<Array<{ id: string; amount: bigint }>> {
  const rows = await db.sql<{ request_id: string; amount: string }>(
    `select request_id, amount from quota_reservations where user_id = ? and request_id like 'lease\\_%'`,
    [userId],
  );
  return rows.map((r) => ({ id: r.request_id, amount: BigInt(r.amount) }));
}

async function reserveOk(billing: QuotaBilling, request: Omit<ReserveRequest, 'requestId'>): Promise<Reservation> {
  const result = await billing.reserve({ requestId: requestId(), ...request });
  if (!result.ok) throw new Error(`reserve refused: ${result.reason}`);
  return result.reservation;
}

/** Sequential requests of one key until it holds a lease (the fourth within a second asks for one). */
async function warmUp(billing: QuotaBilling, request: Omit<ReserveRequest, 'requestId'>, cost: bigint): Promise<void> {
  for (let i = 0; i < 4; i++) await billing.settle(await reserveOk(billing, request), cost);
  await eventually(() => billing.leases.held === 1);
}

/** A user with 100 000 free quota and a key that already holds a lease, every warm-up request charged 100. */
async function leasedKey(options: Parameters<typeof newBilling>[1] = {}) {
  const userId = await createUser(db, 100_000n);
  const tokenId = await createToken(db, userId);
  const under = await newBilling(db, options);
  const key = { userId, tokenId, tier: 'FREE' as const, amount: 1_000n };
  await warmUp(under.billing, key, 100n);
  return { ...under, userId, tokenId, key };
}

describe('quota leases', () => {
  it('admit a busy key without a round trip and charge each request once, with its ledger row', async () => {
    const userId = await createUser(db, 100_000n);
    const tokenId = await createToken(db, userId, 80_000n);
    const rec = recording(db.script);
    const { billing } = await newBilling(db, { script: rec.script });
    const key = { userId, tokenId, tier: 'FREE' as const, amount: 1_000n };
    await warmUp(billing, key, 100n);
    // The fourth reserve left 78 700 on the token's cap (80 000, less 300 charged and its own 1 000 held),
    // the tighter bound: a quarter of that is leased.
    expect(await heldLeases(userId)).toEqual([{ amount: 19_675n }]);

    const before = rec.scripts.length;
    const part = await reserveOk(billing, key);
    expect(part.leaseId).toMatch(/^lease_/);
    expect(rec.scripts.length).toBe(before); // admitted in memory
    expect(await billing.settle(part, 300n)).toEqual({ charged: 300n, alreadySettled: false, uncovered: 0n });
    expect(rec.scripts.slice(before).join()).toMatch(/gw_lease_charge\(/);
    expect(await usageCharges(db, part.requestId)).toEqual([{ amount: -300n, balanceAfter: 99_300n, bucket: 'FREE', subscriptionId: null }]);
    // The used part left the lease; the rest is still leased, and everything adds up.
    expect(await heldLeases(userId)).toEqual([{ amount: 19_375n }]);
    expect(await userState(db, userId)).toEqual({ freeQuota: 99_300n, freeReserved: 19_375n, freeLedgerSum: 99_300n });
    expect(await tokenState(db, tokenId)).toEqual({ used: 700n, reserved: 19_375n });

    // A release costs nothing at all, and the part goes back to the lease.
    const released = await reserveOk(billing, key);
    const scriptsBeforeRelease = rec.scripts.length;
    await billing.release(released);
    expect(rec.scripts.length).toBe(scriptsBeforeRelease);

    await billing.close();
    expect(await heldLeases(userId)).toEqual([]);
    expect(await userState(db, userId)).toEqual({ freeQuota: 99_300n, freeReserved: 0n, freeLedgerSum: 99_300n });
    expect(await tokenState(db, tokenId)).toEqual({ used: 700n, reserved: 0n });
  });

  it('charge a request id once however often its charge is sent, and hold it once', async () => {
    const { billing, userId, key } = await leasedKey();
    const part = await reserveOk(billing, key);
    await expect(billing.reserve({ requestId: part.requestId, ...key })).rejects.toThrow(/already held/);
    const results = await Promise.all([billing.settle(part, 400n), billing.settle(part, 400n), billing.settle(part, 400n)]);
    expect(results.filter((r) => !r.alreadySettled)).toEqual([{ charged: 400n, alreadySettled: false, uncovered: 0n }]);
    expect(results.every((r) => r.charged === 400n)).toBe(true);
    expect(await usageCharges(db, part.requestId)).toHaveLength(1);
    await billing.close();
    expect(await userState(db, userId)).toEqual({ freeQuota: 99_200n, freeReserved: 0n, freeLedgerSum: 99_200n });
  });

  it('charge a cost above the request\'s hold in full from what nobody holds, never from the lease; the rest is uncovered', async () => {
    const userId = await createUser(db, 100_000n);
    const tokenId = await createToken(db, userId);
    const { billing } = await newBilling(db);
    const subscriptionId = await createSubscription(db, userId, { quota: 50_000n });
    const key = { userId, tokenId, tier: 'SVIP' as const, amount: 1_000n };
    await warmUp(billing, key, 0n);
    const part = await reserveOk(billing, key);
    expect(part).toMatchObject({ bucket: 'SUBSCRIPTION', subscriptionId });
    expect(await billing.settle(part, 2_500n)).toEqual({ charged: 2_500n, alreadySettled: false, uncovered: 0n });
    const lease = (await heldLeases(userId))[0]!.amount;
    expect(await subscriptionState(db, subscriptionId)).toEqual({ remaining: 47_500n, used: 2_500n, reserved: lease, ledgerSum: 47_500n });
    // More than is left: what the lease holds stays held; the rest of the balance is charged and the remainder reported.
    const greedy = await reserveOk(billing, key);
    const result = await billing.settle(greedy, 1_000_000n);
    expect(result.charged + result.uncovered).toBe(1_000_000n);
    expect(result.charged).toBe(47_500n - lease + 1_000n);
    expect(billing.anomalies.uncoveredCharges).toBe(1);
    const after = await subscriptionState(db, subscriptionId);
    expect(after).toEqual({ remaining: lease - 1_000n, used: 50_000n - lease + 1_000n, reserved: lease - 1_000n, ledgerSum: lease - 1_000n });
    await billing.close();
    expect(await subscriptionState(db, subscriptionId)).toMatchObject({ reserved: 0n });
  });

  it('on a subscription admit nothing once it has ended', async () => {
    const userId = await createUser(db, 0n);
    const tokenId = await createToken(db, userId);
    const subscriptionId = await createSubscription(db, userId, { quota: 100_000n, endsInMs: 1_000 });
    const { billing } = await newBilling(db);
    const key = { userId, tokenId, tier: 'SVIP' as const, amount: 1_000n };
    await warmUp(billing, key, 100n);
    const before = await reserveOk(billing, key);
    expect(before.leaseId).toMatch(/^lease_/);
    await new Promise((r) => setTimeout(r, 1_100));
    expect(await billing.reserve({ requestId: requestId(), ...key })).toEqual({ ok: false, reason: 'SUBSCRIPTION_REQUIRED' });
    // A request admitted before the end is still charged to it, as with a reservation row of its own.
    expect(await billing.settle(before, 100n)).toEqual({ charged: 100n, alreadySettled: false, uncovered: 0n });
    await eventually(async () => (await subscriptionState(db, subscriptionId)).reserved === 0n);
    expect(await subscriptionState(db, subscriptionId)).toMatchObject({ used: 500n, reserved: 0n });
    await billing.close();
  });

  it('are not taken for a balance that covers only a few requests, and a burst never overdraws it', async () => {
    const userId = await createUser(db, 10_000n);
    const tokenId = await createToken(db, userId);
    const { billing } = await newBilling(db);
    const key = { userId, tokenId, tier: 'FREE' as const, amount: 1_000n };
    for (let i = 0; i < 5; i++) await billing.settle(await reserveOk(billing, key), 100n);
    expect(billing.leases.held).toBe(0); // 9 500 left: under 16 requests' worth

    const rich = await createUser(db, 40_000n);
    const richToken = await createToken(db, rich);
    const richKey = { userId: rich, tokenId: richToken, tier: 'FREE' as const, amount: 1_000n };
    await warmUp(billing, richKey, 1_000n);
    const outcomes = await Promise.all(
      Array.from({ length: 60 }, async () => {
        const held = await billing.reserve({ requestId: requestId(), ...richKey });
        if (!held.ok) return 0n;
        return (await billing.settle(held.reservation, 1_000n)).charged;
      }),
    );
    const charged = outcomes.reduce((a, b) => a + b, 0n);
    await billing.close();
    const state = await userState(db, rich);
    expect(state.freeQuota).toBeGreaterThanOrEqual(0n);
    expect(state).toEqual({ freeQuota: 36_000n - charged, freeReserved: 0n, freeLedgerSum: 36_000n - charged });
    expect(charged).toBeGreaterThan(0n);
  });

  it('go back once idle, once old, and at once when the user\'s quota changes', async () => {
    const userId = await createUser(db, 100_000n);
    const tokenId = await createToken(db, userId);
    const idle = await newBilling(db, { leases: { idleMs: 100 } });
    const key = { userId, tokenId, tier: 'FREE' as const, amount: 1_000n };
    await warmUp(idle.billing, key, 100n);
    await eventually(async () => (await heldLeases(userId)).length === 0);
    expect(await userState(db, userId)).toMatchObject({ freeReserved: 0n });

    const old = await newBilling(db, { leases: { maxAgeMs: 150 } });
    await warmUp(old.billing, key, 100n);
    const [first] = await leaseRows(userId);
    // Busy all along, the lease still goes back after its age (the next requests reserve one by one, then lease anew).
    await eventually(async () => {
      await old.billing.settle(await reserveOk(old.billing, key), 100n);
      return !(await leaseRows(userId)).some((l) => l.id === first!.id);
    });

    const changed = await newBilling(db);
    await warmUp(changed.billing, key, 100n);
    const part = await reserveOk(changed.billing, key);
    await changed.changeBus.publish({ topic: 'user', id: String(userId) });
    // Drained: nothing more handed out, it keeps only what its running request holds, and goes
    // back once that request is charged.
    expect((await reserveOk(changed.billing, key)).leaseId).toBeUndefined();
    await eventually(async () => (await leaseRows(userId)).some((l) => l.id === part.leaseId && l.amount === part.amount));
    await changed.billing.settle(part, 100n);
    await eventually(async () => !(await leaseRows(userId)).some((l) => l.id === part.leaseId));

    await Promise.all([idle.billing.close(), old.billing.close(), changed.billing.close()]);
    await eventually(async () => (await userState(db, userId)).freeReserved === 1_000n); // the one row-reserved request above, still open
  });

  it('of a dead process are released by recovery; its late charges come from what the bucket can spare', async () => {
    const userId = await createUser(db, 100_000n);
    const tokenId = await createToken(db, userId);
    const dead = await newBilling(db);
    const sweeper = await newBilling(db);
    const key = { userId, tokenId, tier: 'FREE' as const, amount: 1_000n };
    await warmUp(dead.billing, key, 100n);
    const part = await reserveOk(dead.billing, key);
    await db.sql(`update gateway_instances set heartbeat_at = now() - interval '1 hour' where id = ?`, [dead.instance.id]);

    expect(await sweeper.instance.recoverOrphans()).toEqual({ released: 1, settled: 0, failed: 0 });
    expect(await heldLeases(userId)).toEqual([]);
    expect(await dead.billing.settle(part, 500n)).toEqual({ charged: 500n, alreadySettled: false, uncovered: 0n });
    expect(dead.billing.leases.held).toBe(0); // its row is gone: nothing more is admitted from it
    expect(await userState(db, userId)).toEqual({ freeQuota: 99_100n, freeReserved: 0n, freeLedgerSum: 99_100n });
    await Promise.all([dead.billing.close(), sweeper.billing.close()]);
  });

  it('keep a charge whose outcome is unknown in the charge journal, and the lease until the journal lands it', async () => {
    let failCharges = false;
    const flaky: SqlScriptRunner = (text) =>
      failCharges && /gw_lease_charge(_try)?\(/.test(text) ? Promise.reject(new Error('Connection terminated unexpectedly')) : db.script(text);
    const journal = new ChargeJournal(journalDir, `leases-${requestId()}`, silentLogger);
    const { billing, userId, key } = await leasedKey({ script: flaky, journal, leases: { idleMs: 100 } });
    const part = await reserveOk(billing, key);
    failCharges = true;
    await expect(billing.settle(part, 700n)).rejects.toThrow(/Connection terminated/);
    expect(journal.pending.map(({ requestId: id, cost, leaseId }) => ({ id, cost, leaseId }))).toEqual([{ id: part.requestId, cost: '700', leaseId: part.leaseId }]);
    await new Promise((r) => setTimeout(r, 300));
    expect(billing.leases.held).toBe(1); // idle, but a charge is still owed: kept
    expect(billing.leases.unconfirmed).toBe(700n);
    expect(await usageCharges(db, part.requestId)).toEqual([]); // nothing retries it behind the journal's back
    failCharges = false;
    expect(await replayOwnJournal(db.sql, journal, silentLogger, new RefusedJournalEntries(silentLogger))).toBe(1);
    expect(await usageCharges(db, part.requestId)).toHaveLength(1);
    await eventually(async () => (await userState(db, userId)).freeReserved === 0n); // landed: the idle lease goes back
    expect(billing.leases.unconfirmed).toBe(0n);
    expect(await userState(db, userId)).toEqual({ freeQuota: 98_900n, freeReserved: 0n, freeLedgerSum: 98_900n });
    await billing.close();
    await journal.close();
  });

  it('at shutdown wait for running requests to be charged before going back', async () => {
    const { billing, userId, key } = await leasedKey();
    const part = await reserveOk(billing, key);
    const closing = billing.close();
    await new Promise((r) => setTimeout(r, 100));
    expect(await billing.settle(part, 600n)).toEqual({ charged: 600n, alreadySettled: false, uncovered: 0n });
    await closing;
    expect(await heldLeases(userId)).toEqual([]);
    expect(await userState(db, userId)).toEqual({ freeQuota: 99_000n, freeReserved: 0n, freeLedgerSum: 99_000n });
  });
});
