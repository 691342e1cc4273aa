import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { ormOptions } from '../../../src/db/orm-options';
import { seed } from '../../../src/domain/seed/seed';
import { STARTER_MODELS, STARTER_PACKAGES, STARTER_VENDORS } from '../../../src/domain/seed/starter-catalogue';
import { TEST_ADMIN } from '../../support/test-app';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

// Several replicas starting at the same moment (docker compose up with three of them, a
// Kubernetes rollout) must all come up, and the seed leaves exactly one copy of every row it makes.

const REPLICAS = 3;

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

let database: TestDatabase | undefined;

afterEach(async () => {
  await database?.drop();
  database = undefined;
});

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
