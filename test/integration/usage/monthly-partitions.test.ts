import { ClusterJobs } from '../../../src/domain/cluster/cluster-jobs';
import { usageExport } from '../../../src/exports/export-definitions';
import { ManualClock } from '../../../src/lib/clock';
import { UsageLogsDocument } from '../../generated/graphql';
import { adminSession, gqlData } from '../../support/graphql-client';
import { statementRecorder } from '../../support/query-recorder';
import { startTestApp, type TestApp } from '../../support/test-app';

// usage_logs and ledger_entries are partitioned by UTC month: a cluster job keeps partitions ready
// ahead of the clock and gives rows caught by the default partition their own month; queries that
// name a time window read only that window's partitions.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const sql = <T>(text: string, params: unknown[] = []) => app.em().getConnection().execute<T[]>(text, params);

const partitionsOf = async (table: string) =>
  (await sql<{ name: string }>(`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
                                 where i.inhparent = ?::regclass order by 1`, [table])).map((r) => r.name);

interface PlanNode {
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

const relationsOf = (node: PlanNode): string[] => [...(node['Relation Name'] ? [node['Relation Name']] : []), ...(node.Plans ?? []).flatMap(relationsOf)];

/** The relations the plan of `query` reads (partitions pruned at plan or run time are left out of it). */
async function scanned(query: string, params: unknown[] = []): Promise<string[]> {
  const [row] = await sql<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`explain (format json) ${query}`, params);
  return [...new Set(relationsOf(row!['QUERY PLAN'][0]!.Plan))].sort();
}

describe('partition maintenance', () => {
  it('creates the months ahead of the clock once, and moves a month caught by the default partition into its own', async () => {
    const services = app.server.services;
    services.clock = new ManualClock('2027-06-20T12:00:00Z');
    await sql(`insert into usage_logs (request_id, user_id, cost, outcome, http_status, created_at)
               values ('stray_1', 1, 9, 'SUCCESS', 200, '2031-02-03T04:00:00Z')`);
    await sql(`insert into ledger_entries (user_id, bucket, amount, balance_after, kind, request_id, created_at)
               select id, 'FREE', -9, 0, 'USAGE_CHARGE', 'stray_1', '2031-02-03T04:00:00Z' from users order by id limit 1`);
    expect(await sql(`select tableoid::regclass::text as p from usage_logs where request_id = 'stray_1'`)).toEqual([{ p: 'usage_logs_default' }]);
    const rollupsBefore = await sql(`select * from usage_rollups order by hour, user_id`);

    // A cluster job: one instance runs it (an admin's "run now" here), another's timer then finds it not due.
    const job = { name: 'partition-maintenance', intervalMs: 3_600_000, run: () => services.partitionMaintenance.run() };
    const [a, b] = ['instance-a', 'instance-b'].map((holder) => new ClusterJobs({ orm: services.orm, holder, logger: services.logger }));
    expect(await a!.runIfDue(job, { ignoreInterval: true })).toBe(true);
    expect(await b!.runIfDue(job)).toBe(false);

    for (const table of ['usage_logs', 'ledger_entries']) {
      const names = await partitionsOf(table);
      for (const month of ['2027_06', '2027_07', '2027_08', '2027_09', '2031_02']) expect(names).toContain(`${table}_${month}`);
      expect(names).not.toContain(`${table}_2027_10`);
    }
    expect(await sql(`select tableoid::regclass::text as p from usage_logs where request_id = 'stray_1'`)).toEqual([{ p: 'usage_logs_2031_02' }]);
    expect(await sql(`select tableoid::regclass::text as p from ledger_entries where request_id = 'stray_1'`)).toEqual([{ p: 'ledger_entries_2031_02' }]);
    // Moving rows between partitions is no new usage, and their keys stay claimed.
    expect(await sql(`select * from usage_rollups order by hour, user_id`)).toEqual(rollupsBefore);
    await expect(sql(`insert into ledger_entries (user_id, bucket, amount, balance_after, kind, request_id, created_at)
                      select id, 'FREE', -9, 0, 'USAGE_CHARGE', 'stray_1', now() from users order by id limit 1`))
      .rejects.toMatchObject({ code: '23505' });

    // Nothing more to do until the clock moves.
    expect(await services.partitionMaintenance.run()).toEqual([]);
  });
});

describe('a query naming a time window', () => {
  beforeAll(async () => {
    await sql(`insert into usage_logs (request_id, user_id, token_id, model_id, cost, outcome, http_status, created_at)
               select 'window_' || g, 1, 2, 'gpt-4o-mini', g, 'SUCCESS', 200, timestamptz '2027-06-01' + g * interval '7 hours'
                 from generate_series(1, 500) g`);
    await sql(`analyze usage_logs`);
  });

  it('the export of one month reads only that month\'s partition', async () => {
    const filters = { from: new Date('2027-07-01T00:00:00Z'), to: new Date('2027-08-01T00:00:00Z'), userId: null, tokenId: null, model: null, channelId: null, outcome: null };
    const first = usageExport.batch(filters, null, 1_000, true);
    expect(await scanned(first.sql, first.params)).toEqual(['usage_logs_2027_07']);
    const next = usageExport.batch({ ...filters, userId: 1 }, { at: '2027-07-10 00:00:00+00', id: '1' }, 1_000, true);
    expect(await scanned(next.sql, next.params)).toEqual(['usage_logs_2027_07']);
  });

  it('the usage connection over one month reads only that month\'s partition, first page and next', async () => {
    const admin = await adminSession(app);
    const record = statementRecorder(app);
    const filter = { from: '2027-07-01T00:00:00Z', to: '2027-08-01T00:00:00Z' };
    const { result, selects } = await record(() => gqlData(app, UsageLogsDocument, { filter, first: 5 }, admin));
    expect(result.usage.edges).toHaveLength(5);
    const page = selects.filter((s) => s.sql.includes('usage_logs'));
    expect(page.length).toBeGreaterThan(0);
    for (const query of page) expect(await scanned(query.sql, query.params)).toEqual(['usage_logs_2027_07']);

    const { selects: deeper } = await record(() => gqlData(app, UsageLogsDocument, { filter, first: 5, after: result.usage.pageInfo.endCursor }, admin));
    const next = deeper.filter((s) => s.sql.includes('usage_logs'));
    expect(next.length).toBeGreaterThan(0);
    for (const query of next) expect(await scanned(query.sql, query.params)).toEqual(['usage_logs_2027_07']);
  });
});
