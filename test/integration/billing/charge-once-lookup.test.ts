import { Client } from 'pg';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

// gw_reserve's "already charged?" probe runs on every request inside PL/pgSQL, whose cached plan
// lives as long as the connection. It must be an index probe on (request_id, kind) whatever the
// planner's statistics say, including the ones a fresh database starts with.

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
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function indexesOf(node: PlanNode): string[] {
  return [...(node['Index Name'] ? [node['Index Name']] : []), ...(node.Plans ?? []).flatMap(indexesOf)];
}

/** The generic plan, as PL/pgSQL caches it for a parameter. */
async function genericPlanIndexes(name: string, sql: string, argument: string): Promise<string[]> {
  await client.query(`set plan_cache_mode = force_generic_plan`);
  await client.query(`prepare ${name}(varchar) as ${sql}`);
  const { rows } = await client.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`explain (format json) execute ${name}('${argument}')`);
  await client.query(`deallocate ${name}; reset plan_cache_mode`);
  return indexesOf(rows[0]!['QUERY PLAN'][0]!.Plan);
}

const CHARGED = `select exists (select 1 from ledger_entries l where l.request_id = $1 and l.kind = 'USAGE_CHARGE')`;

describe('the charge-once lookup', () => {
  it('probes the request index on a fresh database', async () => {
    expect(await genericPlanIndexes('fresh', CHARGED, 'req_a')).toEqual(['ledger_entries_request_kind_unique']);
  });

  it('still probes the request index after thousands of charges, before any ANALYZE', async () => {
    await client.query(`insert into ledger_entries (user_id, bucket, amount, balance_after, kind, request_id, created_at)
                        select u.id, 'FREE', -1, 0, 'USAGE_CHARGE', 'req_' || g, now()
                          from users u, generate_series(1, 3000) g where u.email = 'lookup@test.local'`);
    expect(await genericPlanIndexes('grown', CHARGED, 'req_17')).toEqual(['ledger_entries_request_kind_unique']);
  });

  it('leaves grants unique by (kind, reference), served by their own index', async () => {
    const grant = `insert into ledger_entries (user_id, bucket, amount, balance_after, kind, reference, created_at)
                   select u.id, 'FREE', 5, 5, 'CHECK_IN', 'check-in:1:2026-11-22', now() from users u where u.email = 'lookup@test.local'`;
    await client.query(grant);
    await expect(client.query(grant)).rejects.toMatchObject({ code: '23505', constraint: 'ledger_entries_kind_reference_unique' });
    expect(
      await genericPlanIndexes('grant_lookup', `select 1 from ledger_entries l where l.kind = 'CHECK_IN' and l.reference = $1`, 'check-in:1:2026-11-22'),
    ).toEqual(['ledger_entries_kind_reference_unique']);
  });
});
