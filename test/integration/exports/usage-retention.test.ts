import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { usageStats } from '../../../src/domain/usage/usage-stats.service';
import { adminSession } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';

// Retention: raw usage rows of whole months past USAGE_RETENTION_DAYS are archived to compressed
// CSV (exactly what /export/usage.csv gave for them) and their monthly partitions dropped; the
// ledger is untouched and the statistics still answer for those months from the rollups.

let app: TestApp;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gw-archive-'));
  app = await startTestApp({ USAGE_RETENTION_DAYS: '40', USAGE_ARCHIVE_DIR: dir });
});
afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

const sql = <T>(text: string, params: unknown[] = []) => app.em().getConnection().execute<T[]>(text, params);

async function insertRows(month: string, n: number): Promise<void> {
  await sql(
    `insert into usage_logs (request_id, user_id, token_id, group_name, model_id, channel_id, prompt_tokens, completion_tokens, cost, bucket, outcome, http_status, created_at, surface)
     select 'arch_' || ? || '_' || g, 1, 2, 'default', 'gpt-4o-mini', 3, 100 + g, 20, 1000 + g, 'FREE', 'SUCCESS', 200,
            (?::date + (g * interval '37 minutes'))::timestamptz, 'chat.completions'
       from generate_series(1, ?::int) g`,
    [month, `${month}-01`, n],
  );
  await sql(
    `insert into ledger_entries (user_id, bucket, amount, balance_after, kind, request_id, created_at)
     select 1, 'FREE', -(1000 + g), 0, 'USAGE_CHARGE', 'arch_' || ? || '_' || g, (?::date + (g * interval '37 minutes'))::timestamptz
       from generate_series(1, ?::int) g`,
    [month, `${month}-01`, n],
  );
}

async function exportCsv(from: string, to: string): Promise<string> {
  const res = await fetch(`${app.url}/export/usage.csv?from=${from}&to=${to}`, { headers: { authorization: `Bearer ${await adminSession(app)}` } });
  expect(res.status).toBe(200);
  return res.text();
}

const count = async (from: string, to: string) =>
  Number((await sql<{ n: string }>(`select count(*) as n from usage_logs where created_at >= ? and created_at < ?`, [from, to]))[0]!.n);

it('archives whole months past the retention to compressed CSV, removes their raw rows, keeps the ledger and the statistics', async () => {
  await insertRows('2026-07', 1_100); // 28 days of rows inside July
  await insertRows('2026-08', 900);
  await insertRows('2026-10', 300); // October ends 2026-10-31, less than 40 days before today: kept
  const julyCsv = await exportCsv('2026-07-01T00:00:00Z', '2026-08-01T00:00:00Z');
  const augustCsv = await exportCsv('2026-08-01T00:00:00Z', '2026-09-01T00:00:00Z');
  const ledgerBefore = await sql<{ n: string; s: string }>(`select count(*) as n, sum(amount)::text as s from ledger_entries`);
  const em = app.em();
  const statsQuery = { from: new Date('2026-07-01T00:00:00Z'), to: new Date('2026-09-01T00:00:00Z'), userId: null, groupBy: ['DAY' as const], timezone: 'UTC' };
  const statsBefore = await usageStats(em, statsQuery);

  expect(await app.server.services.usageArchive.run()).toEqual(['2026-07', '2026-08']);

  // Each month's file is what the export gave for it, byte for byte.
  expect(gunzipSync(readFileSync(join(dir, 'usage-2026-07.csv.gz'))).toString('utf8')).toBe(julyCsv);
  expect(gunzipSync(readFileSync(join(dir, 'usage-2026-08.csv.gz'))).toString('utf8')).toBe(augustCsv);
  expect(julyCsv.trim().split('\n')).toHaveLength(1 + 1_100);
  expect(await count('2026-07-01', '2026-09-01')).toBe(0);
  // Whole partitions went, with their request ids; the months still kept have theirs.
  const partitions = (await sql<{ name: string }>(`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
                                                    where i.inhparent = 'usage_logs'::regclass`)).map((r) => r.name);
  expect(partitions).toEqual(expect.arrayContaining(['usage_logs_2026_10', 'usage_logs_default']));
  expect(partitions).not.toContain('usage_logs_2026_07');
  expect(partitions).not.toContain('usage_logs_2026_08');
  expect(await sql(`select count(*)::int as n from usage_request_ids where request_id like 'arch_2026-07%' or request_id like 'arch_2026-08%'`)).toEqual([{ n: 0 }]);
  expect(await sql(`select count(*)::int as n from usage_request_ids where request_id like 'arch_2026-10%'`)).toEqual([{ n: 300 }]);
  expect(await count('2026-10-01', '2026-11-01')).toBe(300);
  expect(await sql(`select count(*) as n, sum(amount)::text as s from ledger_entries`)).toEqual(ledgerBefore);
  expect(await usageStats(em, statsQuery)).toEqual(statsBefore);
  expect(statsBefore.totals.requests).toBe(2_000);

  // Nothing more is due.
  expect(await app.server.services.usageArchive.run()).toEqual([]);
});

it('after a crash between the file and the removal, the next run finishes removing without rewriting the file', async () => {
  await insertRows('2026-09', 500);
  const septemberCsv = await exportCsv('2026-09-01T00:00:00Z', '2026-10-01T00:00:00Z');
  // The file was written and renamed, then the process died before removing a row.
  const archive = app.server.services.usageArchive;
  expect(await archive.run()).toEqual(['2026-09']);
  await insertRows('2026-06', 10);
  const file = join(dir, 'usage-2026-06.csv.gz');
  const { writeFileSync } = await import('node:fs');
  const { gzipSync } = await import('node:zlib');
  writeFileSync(file, gzipSync('written before the crash\n'));
  const written = statSync(file).mtimeMs;
  expect(await archive.run()).toEqual(['2026-06']);
  expect(statSync(file).mtimeMs).toBe(written);
  expect(await count('2026-06-01', '2026-07-01')).toBe(0);
  expect(gunzipSync(readFileSync(join(dir, 'usage-2026-09.csv.gz'))).toString('utf8')).toBe(septemberCsv);
  expect(existsSync(`${file}.partial`)).toBe(false);
});
