import { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ormOptions } from '../../../src/db/orm-options';
import { openSqlPool, type SqlRunner, type SqlScriptRunner } from '../../../src/db/sql-runner';
import { ActiveTiersCache } from '../../../src/domain/billing/active-tiers-cache';
import { QuotaBilling } from '../../../src/domain/billing/billing.service';
import type { BillingCommitMode } from '../../../src/domain/billing/billing.types';
import { ChargeJournal } from '../../../src/domain/billing/charge-journal';
import { DeliveryMarkers } from '../../../src/domain/billing/delivery-markers';
import { GatewayInstanceRegistry, type GatewayInstanceOptions } from '../../../src/domain/billing/gateway-instance-registry';
import type { QuotaLeaseOptions } from '../../../src/domain/billing/quota-leases';
import { changeFreeQuota } from '../../../src/domain/quota/free-quota-ledger';
import { LocalChangeBus, type ChangeBus } from '../../../src/lib/change-bus';
import { createLogger, type Logger } from '../../../src/lib/logger';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

export const silentLogger: Logger = createLogger('silent');

/** A migrated database of its own, an ORM on it and the raw SQL pool the app uses: the billing core needs nothing else. */
export interface BillingDb {
  database: TestDatabase;
  orm: MikroORM;
  sql: SqlRunner;
  /** The billing calls' multi-statement runner, on the same pool. */
  script: SqlScriptRunner;
  close(): Promise<void>;
}

/** What the fixtures need: also satisfied by a running app's services (embedded mode included). */
export type FixtureDb = Pick<BillingDb, 'orm' | 'sql'>;

export async function openBillingDb(existing?: TestDatabase): Promise<BillingDb> {
  const database = existing ?? (await createTestDatabase());
  const orm = await MikroORM.init(ormOptions({ clientUrl: database.url, poolMax: 20 }));
  const raw = openSqlPool(orm, 20, silentLogger);
  return {
    database,
    orm,
    sql: raw.sql,
    script: raw.script,
    async close() {
      await raw.close();
      await orm.close(true);
      if (!existing) await database.drop();
    },
  };
}

export interface BillingUnderTest {
  billing: QuotaBilling;
  instance: GatewayInstanceRegistry;
  tiers: ActiveTiersCache;
  changeBus: ChangeBus;
  markers: DeliveryMarkers;
}

let journalDir: string | undefined;

/**
 * The real billing core as createServices builds it, minus the timers unless asked for. Without
 * a journal of the test's own, one in a temporary directory (its file appears only once a call
 * fails; nothing replays it unless the test does).
 */
export async function newBilling(
  db: Pick<BillingDb, 'orm' | 'sql' | 'script'>,
  options: GatewayInstanceOptions & { tiersMaxAgeMs?: number; commit?: BillingCommitMode; script?: SqlScriptRunner; leases?: QuotaLeaseOptions; journal?: ChargeJournal } = {},
): Promise<BillingUnderTest> {
  const instance = await GatewayInstanceRegistry.register(db.sql, silentLogger, options);
  const changeBus = new LocalChangeBus();
  const tiers = new ActiveTiersCache(db.sql, changeBus, { maxAgeMs: options.tiersMaxAgeMs ?? 5_000 });
  const markers = new DeliveryMarkers(db.sql, instance.id, silentLogger);
  const journal = options.journal ?? new ChargeJournal((journalDir ??= mkdtempSync(join(tmpdir(), 'gw-billing-'))), instance.id, silentLogger);
  const billing = new QuotaBilling(options.script ?? db.script, instance, tiers, { commit: options.commit, journal, markers, leases: { changeBus, ...options.leases } });
  return { billing, instance, tiers, changeBus, markers };
}

/** The real script runner, keeping every script it sends. */
export function recording(script: SqlScriptRunner): { script: SqlScriptRunner; scripts: string[] } {
  const scripts: string[] = [];
  return {
    scripts,
    script: (text) => {
      scripts.push(text);
      return script(text);
    },
  };
}

let seq = 0;
const unique = () => `${process.pid}-${++seq}-${randomUUID().slice(0, 8)}`;

export const requestId = () => `req_${randomUUID()}`;

/** A user whose free quota came from a ledgered grant, so balance = sum(ledger) from the start. */
export async function createUser(db: FixtureDb, freeQuota = 0n): Promise<number> {
  const [row] = await db.sql<{ id: number }>(
    `insert into users (email, password_hash, free_quota, created_at, updated_at) values (?, 'x', 0, now(), now()) returning id`,
    [`billing-${unique()}@test.local`],
  );
  const userId = row!.id;
  if (freeQuota > 0n) {
    const result = await changeFreeQuota(db.orm.em.fork(), { userId, amount: freeQuota, kind: 'ADMIN_ADJUSTMENT', reference: `fixture:${unique()}` });
    if (!result.ok) throw new Error(`fixture grant failed: ${result.reason}`);
  }
  return userId;
}

async function fixtureGroupId(db: FixtureDb): Promise<number> {
  const [row] = await db.sql<{ id: number }>(
    `insert into groups (name, created_at, updated_at) values ('billing-fixtures', now(), now())
     on conflict (name) do update set updated_at = excluded.updated_at returning id`,
  );
  return row!.id;
}

export async function createToken(db: FixtureDb, userId: number, quotaCap: bigint | null = null): Promise<number> {
  const groupId = await fixtureGroupId(db);
  const [row] = await db.sql<{ id: number }>(
    `insert into tokens (user_id, group_id, name, key_hash, display_prefix, quota_cap, created_at, updated_at)
     values (?, ?, 'fixture', ?, 'sk-fixture', ?, now(), now()) returning id`,
    [userId, groupId, randomUUID().replaceAll('-', '').padEnd(64, '0'), quotaCap === null ? null : quotaCap.toString()],
  );
  return row!.id;
}

export interface SubscriptionFixture {
  quota: bigint;
  /** Milliseconds from now; negative = already ended. */
  endsInMs?: number;
  tiers?: string[];
  status?: 'ACTIVE' | 'EXPIRED' | 'CANCELLED';
}

/** A subscription with its +quota PURCHASE ledger row, as the control plane writes it. */
export async function createSubscription(db: FixtureDb, userId: number, fixture: SubscriptionFixture): Promise<number> {
  const [pkg] = await db.sql<{ id: number }>(
    `insert into packages (name, price_minor, duration_days, quota_per_period, created_at, updated_at)
     values (?, 1998, 7, ?, now(), now()) returning id`,
    [`fixture-${unique()}`, fixture.quota.toString()],
  );
  const tiers = fixture.tiers ?? ['SVIP'];
  const [sub] = await db.sql<{ id: number }>(
    `insert into subscriptions (user_id, package_id, starts_at, ends_at, quota_total, unlocks_tiers, status, created_at, updated_at)
     values (?, ?, now() - interval '1 day', now() + ?::int * interval '1 millisecond', ?, string_to_array(?, ','), ?, now(), now())
     returning id`,
    [userId, pkg!.id, fixture.endsInMs ?? 7 * 86_400_000, fixture.quota.toString(), tiers.join(','), fixture.status ?? 'ACTIVE'],
  );
  await db.sql(
    `insert into ledger_entries (user_id, bucket, subscription_id, amount, balance_after, kind, reference, created_at)
     values (?, 'SUBSCRIPTION', ?, ?, ?, 'PURCHASE', ?, now())`,
    [userId, sub!.id, fixture.quota.toString(), fixture.quota.toString(), `fixture:${unique()}`],
  );
  return sub!.id;
}

export interface UserState {
  freeQuota: bigint;
  freeReserved: bigint;
  freeLedgerSum: bigint;
}

export async function userState(db: FixtureDb, userId: number): Promise<UserState> {
  const [row] = await db.sql<{ free_quota: string; free_reserved: string; ledger: string }>(
    `select u.free_quota, u.free_reserved,
            (select coalesce(sum(l.amount), 0) from ledger_entries l where l.user_id = u.id and l.bucket = 'FREE') as ledger
       from users u where u.id = ?`,
    [userId],
  );
  return { freeQuota: BigInt(row!.free_quota), freeReserved: BigInt(row!.free_reserved), freeLedgerSum: BigInt(row!.ledger) };
}

export interface SubscriptionState {
  remaining: bigint;
  used: bigint;
  reserved: bigint;
  ledgerSum: bigint;
}

export async function subscriptionState(db: FixtureDb, subscriptionId: number): Promise<SubscriptionState> {
  const [row] = await db.sql<{ remaining: string; used: string; reserved: string; ledger: string }>(
    `select s.quota_total - s.quota_used as remaining, s.quota_used as used, s.quota_reserved as reserved,
            (select coalesce(sum(l.amount), 0) from ledger_entries l where l.subscription_id = s.id) as ledger
       from subscriptions s where s.id = ?`,
    [subscriptionId],
  );
  return { remaining: BigInt(row!.remaining), used: BigInt(row!.used), reserved: BigInt(row!.reserved), ledgerSum: BigInt(row!.ledger) };
}

export async function tokenState(db: FixtureDb, tokenId: number): Promise<{ used: bigint; reserved: bigint }> {
  const [row] = await db.sql<{ used_quota: string; reserved_quota: string }>(`select used_quota, reserved_quota from tokens where id = ?`, [tokenId]);
  return { used: BigInt(row!.used_quota), reserved: BigInt(row!.reserved_quota) };
}

export async function usageCharges(db: FixtureDb, requestIdValue: string): Promise<Array<{ amount: bigint; balanceAfter: bigint; bucket: string; subscriptionId: number | null }>> {
  const rows = await db.sql<{ amount: string; balance_after: string; bucket: string; subscription_id: number | null }>(
    `select amount, balance_after, bucket, subscription_id from ledger_entries where request_id = ? and kind = 'USAGE_CHARGE'`,
    [requestIdValue],
  );
  return rows.map((r) => ({ amount: BigInt(r.amount), balanceAfter: BigInt(r.balance_after), bucket: r.bucket, subscriptionId: r.subscription_id }));
}

export async function reservationExists(db: FixtureDb, requestIdValue: string): Promise<boolean> {
  const rows = await db.sql(`select 1 from quota_reservations where request_id = ?`, [requestIdValue]);
  return rows.length > 0;
}
