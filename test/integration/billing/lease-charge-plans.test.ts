import { Client } from 'pg';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

// A billing connection lives for minutes and PL/pgSQL keeps each statement's plan for its whole
// life, planned from the statistics of its first calls. On a new database those say the key
// tables are empty (they were analyzed before any row), so a plan made then must still be a key
// lookup once the ledger has grown: a sequential scan would read the whole key table on every
// charge (Migration20261128120000_lease_charge_row_versions).

let database: TestDatabase;
let client: Client;
let userId: number;
let tokenId: number;
beforeAll(async () => {
  database = await createTestDatabase();
  client = new Client({ connectionString: database.url });
  await client.connect();
  const user = await client.query<{ id: number }>(`insert into users (email, password_hash, role, status, free_quota, free_reserved, created_at, updated_at)
                      values ('plans@test.local', 'x', 'USER', 'ACTIVE', 1000000000, 0, now(), now()) returning id`);
  userId = user.rows[0]!.id;
  const group = await client.query<{ id: number }>(`insert into groups (name, created_at, updated_at) values ('plans', now(), now()) returning id`);
  const token = await client.query<{ id: number }>(`insert into tokens (user_id, group_id, name, key_hash, display_prefix, created_at, updated_at)
                      values ($1, $2, 'plans', repeat('a', 64), 'sk-plans', now(), now()) returning id`, [userId, group.rows[0]!.id]);
  tokenId = token.rows[0]!.id;
  await client.query(`select * from gw_reserve_spare('lease_plans', $1, $2, 'FREE', 1000000, 'plans-test', true)`, [userId, tokenId]);
});
afterAll(async () => {
  await client.end();
  await database.drop();
});

let charged = 0;
/** One lease charge as the statement queue sends it in a batch; its r_charged. */
async function leaseCharge(): Promise<string> {
  const results = (await client.query(
    `begin;select * from gw_lease_charge_try('lease_plans', 'req_plans_${++charged}', ${userId}, ${tokenId}, 'FREE', null, 10, 100, true);commit;`,
  )) as unknown as Array<{ rows: Array<{ r_charged: string; r_error_message: string | null }> }>;
  const row = results[1]!.rows[0]!;
  if (row.r_error_message) throw new Error(row.r_error_message);
  return row.r_charged;
}

/** Sequential scans of the ledger's key table so far, this connection's own included. */
async function keyTableSeqScans(): Promise<number> {
  await client.query('select pg_stat_force_next_flush()'); // sent when this backend is next idle
  const { rows } = await client.query<{ seq_scan: string }>(`select seq_scan from pg_stat_user_tables where relname = 'ledger_request_keys'`);
  return Number(rows[0]!.seq_scan);
}

it('keeps looking charges up by key once the ledger has outgrown the statistics the plans were made from', async () => {
  // Past PL/pgSQL's five custom plans: the generic plan is now cached, made while the table was tiny.
  for (let i = 0; i < 8; i++) expect(await leaseCharge()).toBe('10');
  await client.query(`insert into ledger_request_keys (request_id, kind) select 'req_filler_' || g, 'USAGE_CHARGE' from generate_series(1, 20000) g`);
  const before = await keyTableSeqScans();
  for (let i = 0; i < 4; i++) expect(await leaseCharge()).toBe('10');
  expect((await keyTableSeqScans()) - before).toBe(0);
  // A repeated request is still found, and charged once.
  const again = await client.query<{ r_charged: string; r_already_settled: boolean }>(
    `select * from gw_lease_charge_try('lease_plans', 'req_plans_3', ${userId}, ${tokenId}, 'FREE', null, 10, 100, true)`,
  );
  expect(again.rows[0]).toMatchObject({ r_charged: '10', r_already_settled: true });
});

it('charges exactly: the balance, the key and the lease moved by the charges, one ledger row each', async () => {
  const { rows } = await client.query<{ free_quota: string; free_reserved: string; used_quota: string; reserved_quota: string; lease: string; ledger: string; entries: string }>(
    `select u.free_quota, u.free_reserved, t.used_quota, t.reserved_quota,
            (select amount from quota_reservations where request_id = 'lease_plans') as lease,
            (select sum(amount) from ledger_entries where user_id = u.id and kind = 'USAGE_CHARGE') as ledger,
            (select count(*) from ledger_entries where user_id = u.id and kind = 'USAGE_CHARGE') as entries
       from users u join tokens t on t.user_id = u.id where u.id = $1`,
    [userId],
  );
  expect(rows[0]).toEqual({
    free_quota: String(1_000_000_000 - 12 * 10), free_reserved: String(1_000_000 - 12 * 10),
    used_quota: '120', reserved_quota: String(1_000_000 - 12 * 10), lease: String(1_000_000 - 12 * 10), ledger: '-120', entries: '12',
  });
});

it('raises a lone call\'s error as PostgreSQL\'s own, with its SQLSTATE', async () => {
  await expect(client.query(`select * from gw_lease_charge('lease_plans', 'req_negative', ${userId}, ${tokenId}, 'FREE', null, -1, 100, false)`)).rejects.toMatchObject({
    code: '22023', message: 'gw_lease_charge: negative cost -1 or hold 100',
  });
});

it('keeps sequential scans off inside the billing calls only, not for the rest of their caller\'s transaction', async () => {
  const results = (await client.query(
    `begin;select * from gw_lease_charge_try('lease_plans', 'req_plans_scope', ${userId}, ${tokenId}, 'FREE', null, 10, 100, true);show enable_seqscan;commit;`,
  )) as unknown as Array<{ rows: Array<Record<string, string>> }>;
  expect(results[1]!.rows[0]!.r_charged).toBe('10');
  expect(results[2]!.rows[0]!.enable_seqscan).toBe('on');
  const { rows } = await client.query<{ proname: string; proconfig: string[] | null }>(
    `select proname, proconfig from pg_proc where proname in ('gw_lease_charge_try', 'gw_lease_charge_many', 'gw_reserve', 'gw_settle', 'gw_lease_shrink') order by proname`,
  );
  expect(rows.length).toBeGreaterThanOrEqual(5);
  for (const row of rows) expect(row.proconfig).toEqual(['enable_seqscan=off']);
});
