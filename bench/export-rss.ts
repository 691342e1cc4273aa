// `npx tsx bench/export-rss.ts`: exports 1,000,000 usage rows through GET /export/usage.csv from a
// gateway in its own process and reports that process's resident memory before and during the
// download (the export must stream: growth well under 100 MB). Needs a PostgreSQL
// (EXPORT_BENCH_DATABASE_URL, default the local one); the database is dropped and rebuilt.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { sha256Hex } from '../src/lib/key-material';
import { BENCH_SECRET_KEY, prepareBenchDatabase } from './bench-database';

const ROWS = Number(process.env.EXPORT_BENCH_ROWS ?? 1_000_000);
const DATABASE_URL = process.env.EXPORT_BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/gateway_export_bench';
const PORT = Number(process.env.EXPORT_BENCH_PORT ?? 3918);
const SESSION = 'export-bench-session-token';

const rssMb = (pid: number): number => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

async function fillDatabase(): Promise<void> {
  await prepareBenchDatabase(DATABASE_URL, 'http://127.0.0.1:9');
  const db = new Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    const started = Date.now();
    await db.query(
      `insert into usage_logs (request_id, user_id, token_id, group_name, model_id, attempts, channel_id, stream, prompt_tokens, completion_tokens,
                               cached_tokens, audio_ms, cost, bucket, outcome, http_status, latency_ms, created_at)
       select 'req_bench_' || g, 1 + g % 50, 1 + g % 200, 'default', 'gpt-4o-mini', '[]', 1, g % 3 = 0, 100 + g % 900, 20 + g % 300, 0, 0, g % 5000,
              'FREE', 'SUCCESS', 200, 40, timestamptz '2026-10-01 00:00:00+00' + g * interval '2 seconds'
         from generate_series(1, $1::int) g`,
      [ROWS],
    );
    await db.query('analyze usage_logs');
    const { rows } = await db.query<{ id: number }>(`select id from users where role = 'ADMIN' order by id limit 1`);
    await db.query(`insert into sessions (token_hash, user_id, expires_at, created_at) values ($1, $2, now() + interval '1 day', now())`, [sha256Hex(SESSION), rows[0]!.id]);
    console.log(`inserted ${ROWS} usage rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await db.end();
  }
}

async function startGateway(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, '..', 'src', 'main.ts')], {
    env: { ...process.env, DATABASE_URL, PORT: String(PORT), SECRET_KEY: BENCH_SECRET_KEY, LOG_LEVEL: 'warn', DEMO_UPSTREAM: 'false' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('listening on') && resolve());
    child.once('exit', (code) => reject(new Error(`gateway exited with ${code}`)));
  });
  return child;
}

async function main(): Promise<void> {
  await fillDatabase();
  const gateway = await startGateway();
  try {
    const pid = gateway.pid!;
    // Settle: one small export first so lazy module loading is not counted as export memory.
    await (await fetch(`http://127.0.0.1:${PORT}/export/usage.csv?from=2026-10-01T00:00:00Z&to=2026-10-01T00:01:00Z`, { headers: { authorization: `Bearer ${SESSION}` } })).text();
    const before = rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
    const started = Date.now();
    const res = await fetch(`http://127.0.0.1:${PORT}/export/usage.csv?from=2026-09-01T00:00:00Z&to=2027-01-01T00:00:00Z`, {
      headers: { authorization: `Bearer ${SESSION}` },
    });
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) lines++;
    }
    clearInterval(sampler);
    const seconds = (Date.now() - started) / 1000;
    console.log(`status ${res.status}, ${lines - 1} data rows, ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s`);
    console.log(`gateway RSS before ${before.toFixed(1)} MB, peak during export ${peak.toFixed(1)} MB, growth ${(peak - before).toFixed(1)} MB`);
  } finally {
    gateway.kill('SIGTERM');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
