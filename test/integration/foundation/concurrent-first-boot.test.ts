import { MikroORM } from '@mikro-orm/postgresql';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { ormOptions } from '../../../src/db/orm-options';
import { seed } from '../../../src/domain/seed/seed';
import { STARTER_MODELS, STARTER_PACKAGES, STARTER_VENDORS } from '../../../src/domain/seed/starter-catalogue';
import { startTestApp, TEST_ADMIN, type TestApp } from '../../support/test-app';
import { createEmptyTestDatabase, createTestDatabase, type TestDatabase } from '../../support/test-database';

// Several replicas starting at the same moment (docker compose up with three of them, a
// Kubernetes rollout) must all come up: one applies the pending migrations and seeds while the
// others wait, and the seed leaves exactly one copy of every row it makes.

const REPLICAS = 3;

async function startTogether(database: TestDatabase): Promise<TestApp[]> {
  const starts = await Promise.allSettled(Array.from({ length: REPLICAS }, () => startTestApp({}, { database })));
  const apps = starts.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failures = starts.flatMap((s) => (s.status === 'rejected' ? [String((s.reason as Error).stack ?? s.reason)] : []));
  if (failures.length > 0) {
    await Promise.all(apps.map((app) => app.close()));
    throw new Error(`${failures.length} of ${REPLICAS} instances failed to start:\n${failures.join('\n---\n')}`);
  }
  return apps;
}

async function count(client: Client, sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await client.query<{ n: string }>(sql, params);
  return Number(rows[0]!.n);
}

async function expectOneCopyOfEverySeededRow(database: TestDatabase): Promise<void> {
  const client = new Client({ connectionString: database.url });
  await client.connect();
  try {
    expect(await count(client, 'select count(*) as n from vendors')).toBe(STARTER_VENDORS.length);
    expect(await count(client, `select count(*) as n from groups where name in ('auto', 'default')`)).toBe(2);
    expect(await count(client, 'select count(*) as n from packages')).toBe(STARTER_PACKAGES.length);
    expect(await count(client, 'select count(*) as n from catalogue_models')).toBe(STARTER_MODELS.length);
    // One price version per starter model: a second seed run must not add a copy.
    expect(await count(client, 'select count(*) as n from model_prices')).toBe(STARTER_MODELS.length);
    expect(await count(client, 'select count(*) as n from users where email = $1', [TEST_ADMIN.email])).toBe(1);
    expect(await count(client, `select count(*) as n from ledger_entries where kind = 'SIGNUP_GRANT'`)).toBe(1);
  } finally {
    await client.end();
  }
}

async function expectAllReady(apps: TestApp[]): Promise<void> {
  for (const app of apps) {
    const ready = await fetch(`${app.url}/readyz`);
    expect({ status: ready.status, body: await ready.json() }).toMatchObject({ status: 200, body: { status: 'ready' } });
  }
  // Exactly one of them made the admin account (and would have printed a generated password).
  expect(apps.filter((app) => app.server.seed.adminCreated)).toHaveLength(1);
  expect(new Set(apps.map((app) => app.server.seed.adminId)).size).toBe(1);
}

let database: TestDatabase | undefined;
let apps: TestApp[] = [];

afterEach(async () => {
  await Promise.all(apps.map((app) => app.close()));
  apps = [];
  await database?.drop();
  database = undefined;
});

it.each([
  ['an empty database', createEmptyTestDatabase],
  ['a migrated database nobody has seeded yet', createTestDatabase],
])('starts three instances at once on %s: all ready, every seeded row once', async (_, create) => {
  database = await create();
  apps = await startTogether(database);
  await expectAllReady(apps);
  await expectOneCopyOfEverySeededRow(database);
}, 180_000);

it('starts three instances at once on a database an older release migrated: the newest migration applied once', async () => {
  database = await createEmptyTestDatabase();
  const migrations = readdirSync(join(__dirname, '../../../src/db/migrations'))
    .filter((file) => /^Migration\w+\.ts$/.test(file))
    .map((file) => file.slice(0, -'.ts'.length))
    .sort();
  const previousHead = migrations[migrations.length - 2]!;
  const orm = await MikroORM.init({ ...ormOptions({ clientUrl: database.url, poolMax: 2 }), preferTs: true });
  try {
    await orm.migrator.up({ to: previousHead });
  } finally {
    await orm.close(true);
  }
  apps = await startTogether(database);
  await expectAllReady(apps);
  await expectOneCopyOfEverySeededRow(database);
  const client = new Client({ connectionString: database.url });
  await client.connect();
  try {
    expect(await count(client, 'select count(*) as n from mikro_orm_migrations where name = $1', [migrations[migrations.length - 1]!])).toBe(1);
  } finally {
    await client.end();
  }
}, 180_000);

it('lets seed runs meet without the lock: none fails, one of them makes the admin, every row once', async () => {
  database = await createTestDatabase();
  const orm = await MikroORM.init({ ...ormOptions({ clientUrl: database.url, poolMax: 6 }), preferTs: true });
  try {
    const options = { adminEmail: TEST_ADMIN.email, adminPassword: TEST_ADMIN.password, signupGrant: 1000n };
    const results = await Promise.all(Array.from({ length: REPLICAS }, () => seed(orm.em.fork(), options)));
    expect(results.filter((r) => r.adminCreated)).toHaveLength(1);
    expect(new Set(results.map((r) => r.adminId)).size).toBe(1);
  } finally {
    await orm.close(true);
  }
  await expectOneCopyOfEverySeededRow(database);
}, 60_000);
