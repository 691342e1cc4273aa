// The same chat completions JSON load on one key and spread over many keys (one user each, the
// way an operator's customers arrive), against a gateway already running on the peer database
// (bench/prepare-peer.ts): requests per second and the gateway's CPU per request, rounds
// interleaved so both see the same machine.
//   npx tsx bench/many-keys.ts [--keys 2000] [--conc 30] [--seconds 10] [--rounds 3]
//     [--database postgresql://postgres@127.0.0.1:5432/gateway_peer] [--url http://127.0.0.1:3000/v1/chat/completions]
// Needs wrk (Debian package) and the gateway's process on this machine (found by its port, for
// /proc). The extra users and keys are added once and kept (their keys are derived from a fixed
// prefix, so a second run finds them).
import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { sha256Hex } from '../src/lib/key-material';
import { BENCH_API_KEY } from './bench-database';
import { cpuTicks, TICK_US } from './gateway-load';

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 && process.argv[at + 1] ? process.argv[at + 1]! : fallback;
}

const KEYS = Number(option('keys', '2000'));
const CONC = Number(option('conc', '30'));
const SECONDS = Number(option('seconds', '10'));
const ROUNDS = Number(option('rounds', '3'));
const DATABASE_URL = option('database', 'postgresql://postgres@127.0.0.1:5432/gateway_peer');
const URL_ = option('url', 'http://127.0.0.1:3000/v1/chat/completions');
const BODY = JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Explain what an API gateway does.' }], max_tokens: 64 });

const keyOf = (i: number) => `sk-manykeys${String(i).padStart(6, '0')}${'0'.repeat(34)}`;

/** One user with practically unlimited free quota and one key per `i`, added when missing. */
async function ensureKeys(): Promise<void> {
  const client = new Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const { rows: [group] } = await client.query<{ id: number }>(`select id from groups where name = 'default'`);
    const hashes = Array.from({ length: KEYS }, (_, i) => sha256Hex(keyOf(i)));
    const { rows: [have] } = await client.query<{ n: number }>(`select count(*)::int as n from tokens where key_hash = any($1)`, [hashes]);
    if (have!.n === KEYS) return;
    await client.query('begin');
    for (let i = 0; i < KEYS; i++) {
      const email = `manykeys-${i}@bench.local`;
      await client.query(
        `insert into users (email, password_hash, free_quota, created_at, updated_at) select $1::varchar, 'x', $2::bigint, now(), now()
          where not exists (select 1 from users where email = $1::varchar)`,
        [email, (10n ** 15n).toString()],
      );
      await client.query(
        `insert into tokens (user_id, group_id, name, key_hash, display_prefix, created_at, updated_at)
         select u.id, $2::int, 'many-keys', $3::varchar, $4::varchar, now(), now() from users u
          where u.email = $1::varchar and not exists (select 1 from tokens where key_hash = $3::varchar)`,
        [email, group!.id, hashes[i], keyOf(i).slice(0, 11)],
      );
    }
    await client.query('commit');
  } finally {
    await client.end();
  }
}

/** A wrk script sending the body with each request's key taken in turn from `keys`. */
function wrkScript(keys: string[]): string {
  const file = join(tmpdir(), `many-keys-${keys.length}.lua`);
  writeFileSync(
    file,
    `local keys = {${keys.map((k) => `"${k}"`).join(',')}}
local i = 0
wrk.method = "POST"
wrk.body = ${JSON.stringify(BODY)}
wrk.headers["Content-Type"] = "application/json"
request = function()
  i = i % #keys + 1
  wrk.headers["Authorization"] = "Bearer " .. keys[i]
  return wrk.format()
end
done = function(summary)
  io.write(string.format("WRK_RESULT %d %d %d\\n", summary.requests, summary.duration, summary.errors.status))
end
`,
  );
  return file;
}

function gatewayPid(): number {
  const port = new URL(URL_).port;
  const out = execFileSync('ss', ['-Hltnp', `sport = :${port}`], { encoding: 'utf8' });
  const pid = /pid=(\d+)/.exec(out)?.[1];
  if (!pid) throw new Error(`no process listens on port ${port}`);
  return Number(pid);
}


interface Point {
  rps: number;
  cpuUsPerRequest: number;
  non2xx: number;
}

function run(script: string, pid: number): Point {
  const before = cpuTicks(pid);
  const wrk = spawnSync('wrk', ['-t1', `-c${CONC}`, `-d${SECONDS}s`, '-s', script, URL_], { encoding: 'utf8' });
  const spentUs = (cpuTicks(pid) - before) * TICK_US;
  const line = /WRK_RESULT (\d+) (\d+) (\d+)/.exec(wrk.stdout);
  if (!line) throw new Error(`wrk printed no result: ${wrk.stdout}${wrk.stderr}`);
  const requests = Number(line[1]);
  return { rps: requests / (Number(line[2]) / 1e6), cpuUsPerRequest: spentUs / requests, non2xx: Number(line[3]) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  await ensureKeys();
  const pid = gatewayPid();
  const one = wrkScript([BENCH_API_KEY]);
  const many = wrkScript(Array.from({ length: KEYS }, (_, i) => keyOf(i)));
  // Warm-up: every key verified and cached once, the JIT settled.
  run(many, pid);
  run(one, pid);
  const results: Record<'one' | 'many', Point[]> = { one: [], many: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const order: Array<'one' | 'many'> = round % 2 === 0 ? ['one', 'many'] : ['many', 'one'];
    for (const which of order) results[which].push(run(which === 'one' ? one : many, pid));
  }
  const row = (label: string, points: Point[]) =>
    `| ${label} | ${median(points.map((p) => p.rps)).toFixed(0)} | ${median(points.map((p) => p.cpuUsPerRequest)).toFixed(0)} | ${points.map((p) => `${p.rps.toFixed(0)}/${p.cpuUsPerRequest.toFixed(0)}`).join(', ')} | ${points.reduce((s, p) => s + p.non2xx, 0)} |`;
  const oneRps = median(results.one.map((p) => p.rps));
  const manyRps = median(results.many.map((p) => p.rps));
  const oneCpu = median(results.one.map((p) => p.cpuUsPerRequest));
  const manyCpu = median(results.many.map((p) => p.cpuUsPerRequest));
  process.stdout.write(
    [
      `chat completions JSON, ${CONC} connections, ${ROUNDS} interleaved rounds of ${SECONDS} s (medians)`,
      '',
      '| keys | req/s | gateway CPU µs/request | each round (req/s / µs) | non-2xx |',
      '|---|---|---|---|---|',
      row('1', results.one),
      row(String(KEYS), results.many),
      '',
      `${KEYS} keys vs one: req/s ${(((manyRps - oneRps) / oneRps) * 100).toFixed(1)} %, CPU per request ${(manyCpu / oneCpu).toFixed(2)}x`,
      '',
    ].join('\n'),
  );
}

main().catch((err) => {
  process.stderr.write(`many-keys failed: ${(err as Error).stack}\n`);
  process.exit(1);
});
