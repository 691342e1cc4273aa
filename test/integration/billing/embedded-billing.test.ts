import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../src/config';
import { createSqlRunner } from '../../../src/db/sql-runner';
import { startServer, type RunningServer } from '../../../src/server';
import { eventually } from '../../support/data-plane-fixtures';
import {
  createSubscription, createToken, createUser, requestId, reservationExists, subscriptionState, tokenState, usageCharges, userState,
  type FixtureDb,
} from './billing-fixtures';

/** PGlite (wasm) applies every migration to a fresh directory: about 20 s on an idle 2-core machine, several times that when the machine is busy. */
const EMBEDDED_BOOT_MS = 300_000;

// The PL/pgSQL functions must behave the same on the embedded PGlite as on PostgreSQL,
// and a restart must finish what the previous process left held (one process by construction).
const dataDir = mkdtempSync(join(tmpdir(), 'gw-billing-embedded-'));
const env = { DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', DEMO_UPSTREAM: 'false', ADMIN_PASSWORD: 'admin-password-1', QUOTA_LEASE_IDLE_MS: '100' };

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function fixtureDb(server: RunningServer): FixtureDb {
  return { orm: server.services.orm, sql: createSqlRunner(server.services.orm) };
}

describe('billing on the embedded database', () => {
  let server: RunningServer;
  let db: FixtureDb;
  let userId: number;
  let tokenId: number;
  let leftHeld: string;

  afterAll(() => server?.close());

  it('reserves, settles and releases with ledger rows, as on PostgreSQL', async () => {
    server = await startServer(loadConfig(env));
    db = fixtureDb(server);
    const { billing } = server.services;
    userId = await createUser(db, 10_000n);
    tokenId = await createToken(db, userId, 50_000n);
    const subscriptionId = await createSubscription(db, userId, { quota: 3_000n });

    expect(await billing.reserve({ requestId: requestId(), userId, tokenId, tier: 'SVIP', amount: 3_001n })).toEqual({ ok: false, reason: 'INSUFFICIENT_QUOTA' });
    const free = await billing.reserve({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 2_000n });
    const svip = await billing.reserve({ requestId: requestId(), userId, tokenId, tier: 'SVIP', amount: 1_000n });
    if (!free.ok || !svip.ok) throw new Error('reserve failed');
    expect(svip.reservation).toMatchObject({ bucket: 'SUBSCRIPTION', subscriptionId });

    const results = await Promise.all([billing.settle(free.reservation, 1_234n), billing.settle(free.reservation, 1_234n)]);
    expect(results.filter((r) => !r.alreadySettled)).toEqual([{ charged: 1_234n, alreadySettled: false, uncovered: 0n }]);
    await billing.release(svip.reservation);
    expect(await usageCharges(db, free.reservation.requestId)).toEqual([{ amount: -1_234n, balanceAfter: 8_766n, bucket: 'FREE', subscriptionId: null }]);
    expect(await userState(db, userId)).toEqual({ freeQuota: 8_766n, freeReserved: 0n, freeLedgerSum: 8_766n });
    expect(await subscriptionState(db, subscriptionId)).toEqual({ remaining: 3_000n, used: 0n, reserved: 0n, ledgerSum: 3_000n });
    expect([...(await billing.activeTiers(userId))]).toEqual(['SVIP']);

    const left = await billing.reserve({ requestId: requestId(), userId, tokenId, tier: 'FREE', amount: 5_000n });
    if (!left.ok) throw new Error('reserve failed');
    leftHeld = left.reservation.requestId;
  }, EMBEDDED_BOOT_MS);

  it('concurrent calls share round trips on the one embedded session too', async () => {
    const { billing } = server.services;
    const busyUser = await createUser(db, 100_000n);
    const busyToken = await createToken(db, busyUser);
    const results = await Promise.all(
      Array.from({ length: 30 }, async () => {
        const held = await billing.reserve({ requestId: requestId(), userId: busyUser, tokenId: busyToken, tier: 'FREE', amount: 1_000n });
        if (!held.ok) throw new Error(`reserve refused: ${held.reason}`);
        return billing.settle(held.reservation, 100n);
      }),
    );
    expect(results.every((r) => r.charged === 100n)).toBe(true);
    // A quota lease the burst started is given back once idle.
    await eventually(async () => (await userState(db, busyUser)).freeReserved === 0n);
    expect(await userState(db, busyUser)).toEqual({ freeQuota: 97_000n, freeReserved: 0n, freeLedgerSum: 97_000n });
    expect(await tokenState(db, busyToken)).toEqual({ used: 3_000n, reserved: 0n });
  }, EMBEDDED_BOOT_MS);

  it('releases what the previous process left held when it starts again', async () => {
    await server.close(); // the hold stays behind, exactly as after a crash
    server = await startServer(loadConfig(env));
    db = fixtureDb(server);
    expect(await reservationExists(db, leftHeld)).toBe(false);
    expect(await userState(db, userId)).toEqual({ freeQuota: 8_766n, freeReserved: 0n, freeLedgerSum: 8_766n });
    expect(await tokenState(db, tokenId)).toEqual({ used: 1_234n, reserved: 0n });
  }, EMBEDDED_BOOT_MS);
});
