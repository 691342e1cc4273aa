// `npm run bench`: the gateway (pinned to one core) against a cheap mock upstream, next to the same
// load sent straight to the mock. Prints req/s, latency and the gateway's CPU time per request.
import autocannon from 'autocannon';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import { request } from 'undici';
import { ormOptions } from '../src/db/orm-options';
import { PostgresChangeBus } from '../src/lib/change-bus';
import { createLogger } from '../src/lib/logger';
import { SecretBox } from '../src/lib/secret-box';
import { measureChannelChange, replaceFillerChannels, type ChangeTimings } from './channel-scale';
import { runAffinityBench } from './affinity';
import { BENCH_ANTHROPIC_MODEL, BENCH_API_KEY as API_KEY, BENCH_GEMINI_MODEL, BENCH_SECRET_KEY as SECRET_KEY, prepareBenchDatabase } from './bench-database';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
/** Discarded load right after the gateway starts, as ../shared/bench primes every gateway: V8 needs
 * a few thousand requests to settle, and a one-time JIT cost is not per-request CPU. */
const PRIME_S = Number(process.env.BENCH_PRIME ?? 8);
/** BENCH_TTFB_ONLY=1: only the sequential stream time-to-first-byte figure (quick to repeat). */
const TTFB_ONLY = process.env.BENCH_TTFB_ONLY === '1';
/**
 * BENCH_STREAMS_ONLY=1: only the burst streams, each surface against its own protocol's upstream
 * (quick to repeat, before and after); =chat: only chat completions' (for a profile of it alone).
 */
const STREAMS_ONLY = process.env.BENCH_STREAMS_ONLY === '1' || process.env.BENCH_STREAMS_ONLY === 'chat';
/** BENCH_CPU_PROF=<dir>: the gateway writes a V8 CPU profile there when it stops (node --cpu-prof). */
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF;
/** BENCH_SCALE=0: leave out routing at 10 and at 2,000 channels (the slowest part to prepare). */
const SCALE = process.env.BENCH_SCALE !== '0' && !TTFB_ONLY && !STREAMS_ONLY;
/** BENCH_OBSERVE=0: leave out the cost of metrics and access lines (fresh gateways with each switched off). */
const OBSERVE = process.env.BENCH_OBSERVE !== '0' && !TTFB_ONLY && !STREAMS_ONLY;
/** Rounds of the observability comparison, interleaved (A B C A B C) so drift hits every variant alike. */
const OBSERVE_ROUNDS = Number(process.env.BENCH_OBSERVE_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const GATEWAY_PORT = Number(process.env.BENCH_PORT ?? 3917);
const BODY = JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Say hello to the benchmark.' }], max_tokens: 64 });
const STREAM_BODY = JSON.stringify({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'Say hello to the benchmark.' }], max_tokens: 64 });
// The same request on Anthropic's Messages surface (Claude Code's), translated to the same OpenAI mock:
// what the surface codec adds on top of chat completions.
const MESSAGES_BODY = BODY;
const MESSAGES_STREAM_BODY = STREAM_BODY;
// The same burst stream on the Messages and Gemini surfaces from an upstream of their own protocol
// (bench/protocol-stream-answers.ts): what a same-protocol stream costs next to chat completions'.
const OWN_PROTOCOL_STREAMS = [
  { target: 'gateway /v1/messages, Anthropic upstream', path: '/v1/messages', body: JSON.stringify({ model: BENCH_ANTHROPIC_MODEL, stream: true, max_tokens: 64, messages: [{ role: 'user', content: 'Say hello to the benchmark.' }] }) },
  { target: 'gateway Gemini alt=sse, Gemini upstream', path: `/v1beta/models/${BENCH_GEMINI_MODEL}:streamGenerateContent?alt=sse`, body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'Say hello to the benchmark.' }] }], generationConfig: { maxOutputTokens: 64 } }) },
];
// The media surfaces, each answered by the mock with fixed bytes: per-request CPU next to chat.
const MEDIA = [
  { path: '/v1/images/generations', body: JSON.stringify({ model: 'dall-e-3', prompt: 'a benchmark', size: '1024x1024', quality: 'standard' }) },
  { path: '/v1/audio/speech', body: JSON.stringify({ model: 'tts-1', input: 'Say hello to the benchmark.', voice: 'alloy' }) },
  { path: '/v1/moderations', body: JSON.stringify({ model: 'omni-moderation-latest', input: 'Say hello to the benchmark.' }) },
];

function benchDatabaseUrl(): { bench: string } {
  return { bench: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/gateway_bench' };
}

function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime + stime, in clock ticks
}

const TICK_US = 1e6 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim() || 100);

const MOCK_PORT = Number(process.env.BENCH_MOCK_PORT ?? 18917);

/**
 * The mock upstream in a process of its own on the load generator's core: served from this
 * process it would share one event loop with autocannon, and the gateway would be measured
 * waiting for a starved upstream.
 */
async function startMock(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn('taskset', ['-c', '1', process.execPath, '--import', 'tsx', join(__dirname, 'mock-upstream.ts'), String(MOCK_PORT)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('bench upstream on') && resolve());
    child.once('exit', (code) => reject(new Error(`mock upstream exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${MOCK_PORT}`, child };
}

async function startGateway(extraEnv: Record<string, string> = {}): Promise<ChildProcess> {
  const profile = CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF_DIR}`] : [];
  const child = spawn('taskset', ['-c', '0', process.execPath, ...profile, '--import', 'tsx', join(__dirname, '..', 'src', 'main.ts')], {
    // `info`, as operators run it: one access line per request is part of what is measured. The
    // lines go to a pipe this process reads and drops (BENCH_LOG_LEVEL=warn to leave them out).
    // One key drives all connections: its concurrency limits sit above them (checked on every
    // request, never refusing), or the figures would be the cost of 429s (default 32 per key).
    env: {
      ...process.env, DATABASE_URL: benchDatabaseUrl().bench, PORT: String(GATEWAY_PORT), SECRET_KEY, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info', LOG_FORMAT: 'json', DEMO_UPSTREAM: 'false',
      MAX_CONCURRENT_PER_KEY: '1024', MAX_CONCURRENT_PER_USER: '1024', ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr!.resume();
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('listening on') && resolve());
    child.once('exit', (code) => reject(new Error(`gateway exited with ${code}`)));
  });
  return child;
}

interface Row { target: string; mode: string; rps: number; p50: number; p99: number; non2xx: number; cpuUsPerReq: number | null }

async function load(url: string, body: string, pid: number | null): Promise<Omit<Row, 'target' | 'mode'>> {
  const opts = { url, method: 'POST' as const, body, connections: CONNECTIONS, headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' } };
  await autocannon({ ...opts, duration: 3 }); // warm-up (JIT, pools, caches)
  const before = pid ? cpuTicks(pid) : 0;
  const result = await autocannon({ ...opts, duration: DURATION_S });
  const requests = result.requests.total;
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
    cpuUsPerReq: pid && requests ? Math.round(((cpuTicks(pid) - before) * TICK_US) / requests) : null,
  };
}

/** Time to the first body byte of a stream, sequentially, so queueing does not blur it. */
async function streamTtfb(url: string, body = STREAM_BODY, n = 200): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = process.hrtime.bigint();
    const res = await request(url, { method: 'POST', body, headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' } });
    let first = 0n;
    for await (const chunk of res.body) {
      if (!first && (chunk as Buffer).length) first = process.hrtime.bigint();
    }
    if (i >= 20) samples.push(Number(first - started) / 1e6);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

async function stopGateway(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await exited;
}

async function prime(url: string): Promise<void> {
  if (PRIME_S <= 0) return;
  const opts = { url, method: 'POST' as const, connections: CONNECTIONS, headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' } };
  await autocannon({ ...opts, body: BODY, duration: PRIME_S });
  await autocannon({ ...opts, body: STREAM_BODY, duration: Math.ceil(PRIME_S / 2) });
}

const OBSERVE_VARIANTS = [
  { label: 'metrics and access lines on (default)', env: {} },
  { label: 'metrics off, access lines on', env: { METRICS_ENABLED: 'false' } },
  { label: 'metrics and access lines off', env: { METRICS_ENABLED: 'false', LOG_LEVEL: 'warn' } },
] as const;

interface ObservePoint { label: string; json: number[]; stream: number[] }

/**
 * Issue 13: what counting (prom-client) and the access line cost per request. Each variant runs
 * in a fresh, equally primed gateway; the rounds are interleaved so slow drift of the machine
 * lands on every variant alike. The caller's gateway must be stopped (same port).
 */
async function observabilityCost(url: string): Promise<ObservePoint[]> {
  const points: ObservePoint[] = OBSERVE_VARIANTS.map((v) => ({ label: v.label, json: [], stream: [] }));
  for (let round = 0; round < OBSERVE_ROUNDS; round++) {
    for (const [i, variant] of OBSERVE_VARIANTS.entries()) {
      const child = await startGateway(variant.env);
      try {
        await prime(url);
        points[i]!.json.push((await load(url, BODY, child.pid!)).cpuUsPerReq ?? NaN);
        points[i]!.stream.push((await load(url, STREAM_BODY, child.pid!)).cpuUsPerReq ?? NaN);
      } finally {
        await stopGateway(child);
      }
    }
  }
  return points;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

interface ScalePoint { channels: number; cpuUsPerReq: number | null; rps: number; change: ChangeTimings }

/**
 * Issue 17.9: the same JSON load with 10 and with 2,000 enabled channels of 10 keys each over 200
 * models, every filler also serving gpt-4o-mini at a lower priority than the mock's channel (so
 * routing sees all of them and traffic still reaches the mock); plus the time for one channel's
 * change, and for a bulk change, to reach another instance's channel directory.
 */
async function routingAtScale(url: string, pid: number): Promise<ScalePoint[]> {
  const databaseUrl = benchDatabaseUrl().bench;
  const logger = createLogger('warn');
  const box = new SecretBox(SECRET_KEY);
  const orm = await MikroORM.init(ormOptions({ clientUrl: databaseUrl, poolMax: 4 }));
  const bus = await PostgresChangeBus.connect({ connectionString: databaseUrl }, logger);
  const points: ScalePoint[] = [];
  try {
    await orm.em.getConnection().execute(`update channels set priority = 10 where name = 'bench upstream'`);
    for (const channels of [10, 2_000]) {
      await replaceFillerChannels(orm, box, channels - 1, 10, ['gpt-4o-mini']);
      await bus.publish({ topic: 'channel' }); // the gateway reloads its directory whole
      const opts = { url, method: 'POST' as const, body: BODY, connections: CONNECTIONS, headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' } };
      await autocannon({ ...opts, duration: 2 }); // past the reload
      const measured = await load(url, BODY, pid);
      points.push({ channels, cpuUsPerReq: measured.cpuUsPerReq, rps: measured.rps, change: await measureChannelChange(orm, databaseUrl, box, logger) });
    }
  } finally {
    await bus.close();
    await orm.close(true);
  }
  return points;
}

async function main(): Promise<void> {
  // `npm run bench -- --affinity`: only the prompt-cache affinity figures (ratios, so any machine will do).
  if (process.argv.includes('--affinity')) {
    process.stdout.write((await runAffinityBench()) + '\n');
    return;
  }
  const upstream = await startMock();
  let gateway: ChildProcess;
  try {
    await prepareBenchDatabase(benchDatabaseUrl().bench, `${upstream.url}/v1`);
    gateway = await startGateway();
  } catch (err) {
    upstream.child.kill('SIGTERM');
    throw err;
  }
  try {
    try {
      execFileSync('taskset', ['-p', '-c', '1', String(process.pid)], { stdio: 'ignore' }); // load generator + mock on the other core
    } catch {
      // single-core machine: numbers are still comparable, only noisier
    }
    const direct = `${upstream.url}/v1/chat/completions`;
    const viaGateway = `http://127.0.0.1:${GATEWAY_PORT}/v1/chat/completions`;
    const viaMessages = `http://127.0.0.1:${GATEWAY_PORT}/v1/messages`;
    await prime(viaGateway);
    const ownProtocolRows = async (): Promise<Row[]> => {
      const rows: Row[] = [];
      for (const own of OWN_PROTOCOL_STREAMS) rows.push({ target: own.target, mode: 'stream', ...(await load(`http://127.0.0.1:${GATEWAY_PORT}${own.path}`, own.body, gateway.pid!)) });
      return rows;
    };
    const rows: Row[] = TTFB_ONLY
      ? []
      : STREAMS_ONLY
      ? [{ target: 'gateway', mode: 'stream', ...(await load(viaGateway, STREAM_BODY, gateway.pid!)) }, ...(process.env.BENCH_STREAMS_ONLY === 'chat' ? [] : await ownProtocolRows())]
      : [
          { target: 'direct to mock', mode: 'json', ...(await load(direct, BODY, null)) },
          { target: 'gateway', mode: 'json', ...(await load(viaGateway, BODY, gateway.pid!)) },
          { target: 'direct to mock', mode: 'stream', ...(await load(direct, STREAM_BODY, null)) },
          { target: 'gateway', mode: 'stream', ...(await load(viaGateway, STREAM_BODY, gateway.pid!)) },
          { target: 'gateway /v1/messages', mode: 'json', ...(await load(viaMessages, MESSAGES_BODY, gateway.pid!)) },
          { target: 'gateway /v1/messages', mode: 'stream', ...(await load(viaMessages, MESSAGES_STREAM_BODY, gateway.pid!)) },
          ...(await ownProtocolRows()),
        ];
    if (!TTFB_ONLY && !STREAMS_ONLY) {
      for (const media of MEDIA) rows.push({ target: `gateway ${media.path}`, mode: 'json', ...(await load(`http://127.0.0.1:${GATEWAY_PORT}${media.path}`, media.body, gateway.pid!)) });
    }
    const ttfbDirect = STREAMS_ONLY ? NaN : await streamTtfb(direct);
    const ttfbGateway = STREAMS_ONLY ? NaN : await streamTtfb(viaGateway);
    const ttfbMessages = STREAMS_ONLY ? NaN : await streamTtfb(viaMessages, MESSAGES_STREAM_BODY);
    let observe: ObservePoint[] = [];
    if (OBSERVE) {
      await stopGateway(gateway);
      observe = await observabilityCost(viaGateway);
      gateway = await startGateway();
      await prime(viaGateway);
    }
    const scale = SCALE ? await routingAtScale(viaGateway, gateway.pid!) : [];
    const base = observe[0];

    const lines = [
      `gateway pinned to core 0 (primed ${PRIME_S} s after start); ${CONNECTIONS} connections, 3 s warm-up + ${DURATION_S} s per point; auth, reservation, settlement and usage log on`,
      '',
      '| target | mode | req/s | p50 ms | p99 ms | errors | gateway CPU µs/req |',
      '|---|---|---|---|---|---|---|',
      ...rows.map((r) => `| ${r.target} | ${r.mode} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.cpuUsPerReq ?? '-'} |`),
      '',
      `stream time to first byte (sequential, median): direct ${ttfbDirect.toFixed(2)} ms, gateway ${ttfbGateway.toFixed(2)} ms, added ${(ttfbGateway - ttfbDirect).toFixed(2)} ms`,
      `/v1/messages stream time to first byte (same mock): gateway ${ttfbMessages.toFixed(2)} ms, added ${(ttfbMessages - ttfbDirect).toFixed(2)} ms`,
      ...(observe.length && base
        ? [
            '',
            `cost of observing (gateway CPU µs/req; ${OBSERVE_ROUNDS} interleaved rounds, a fresh primed gateway each, mean and the rounds):`,
            '',
            '| variant | json | stream | json vs default | stream vs default |',
            '|---|---|---|---|---|',
            ...observe.map((p) => {
              const pct = (xs: number[], ref: number[]) => `${(((mean(xs) - mean(ref)) / mean(ref)) * 100).toFixed(1)} %`;
              return `| ${p.label} | ${mean(p.json).toFixed(0)} (${p.json.join(', ')}) | ${mean(p.stream).toFixed(0)} (${p.stream.join(', ')}) | ${pct(p.json, base.json)} | ${pct(p.stream, base.stream)} |`;
            }),
          ]
        : []),
      ...(scale.length
        ? [
            '',
            'routing at scale (json; 10 keys per channel, 200 models, every channel also serving gpt-4o-mini):',
            '',
            '| enabled channels | req/s | gateway CPU µs/req | one channel\'s change reaches another instance (of which applying it) | bulk change (full reload) |',
            '|---|---|---|---|---|',
            ...scale.map((p) => `| ${p.channels} | ${p.rps} | ${p.cpuUsPerReq ?? '-'} | ${p.change.oneChannelMs.toFixed(1)} ms (${p.change.oneChannelApplyMs.toFixed(1)} ms) | ${p.change.fullReloadApplyMs.toFixed(0)} ms |`),
          ]
        : []),
    ];
    process.stdout.write(lines.join('\n') + '\n');
  } finally {
    await stopGateway(gateway); // waited for, so that a CPU profile is written whole
    upstream.child.kill('SIGTERM');
  }
}

void main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`bench failed: ${(err as Error).stack}\n`);
    process.exit(1);
  },
);
