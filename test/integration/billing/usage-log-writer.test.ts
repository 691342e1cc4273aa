import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { numberPlaceholders, type SqlParam, type SqlRunner } from '../../../src/db/sql-runner';
import { UsageLogWriter } from '../../../src/domain/usage/usage-log-writer';
import type { UsageLogRow } from '../../../src/domain/usage/usage-log.types';
import { createLogger } from '../../../src/lib/logger';
import { startTestApp } from '../../support/test-app';
import { openBillingDb, silentLogger, type BillingDb } from './billing-fixtures';

let db: BillingDb;
beforeAll(async () => {
  db = await openBillingDb();
});
afterAll(() => db.close());

function row(partial: Partial<UsageLogRow> = {}): UsageLogRow {
  return {
    requestId: `req_${randomUUID()}`,
    surface: 'chat.completions',
    userId: 7,
    tokenId: 11,
    groupName: 'default',
    modelId: 'gpt-4o-mini',
    attempts: [{ channelId: 3, status: 502, error: 'bad gateway', latencyMs: 12.7 }, { channelId: 4, status: 200, error: null, latencyMs: 40 }],
    channelId: 4,
    stream: true,
    promptTokens: 120,
    completionTokens: 45,
    cachedTokens: 0,
    audioMs: 0,
    cost: 9_007_199_254_740_993n,
    bucket: 'FREE',
    subscriptionId: null,
    outcome: 'SUCCESS',
    httpStatus: 200,
    errorCode: null,
    latencyMs: 55.4,
    ttftMs: 20,
    createdAt: new Date('2026-11-22T03:00:00.123Z'),
    ...partial,
  };
}

/** The real runner, counting the statements that reach the database. */
function countingRunner(sql: SqlRunner): { sql: SqlRunner; calls: () => number } {
  let calls = 0;
  const counted: SqlRunner = (text, params) => {
    calls++;
    return sql(text, params);
  };
  return { sql: counted, calls: () => calls };
}

async function storedCount(ids: string[]): Promise<number> {
  const [r] = await db.sql<{ n: string }>(`select count(*) as n from usage_logs where request_id = any (string_to_array(?, ','))`, [ids.join(',')]);
  return Number(r!.n);
}

describe('UsageLogWriter', () => {
  it('writes every field exactly, bigint cost included', async () => {
    const writer = new UsageLogWriter(db.sql, silentLogger);
    const r = row();
    writer.write(r);
    await writer.flush();
    const [stored] = await db.sql<Record<string, unknown>>(`select * from usage_logs where request_id = ?`, [r.requestId]);
    expect(stored).toMatchObject({
      user_id: 7, token_id: 11, group_name: 'default', model_id: 'gpt-4o-mini', channel_id: 4, stream: true,
      prompt_tokens: 120, completion_tokens: 45, cached_tokens: 0, audio_ms: 0, cost: '9007199254740993', bucket: 'FREE',
      subscription_id: null, outcome: 'SUCCESS', http_status: 200, error_code: null, latency_ms: 55, ttft_ms: 20,
      attempts: [{ channelId: 3, status: 502, error: 'bad gateway', latencyMs: 13 }, { channelId: 4, status: 200, error: null, latencyMs: 40 }],
    });
    const [time] = await db.sql<{ ms: string }>(`select (extract(epoch from created_at) * 1000)::bigint as ms from usage_logs where request_id = ?`, [r.requestId]);
    expect(new Date(Number(time!.ms)).toISOString()).toBe('2026-11-22T03:00:00.123Z');
  });

  it('batches: 1200 rows reach the database in 3 statements', async () => {
    const counter = countingRunner(db.sql);
    const writer = new UsageLogWriter(counter.sql, silentLogger, { batchSize: 500, flushIntervalMs: 60_000 });
    const rows = Array.from({ length: 1200 }, () => row());
    for (const r of rows) writer.write(r);
    await writer.flush();
    expect(counter.calls()).toBe(3);
    expect(writer.pending).toBe(0);
    expect(await storedCount(rows.map((r) => r.requestId))).toBe(1200);
  });

  it('flushes on its own after the interval, without anyone awaiting', async () => {
    const writer = new UsageLogWriter(db.sql, silentLogger, { flushIntervalMs: 50 });
    const rows = [row(), row(), row()];
    for (const r of rows) writer.write(r);
    expect(await storedCount(rows.map((r) => r.requestId))).toBe(0);
    await new Promise((r) => setTimeout(r, 400));
    expect(await storedCount(rows.map((r) => r.requestId))).toBe(3);
  });

  it('a full batch is written at once rather than after the interval', async () => {
    const writer = new UsageLogWriter(db.sql, silentLogger, { batchSize: 10, flushIntervalMs: 60_000 });
    const rows = Array.from({ length: 10 }, () => row());
    for (const r of rows) writer.write(r);
    await new Promise((r) => setTimeout(r, 300));
    expect(await storedCount(rows.map((r) => r.requestId))).toBe(10);
  });

  it('keeps the first row for a request id and ignores repeats', async () => {
    const writer = new UsageLogWriter(db.sql, silentLogger);
    const first = row({ httpStatus: 200 });
    writer.write(first);
    writer.write({ ...first, httpStatus: 500 });
    await writer.flush();
    writer.write({ ...first, httpStatus: 502 });
    await writer.flush();
    const stored = await db.sql<{ http_status: number }>(`select http_status from usage_logs where request_id = ?`, [first.requestId]);
    expect(stored).toEqual([{ http_status: 200 }]);
  });

  it('drops only a row the database refuses, and fits caller-supplied strings into their columns', async () => {
    const lines: string[] = [];
    const writer = new UsageLogWriter(db.sql, createLogger('error', (l) => lines.push(l)));
    const good = [row(), row({ modelId: `x\u0000${'m'.repeat(500)}`, errorCode: 'e'.repeat(300), outcome: 'REJECTED', httpStatus: 404 })];
    const bad = row({ outcome: 'NOT_AN_OUTCOME' as UsageLogRow['outcome'] });
    writer.write(good[0]!);
    writer.write(bad);
    writer.write(good[1]!);
    await writer.flush();
    expect(await storedCount(good.map((r) => r.requestId))).toBe(2);
    expect(await storedCount([bad.requestId])).toBe(0);
    const [long] = await db.sql<{ model_id: string; error_code: string }>(`select model_id, error_code from usage_logs where request_id = ?`, [good[1]!.requestId]);
    expect(long!.model_id).toBe(`x${'m'.repeat(127)}`);
    expect(long!.error_code).toHaveLength(64);
    expect(lines.some((l) => l.includes('refused') && l.includes(bad.requestId))).toBe(true);
  });

  it('never throws into the caller, even for a row it cannot encode', async () => {
    const writer = new UsageLogWriter(db.sql, silentLogger);
    expect(() => writer.write(row({ createdAt: new Date(Number.NaN) }))).not.toThrow();
    expect(writer.pending).toBe(0); // dropped at once, not retried forever
    await expect(writer.flush()).resolves.toBeUndefined();
  });

  it('bounds its queue by dropping the oldest rows, with a warning', async () => {
    const lines: string[] = [];
    const writer = new UsageLogWriter(db.sql, createLogger('warn', (l) => lines.push(l)), { maxQueue: 10, flushIntervalMs: 60_000, batchSize: 1_000 });
    const rows = Array.from({ length: 25 }, () => row());
    for (const r of rows) writer.write(r);
    expect(writer.pending).toBe(10);
    await writer.flush();
    expect(await storedCount(rows.slice(15).map((r) => r.requestId))).toBe(10);
    expect(await storedCount(rows.slice(0, 15).map((r) => r.requestId))).toBe(0);
    expect(lines.filter((l) => l.includes('queue full'))).toHaveLength(1);
  });

  it('the app flushes queued rows when it shuts down', async () => {
    const app = await startTestApp({}, { database: db.database });
    const r = row();
    app.server.services.usageLog.write(r);
    await app.close();
    expect(await storedCount([r.requestId])).toBe(1);
  });

  it('reads the ledger only for a row whose charge is unknown, not once per batch', async () => {
    // One connection, so its scan counters can be sent before they are read.
    const client = new Client({ connectionString: db.database.url });
    await client.connect();
    try {
      const sql: SqlRunner = async <T extends object>(text: string, params: readonly SqlParam[] = []) =>
        (await client.query<T>(numberPlaceholders(text), params as SqlParam[])).rows;
      const ledgerScans = async () => {
        await client.query('select pg_stat_force_next_flush()');
        const { rows } = await client.query<{ scans: string }>(
          `select coalesce(sum(seq_scan + coalesce(idx_scan, 0)), 0) as scans from pg_stat_user_tables where relname like 'ledger\\_entries\\_%'`,
        );
        return Number(rows[0]!.scans);
      };
      const writer = new UsageLogWriter(sql, silentLogger, { flushIntervalMs: 60_000 });
      const before = await ledgerScans();
      for (let i = 0; i < 3; i++) writer.write(row());
      await writer.flush();
      expect(await ledgerScans()).toBe(before);
    } finally {
      await client.end();
    }
  });
});
