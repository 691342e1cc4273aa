import { Client } from 'pg';
import { ConfigError, loadConfig } from '../../../src/config';
import type { SqlScriptRunner } from '../../../src/db/sql-runner';
import { QuotaBilling } from '../../../src/domain/billing/billing.service';
import type { BillingCommitMode } from '../../../src/domain/billing/billing.types';
import { startTestApp } from '../../support/test-app';
import {
  createSubscription, createToken, createUser, newBilling, openBillingDb, requestId, subscriptionState, tokenState, usageCharges, userState,
  type BillingDb,
} from './billing-fixtures';

let db: BillingDb;
beforeAll(async () => {
  db = await openBillingDb();
});
afterAll(() => db.close());

/** The real script runner, recording each billing call's function and last argument (the commit flag). */
function recordingRunner(script: SqlScriptRunner): { script: SqlScriptRunner; flags: Array<{ fn: string; fast: string }> } {
  const flags: Array<{ fn: string; fast: string }> = [];
  const recorded: SqlScriptRunner = (text) => {
    for (const m of text.matchAll(/from (gw_[a-z_]+?)(?:_try)?\(.*?, (true|false)\)/g)) flags.push({ fn: m[1]!, fast: m[2]! });
    return script(text);
  };
  return { script: recorded, flags };
}

/** Runs `statement` inside an explicit transaction and reports synchronous_commit inside and after it. */
async function synchronousCommitAround(statement: string): Promise<{ inside: string; after: string }> {
  const client = new Client({ connectionString: db.database.url });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(statement);
    const inside = (await client.query<{ synchronous_commit: string }>('show synchronous_commit')).rows[0]!.synchronous_commit;
    await client.query('commit');
    const after = (await client.query<{ synchronous_commit: string }>('show synchronous_commit')).rows[0]!.synchronous_commit;
    return { inside, after };
  } finally {
    await client.end();
  }
}

describe.each<BillingCommitMode>(['fast', 'durable'])('BILLING_COMMIT=%s', (mode) => {
  it('reserves and settles exactly, balance and ledger together, and tells the functions its mode', async () => {
    const recorder = recordingRunner(db.script);
    const { billing } = await newBilling(db, { commit: mode, script: recorder.script });
    expect(billing.commit).toBe(mode);
    const userId = await createUser(db, 5_000n);
    const tokenId = await createToken(db, userId);
    const id = requestId();
    const held = await billing.reserve({ requestId: id, userId, tokenId, tier: 'FREE', amount: 1_000n });
    if (!held.ok) throw new Error(`reserve refused: ${held.reason}`);
    expect(await billing.settle(held.reservation, 400n)).toEqual({ charged: 400n, alreadySettled: false, uncovered: 0n });
    expect(await billing.settle(held.reservation, 400n)).toEqual({ charged: 400n, alreadySettled: true, uncovered: 0n });
    expect(await userState(db, userId)).toEqual({ freeQuota: 4_600n, freeReserved: 0n, freeLedgerSum: 4_600n });
    expect(await tokenState(db, tokenId)).toEqual({ used: 400n, reserved: 0n });
    expect(await usageCharges(db, id)).toEqual([{ amount: -400n, balanceAfter: 4_600n, bucket: 'FREE', subscriptionId: null }]);
    const fast = String(mode === 'fast');
    expect(recorder.flags).toEqual([
      { fn: 'gw_reserve_spare', fast },
      { fn: 'gw_settle', fast },
      { fn: 'gw_settle', fast },
    ]);
  });

  it('charges a subscription the same way', async () => {
    const { billing } = await newBilling(db, { commit: mode });
    const userId = await createUser(db, 0n);
    const tokenId = await createToken(db, userId);
    const subscriptionId = await createSubscription(db, userId, { quota: 10_000n });
    const held = await billing.reserve({ requestId: requestId(), userId, tokenId, tier: 'SVIP', amount: 3_000n });
    if (!held.ok) throw new Error(`reserve refused: ${held.reason}`);
    await billing.settle(held.reservation, 2_500n);
    expect(await subscriptionState(db, subscriptionId)).toEqual({ remaining: 7_500n, used: 2_500n, reserved: 0n, ledgerSum: 7_500n });
  });
});

describe('the billing functions', () => {
  it('turn synchronous_commit off for their own transaction only, and only when asked', async () => {
    expect(await synchronousCommitAround(`select * from gw_settle('req_not-held', 0, true)`)).toEqual({ inside: 'off', after: 'on' });
    expect(await synchronousCommitAround(`select * from gw_settle('req_not-held', 0, false)`)).toEqual({ inside: 'on', after: 'on' });
    expect(await synchronousCommitAround(`select * from gw_reserve('req_refused', -1, null, 'SVIP', 1, 'x', true)`)).toEqual({ inside: 'off', after: 'on' });
    expect(await synchronousCommitAround(`select * from gw_reserve('req_refused', -1, null, 'SVIP', 1, 'x', false)`)).toEqual({ inside: 'on', after: 'on' });
    // The batch wrappers run the call in a subtransaction: the setting must survive its release.
    expect(await synchronousCommitAround(`select * from gw_settle_try('req_not-held', 0, true)`)).toEqual({ inside: 'off', after: 'on' });
    expect(await synchronousCommitAround(`select * from gw_reserve_try('req_refused', -1, null, 'SVIP', 1, 'x', true)`)).toEqual({ inside: 'off', after: 'on' });
    expect(await synchronousCommitAround(`select * from gw_reserve_try('req_refused', -1, null, 'SVIP', 1, 'x', false)`)).toEqual({ inside: 'on', after: 'on' });
    expect(await synchronousCommitAround(`select * from gw_lease_charge_try('lease_not-held', 'req_x', -1, null, 'FREE', null, 1, 1, true)`)).toEqual({ inside: 'off', after: 'on' });
    expect(await synchronousCommitAround(`select * from gw_lease_shrink_try('lease_not-held', 0, true)`)).toEqual({ inside: 'off', after: 'on' });
    const many = (fast: boolean) => `select * from gw_lease_charge_many('lease_not-held', -1, null, 'FREE', null, ${fast}, array['req_x']::varchar[], array[1]::bigint[], array[1]::bigint[])`;
    expect(await synchronousCommitAround(many(true))).toEqual({ inside: 'off', after: 'on' });
    expect(await synchronousCommitAround(many(false))).toEqual({ inside: 'on', after: 'on' });
  });

  it('exist only with the commit-mode parameter (the old signatures are dropped)', async () => {
    const rows = await db.sql<{ proname: string; args: string }>(
      `select p.proname, pg_get_function_identity_arguments(p.oid) as args from pg_proc p where p.proname ~ '^gw_(reserve|settle|lease)' order by 1`,
    );
    const reserveArgs = 'p_request_id character varying, p_user_id integer, p_token_id integer, p_tier text, p_amount bigint, p_instance_id character varying, p_fast_commit boolean';
    const settleArgs = 'p_request_id character varying, p_cost bigint, p_fast_commit boolean';
    const leaseChargeArgs =
      'p_lease_id character varying, p_request_id character varying, p_user_id integer, p_token_id integer, p_bucket text, p_subscription_id integer, p_cost bigint, p_hold bigint, p_fast_commit boolean';
    const leaseShrinkArgs = 'p_lease_id character varying, p_keep bigint, p_fast_commit boolean';
    const leaseChargeManyArgs =
      'p_lease_id character varying, p_user_id integer, p_token_id integer, p_bucket text, p_subscription_id integer, p_fast_commit boolean, ' +
      'p_request_ids character varying[], p_costs bigint[], p_holds bigint[]';
    expect(rows).toEqual([
      { proname: 'gw_lease_charge', args: leaseChargeArgs },
      { proname: 'gw_lease_charge_many', args: leaseChargeManyArgs },
      { proname: 'gw_lease_charge_try', args: leaseChargeArgs },
      { proname: 'gw_lease_shrink', args: leaseShrinkArgs },
      { proname: 'gw_lease_shrink_try', args: leaseShrinkArgs },
      { proname: 'gw_reserve', args: reserveArgs },
      { proname: 'gw_reserve_spare', args: reserveArgs },
      { proname: 'gw_reserve_spare_try', args: reserveArgs },
      { proname: 'gw_reserve_try', args: reserveArgs },
      { proname: 'gw_settle', args: settleArgs },
      { proname: 'gw_settle_try', args: settleArgs },
    ]);
  });
});

describe('configuration', () => {
  it('defaults to fast commits and a 30 minute hold age; durable and the age are settable', () => {
    expect(loadConfig({}).billing).toMatchObject({ commit: 'fast', reservationMaxAgeMs: 1_800_000 });
    expect(loadConfig({ BILLING_COMMIT: 'durable', RESERVATION_MAX_AGE_MS: '600000' }).billing).toMatchObject({ commit: 'durable', reservationMaxAgeMs: 600_000 });
    expect(() => loadConfig({ BILLING_COMMIT: 'sometimes' })).toThrow(ConfigError);
    expect(() => loadConfig({ BILLING_COMMIT: 'sometimes' })).toThrow(/BILLING_COMMIT/);
  });

  it('reaches the app\'s billing', async () => {
    const app = await startTestApp({ BILLING_COMMIT: 'durable', RESERVATION_MAX_AGE_MS: '900000' }, { database: db.database });
    try {
      expect((app.server.services.billing as QuotaBilling).commit).toBe('durable');
      const userId = await createUser(db, 1_000n);
      const tokenId = await createToken(db, userId);
      const held = await app.server.services.billing.reserve({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 500n });
      if (!held.ok) throw new Error(`reserve refused: ${held.reason}`);
      expect(await app.server.services.billing.settle(held.reservation, 200n)).toEqual({ charged: 200n, alreadySettled: false, uncovered: 0n });
      expect(await userState(db, userId)).toEqual({ freeQuota: 800n, freeReserved: 0n, freeLedgerSum: 800n });
    } finally {
      await app.close();
    }
  });
});
