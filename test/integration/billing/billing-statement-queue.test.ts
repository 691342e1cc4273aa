import { openSqlPool, sqlLiteral, type SqlPool, type SqlScriptRunner } from '../../../src/db/sql-runner';
import { BillingStatementQueue } from '../../../src/domain/billing/billing-statement-queue';
import { createToken, createUser, newBilling, openBillingDb, recording, requestId, silentLogger, tokenState, userState, type BillingDb } from './billing-fixtures';

let db: BillingDb;
let onePool: SqlPool; // a single connection: a poisoned session would show on the very next call
beforeAll(async () => {
  db = await openBillingDb();
  onePool = openSqlPool(db.orm, 1, silentLogger);
});
afterAll(async () => {
  await onePool.close();
  await db.close();
});

const reserveArgs = (id: string, userId: number, tokenId: number, amount: bigint) =>
  `${sqlLiteral(id)}, ${userId}, ${tokenId}, 'FREE', ${amount}, 'queue-test', true`;

describe('billing calls share round trips', () => {
  it('concurrent reserves and settles leave in a few scripts, each call its own transaction, balances exact', async () => {
    const userId = await createUser(db, 100_000n);
    const tokenId = await createToken(db, userId);
    const rec = recording(db.script);
    const { billing } = await newBilling(db, { script: rec.script });
    const results = await Promise.all(
      Array.from({ length: 40 }, async () => {
        const held = await billing.reserve({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 1_000n });
        if (!held.ok) throw new Error(`reserve refused: ${held.reason}`);
        return billing.settle(held.reservation, 250n);
      }),
    );
    expect(results.every((r) => r.charged === 250n && !r.alreadySettled)).toBe(true);
    expect(rec.scripts.length).toBeLessThan(40); // 80 calls; most travelled together
    expect(rec.scripts.some((s) => (s.match(/_try\(/g) ?? []).length > 1)).toBe(true);
    expect(rec.scripts.filter((s) => s.includes('_try(')).every((s) => /^(begin;select \* from gw_\w+_try\([^;]*\);commit;)+$/.test(s))).toBe(true);
    await billing.close(); // a quota lease the burst may have started goes back
    expect(await userState(db, userId)).toEqual({ freeQuota: 90_000n, freeReserved: 0n, freeLedgerSum: 90_000n });
    expect(await tokenState(db, tokenId)).toEqual({ used: 10_000n, reserved: 0n });
  });

  it('an error in a batch fails that call only; the others in the same script commit', async () => {
    const userId = await createUser(db, 10_000n);
    const tokenId = await createToken(db, userId);
    const { billing } = await newBilling(db);
    const charged = await billing.reserve({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 100n });
    if (!charged.ok) throw new Error('fixture reserve refused');
    await billing.settle(charged.reservation, 100n);

    const rec = recording(onePool.script);
    const queue = new BillingStatementQueue(rec.script, { maxInFlight: 1 });
    const first = queue.call('gw_settle', `'req_nothing-held', 0, true`); // on the wire alone; the rest queue behind it
    const before = requestId();
    const after = requestId();
    const [a, again, b] = await Promise.allSettled([
      queue.call('gw_reserve', reserveArgs(before, userId, tokenId, 1_000n)),
      queue.call('gw_reserve', reserveArgs(charged.reservation.requestId, userId, tokenId, 1_000n)),
      queue.call('gw_reserve', reserveArgs(after, userId, tokenId, 2_000n)),
    ]);
    await first;
    expect(rec.scripts).toHaveLength(2);
    expect(a).toMatchObject({ status: 'fulfilled', value: { r_ok: true, r_bucket: 'FREE' } });
    expect(b).toMatchObject({ status: 'fulfilled', value: { r_ok: true, r_bucket: 'FREE' } });
    expect(again).toMatchObject({ status: 'rejected', reason: { code: '23505', message: expect.stringMatching(/already charged/) } });
    expect(await userState(db, userId)).toEqual({ freeQuota: 9_900n, freeReserved: 3_000n, freeLedgerSum: 9_900n });
  });

  it('one script on the wire at a time, unless it is slow to come back', async () => {
    const sent: number[] = [];
    let first = true;
    const slowFirst: SqlScriptRunner = async (text) => {
      sent.push(performance.now());
      if (first) {
        first = false;
        await new Promise((r) => setTimeout(r, 400)); // a lock held elsewhere, say
      }
      return db.script(text);
    };
    const queue = new BillingStatementQueue(slowFirst, { overlapAfterMs: 40 });
    const started = performance.now();
    const stuck = queue.call('gw_settle', `'req_nothing-held-1', 0, true`);
    const next = queue.call('gw_settle', `'req_nothing-held-2', 0, true`);
    await next;
    const nextDoneAfter = performance.now() - started;
    await stuck;
    expect(sent).toHaveLength(2);
    expect(sent[1]! - sent[0]!).toBeGreaterThanOrEqual(35); // waited for the first, briefly
    expect(nextDoneAfter).toBeLessThan(350); // and did not wait for all of it
  });

  it('a lone call raises pg\'s own error', async () => {
    const queue = new BillingStatementQueue(db.script);
    await expect(queue.call('gw_settle', `'req_x', -1, true`)).rejects.toMatchObject({ code: '22023', message: expect.stringMatching(/negative cost/) });
  });

  it('a script that breaks rejects its calls and leaves the connection clean for the next one', async () => {
    const userId = await createUser(db, 10_000n);
    const tokenId = await createToken(db, userId);
    const queue = new BillingStatementQueue(onePool.script, { maxInFlight: 1 });
    const first = queue.call('gw_settle', `'req_nothing-held', 0, true`);
    const ok = requestId();
    const batch = Promise.allSettled([
      queue.call('gw_reserve', reserveArgs(ok, userId, tokenId, 500n)),
      queue.call('gw_no_such_function', `1`), // fails at planning: the rest of the script never runs
      queue.call('gw_reserve', reserveArgs(requestId(), userId, tokenId, 700n)),
    ]);
    await first;
    const outcomes = await batch;
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    // The call before the break had committed: its outcome was unknown to the caller, not lost.
    expect(await userState(db, userId)).toMatchObject({ freeReserved: 500n });
    // Same single connection, no "current transaction is aborted".
    expect(await queue.call('gw_settle', `${sqlLiteral(ok)}, 0, true`)).toMatchObject({ r_already_settled: false });
    expect(await userState(db, userId)).toEqual({ freeQuota: 10_000n, freeReserved: 0n, freeLedgerSum: 10_000n });
  });
});
