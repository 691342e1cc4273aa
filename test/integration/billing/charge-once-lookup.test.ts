import { Client } from 'pg';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

// gw_reserve's "already charged?" probe runs on every request inside PL/pgSQL, whose cached plan
// lives as long as the connection. ledger_entries is partitioned by month, so the probe reads each
// month's (request_id, kind) index: every partition holding rows must be probed by its index,
// whatever the planner's statistics say, including before any ANALYZE. Uniqueness itself lives in
// the key tables (their primary keys carry the old constraint names).

let database: TestDatabase;
let client: Client;
beforeAll(async () => {
  database = await createTestDatabase();
  client = new Client({ connectionString: database.url });
  await client.connect();
  await client.query(`insert into users (email, password_hash, role, status, free_quota, free_reserved, created_at, updated_at)
                      select 'lookup@test.local', 'x', 'USER', 'ACTIVE', 0, 0, now(), now()`);
});
afterAll(async () => {
  await client.end();
  await database.drop();
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** Each scanned relation with the index it is read by (null: a sequential scan). */
function scansOf(node: PlanNode): Array<{ relation: string; index: string | null }> {
  const own = node['Relation Name'] ? [{ relation: node['Relation Name'], index: node['Index Name'] ?? null }] : [];
  return [...own, ...(node.Plans ?? []).flatMap(scansOf)];
}

/** The generic plan's scans of partitions that hold rows, as PL/pgSQL caches it for a parameter. */
async function genericPlanScans(name: string, sql: string, argument: string): Promise<Array<{ relation: string; index: string | null }>> {
  await client.query(`set plan_cache_mode = force_generic_plan`);
  await client.query(`prepare ${name}(varchar) as ${sql}`);
  const { rows } = await client.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`explain (format json) execute ${name}('${argument}')`);
  await client.query(`deallocate ${name}; reset plan_cache_mode`);
  const filled = await client.query<{ relation: string }>(`select distinct tableoid::regclass::text as relation from ledger_entries`);
  const holding = new Set(filled.rows.map((r) => r.relation));
  return scansOf(rows[0]!['QUERY PLAN'][0]!.Plan).filter((s) => holding.has(s.relation));
}

const CHARGED = `select exists (select 1 from ledger_entries l where l.request_id = $1 and l.kind = 'USAGE_CHARGE')`;
const month = new Date().toISOString().slice(0, 7).replace('-', '_');

describe('the charge-once lookup', () => {
  it('probes the request index of the month holding charges, before any ANALYZE', async () => {
    await client.query(`insert into ledger_entries (user_id, bucket, amount, balance_after, kind, request_id, created_at)
                        select u.id, 'FREE', -1, 0, 'USAGE_CHARGE', 'req_' || g, now()
                          from users u, generate_series(1, 3000) g where u.email = 'lookup@test.local'`);
    expect(await genericPlanScans('grown', CHARGED, 'req_17')).toEqual([
      { relation: `ledger_entries_${month}`, index: `ledger_entries_${month}_request_id_kind_idx` },
    ]);
  });

  it('refuses a second charge of a request, on the constraint name the billing functions report', async () => {
    const charge = `insert into ledger_entries (user_id, bucket, amount, balance_after, kind, request_id, created_at)
                    select u.id, 'FREE', -1, 0, 'USAGE_CHARGE', 'req_17', now() - interval '40 days' from users u where u.email = 'lookup@test.local'`;
    await expect(client.query(charge)).rejects.toMatchObject({ code: '23505', constraint: 'ledger_entries_request_kind_unique' });
  });

  it('leaves grants unique by (kind, reference), served by their own index', async () => {
    const grant = `insert into ledger_entries (user_id, bucket, amount, balance_after, kind, reference, created_at)
                   select u.id, 'FREE', 5, 5, 'CHECK_IN', 'check-in:1:2026-11-22', now() from users u where u.email = 'lookup@test.local'`;
    await client.query(grant);
    // In another month too: uniqueness is global, not per partition.
    await expect(client.query(grant.replace('now()', "now() + interval '35 days'"))).rejects.toMatchObject({
      code: '23505', constraint: 'ledger_entries_kind_reference_unique',
    });
    expect(
      await genericPlanScans('grant_lookup', `select 1 from ledger_entries l where l.kind = 'CHECK_IN' and l.reference = $1`, 'check-in:1:2026-11-22'),
    ).toEqual([{ relation: `ledger_entries_${month}`, index: `ledger_entries_${month}_kind_reference_idx` }]);
  });
});

it('probes "already charged?" on every reservation and lease charge with one key-table lookup, whatever the ledger holds', async () => {
  const { rows } = await client.query<{ name: string; def: string }>(
    `select p.proname as name, pg_get_functiondef(p.oid) as def from pg_proc p where p.proname in ('gw_reserve', 'gw_lease_charge_try') order by 1`,
  );
  // gw_lease_charge calls its _try twin, which holds the body.
  expect(rows.map((row) => row.name)).toEqual(['gw_lease_charge_try', 'gw_reserve']);
  for (const { def } of rows) {
    expect(def).toContain('from ledger_request_keys k');
    expect(def).not.toContain(`from ledger_entries l where l.request_id = p_request_id and l.kind = 'USAGE_CHARGE')`);
  }
  // With no key, the join that reads the amount never reaches the ledger's partitions.
  await client.query(`set plan_cache_mode = force_generic_plan`);
  await client.query(`prepare probe_amount(varchar) as select -l.amount from ledger_request_keys k join ledger_entries l
                      on l.request_id = k.request_id and l.kind = k.kind where k.request_id = $1 and k.kind = 'USAGE_CHARGE'`);
  const plan = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, format json, costs off, timing off, summary off) execute probe_amount('never-charged')`);
  const text = JSON.stringify(plan.rows[0]!['QUERY PLAN']);
  expect(text).toContain('ledger_entries_request_kind_unique');
  expect(text).toContain('"Actual Loops":0');
  await client.query(`deallocate probe_amount`);
  await client.query(`reset plan_cache_mode`);
});
