import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { ormOptions } from '../../../src/db/orm-options';
import { adminDatabaseUrl, databaseUrl, testRunId } from '../../support/test-env';

// The migration that partitions usage_logs and ledger_entries by month converts a database that
// holds books in place: a database migrated to the head before it, filled with usage and ledger
// rows over several months (the rollups kept by their triggers), then migrated.

const PREVIOUS_HEAD = 'Migration20261127210000_usage_rollups_upstream_cost';
const name = `gw_t_${testRunId()}_partition_migration_${process.pid}`;
let orm: MikroORM;
let client: Client;

async function admin(sql: string): Promise<void> {
  const c = new Client({ connectionString: adminDatabaseUrl() });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  await admin(`create database "${name}"`);
  orm = await MikroORM.init({ ...ormOptions({ clientUrl: databaseUrl(name), poolMax: 2 }), preferTs: true });
  await orm.migrator.up({ to: PREVIOUS_HEAD });
  client = new Client({ connectionString: databaseUrl(name) });
  await client.connect();
}, 180_000);
afterAll(async () => {
  await client?.end();
  await orm?.close(true);
  await admin(`drop database if exists "${name}" with (force)`);
});

const rows = async (sql: string) => (await client.query(sql)).rows;

/** Three users, each granted quota then charged every three hours from July to now; a usage row per charge. */
async function fillBooks(): Promise<void> {
  await client.query(`insert into users (email, password_hash, role, status, free_quota, free_reserved, created_at, updated_at)
                      select 'books' || g || '@test.local', 'x', 'USER', 'ACTIVE', 0, 0, '2026-07-01', '2026-07-01' from generate_series(1, 3) g`);
  await client.query(`insert into ledger_entries (user_id, bucket, amount, balance_after, kind, reference, created_at)
                      select id, 'FREE', 1000000, 1000000, 'SIGNUP_GRANT', 'signup:' || id, '2026-07-01T00:00:00Z' from users`);
  await client.query(`insert into ledger_entries (user_id, bucket, amount, balance_after, kind, request_id, created_at)
                      select u.id, 'FREE', -(g % 97 + 1), 0, 'USAGE_CHARGE', 'mig_' || u.id || '_' || g, timestamptz '2026-07-01' + g * interval '3 hours'
                        from users u, generate_series(1, 1200) g where timestamptz '2026-07-01' + g * interval '3 hours' < now()`);
  await client.query(`insert into usage_logs (request_id, user_id, token_id, model_id, channel_id, prompt_tokens, cost, bucket, outcome, http_status, created_at, surface)
                      select request_id, user_id, user_id + 10, 'gpt-4o-mini', 3, 40, -amount, 'FREE', 'SUCCESS', 200, created_at, 'chat.completions'
                        from ledger_entries where kind = 'USAGE_CHARGE'`);
  await client.query(`update users u set free_quota = (select sum(amount) from ledger_entries l where l.user_id = u.id)`);
}

const ALL_USAGE = 'select * from usage_logs order by id';
const ALL_LEDGER = 'select * from ledger_entries order by id';
const ROLLUPS = 'select * from usage_rollups order by hour, user_id, token_id, model_id, channel_id, group_name, surface';

it('keeps every row, the balances, the rollups and the uniqueness; new rows land in their month', async () => {
  await fillBooks();
  const usage = await rows(ALL_USAGE);
  const ledger = await rows(ALL_LEDGER);
  const rollups = await rows(ROLLUPS);
  expect(usage.length).toBeGreaterThan(3_000);

  // Up to the conversion itself: later migrations may add columns, which the comparison below
  // would count as changed rows.
  await orm.migrator.up({ to: 'Migration20261128010000_monthly_partitions' });

  expect(await rows(`select relkind from pg_class where relname in ('usage_logs', 'ledger_entries')`)).toEqual([{ relkind: 'p' }, { relkind: 'p' }]);
  expect(await rows(ALL_USAGE)).toEqual(usage);
  expect(await rows(ALL_LEDGER)).toEqual(ledger);
  expect(await rows(ROLLUPS)).toEqual(rollups);
  expect(await rows(`select id from users u where free_quota <> (select sum(amount) from ledger_entries l where l.user_id = u.id)`)).toEqual([]);

  // A partition per month from the oldest row's to three months ahead, and none of the rows in the default one.
  const partitions = (await rows(`select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid
                                   where i.inhparent = 'usage_logs'::regclass order by 1`)).map((r) => r.relname as string);
  expect(partitions[0]).toBe('usage_logs_2026_07');
  const now = new Date();
  const ahead = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 3, 1)).toISOString().slice(0, 7).replace('-', '_');
  expect(partitions).toContain(`usage_logs_${ahead}`);
  expect(partitions).toContain('usage_logs_default');
  expect(await rows(`select count(*)::int as n from usage_logs_default`)).toEqual([{ n: 0 }]);
  expect(await rows(`select count(*)::int as n from ledger_entries_default`)).toEqual([{ n: 0 }]);

  // Uniqueness holds across months: a charge of a July request in October, a grant again.
  const [july] = await rows(`select user_id, request_id from ledger_entries where kind = 'USAGE_CHARGE' order by id limit 1`);
  await expect(client.query(`insert into ledger_entries (user_id, bucket, amount, balance_after, kind, request_id, created_at)
                             values ($1, 'FREE', -1, 0, 'USAGE_CHARGE', $2, '2026-10-10')`, [july!.user_id, july!.request_id]))
    .rejects.toMatchObject({ code: '23505', constraint: 'ledger_entries_request_kind_unique' });
  await expect(client.query(`insert into ledger_entries (user_id, bucket, amount, balance_after, kind, reference, created_at)
                             values ($1::int, 'FREE', 1, 0, 'SIGNUP_GRANT', 'signup:' || $1::int, now())`, [july!.user_id]))
    .rejects.toMatchObject({ code: '23505', constraint: 'ledger_entries_kind_reference_unique' });
  const again = await client.query(`insert into usage_logs (request_id, user_id, cost, outcome, http_status, created_at)
                                    values ($1, $2, 1, 'SUCCESS', 200, now())`, [july!.request_id, july!.user_id]);
  expect(again.rowCount).toBe(0);

  // New rows: in their own month's partition, ids continuing the old sequence, rollups following.
  const maxId = Number((await rows(`select max(id) as m from usage_logs`))[0]!.m);
  await client.query(`insert into usage_logs (request_id, user_id, cost, outcome, http_status, created_at) values
                        ('after_1', 1, 5, 'SUCCESS', 200, '2026-08-15T10:00:00Z'), ('after_2', 1, 6, 'SUCCESS', 200, now())`);
  const placed = await rows(`select request_id, tableoid::regclass::text as partition, id from usage_logs where request_id like 'after_%' order by 1`);
  const thisMonth = now.toISOString().slice(0, 7).replace('-', '_');
  expect(placed.map((r) => [r.request_id, r.partition])).toEqual([['after_1', 'usage_logs_2026_08'], ['after_2', `usage_logs_${thisMonth}`]]);
  expect(placed.every((r) => Number(r.id) > maxId)).toBe(true);
  const [august] = await rows(`select sum(requests)::int as n from usage_rollups where hour = '2026-08-15T10:00:00Z' and user_id = 1 and token_id is null`);
  expect(august).toEqual({ n: 1 });
}, 180_000);
