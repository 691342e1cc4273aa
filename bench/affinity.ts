// `npm run bench -- --affinity`: what prompt-cache affinity is worth. An agent-like workload (many
// sessions, each a growing conversation on one long system prompt) goes through the real gateway
// to a pool of 10 channels x 5 keys of a fake vendor that keeps a prompt cache per key
// (caching-upstream.ts), with affinity on, with it off, and on a single key (every request
// reaching the one cache: the most hits there are). Chat completions callers name no session
// (the leading-prompt hash decides); Anthropic Messages callers send metadata.user_id, as Claude
// Code does. Prints the cache-hit ratio and what the vendor billed. Measures ratios, not speed.
import { MikroORM } from '@mikro-orm/postgresql';
import { Channel } from '../src/db/entities';
import { ormOptions } from '../src/db/orm-options';
import { loadConfig } from '../src/config';
import { addSealedKeys } from '../src/domain/channels/channel-keys';
import { SecretBox } from '../src/lib/secret-box';
import { startServer } from '../src/server';
import { BENCH_API_KEY, BENCH_SECRET_KEY, prepareBenchDatabase } from './bench-database';
import { CachingUpstream, type UpstreamTotals } from './caching-upstream';

const DATABASE_URL = process.env.AFFINITY_BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/gateway_affinity_bench';
const SESSIONS = Number(process.env.AFFINITY_SESSIONS ?? 100);
const TURNS = Number(process.env.AFFINITY_TURNS ?? 10);
const CONCURRENCY = Number(process.env.AFFINITY_CONCURRENCY ?? 20);
const CHANNELS = 10;
const KEYS_PER_CHANNEL = 5;

type Protocol = 'OPENAI' | 'ANTHROPIC';
const MODEL: Record<Protocol, string> = { OPENAI: 'gpt-4o-mini', ANTHROPIC: 'claude-haiku-4-5' };
type Variant = 'affinity' | 'no affinity' | 'single key';

/** An agent's system prompt: long and the same for every session (about 2,000 tokens). */
const SYSTEM = Array.from({ length: 80 }, (_, i) => `Rule ${i}: read the code before you change it, and keep every change small and tested.`).join('\n');

async function prepare(upstreamUrl: string): Promise<void> {
  await prepareBenchDatabase(DATABASE_URL, `${upstreamUrl}/v1`);
  const orm = await MikroORM.init(ormOptions({ clientUrl: DATABASE_URL, poolMax: 2 }));
  try {
    const em = orm.em.fork();
    await em.getConnection().execute(`update channels set status = 'DISABLED_MANUAL'`);
    const box = new SecretBox(BENCH_SECRET_KEY);
    for (const protocol of ['OPENAI', 'ANTHROPIC'] as const) {
      const add = async (name: string, keys: string[]) => {
        const channel = em.create(Channel, {
          name, protocol, baseUrl: `${upstreamUrl}/v1`, models: [MODEL[protocol]], groups: ['default', 'auto'], status: 'DISABLED_MANUAL',
        });
        await addSealedKeys(em, box, channel, keys);
      };
      for (let c = 0; c < CHANNELS; c++) {
        await add(`pool ${protocol} ${c}`, Array.from({ length: KEYS_PER_CHANNEL }, (_, k) => `sk-${protocol}-${c}-${k}`));
      }
      await add(`single ${protocol}`, [`sk-${protocol}-single`]);
    }
    await em.flush();
  } finally {
    await orm.close(true);
  }
}

async function enable(protocol: Protocol, variant: Variant): Promise<void> {
  const orm = await MikroORM.init(ormOptions({ clientUrl: DATABASE_URL, poolMax: 1 }));
  try {
    const conn = orm.em.getConnection();
    await conn.execute(`update channels set status = 'DISABLED_MANUAL'`);
    const like = variant === 'single key' ? `single ${protocol}` : `pool ${protocol} %`;
    await conn.execute(`update channels set status = 'ENABLED' where name like ?`, [like]);
    // The affinity TTL is a runtime setting the environment only seeds while it has no row: each
    // variant's start seeds its own.
    await conn.execute(`delete from settings where key = 'affinityTtlSeconds'`);
  } finally {
    await orm.close(true);
  }
}

/** One request of a session's turn `turn`, its history so far. */
function requestOf(protocol: Protocol, session: number, history: Array<{ role: 'user' | 'assistant'; content: string }>): { path: string; body: unknown } {
  if (protocol === 'ANTHROPIC') {
    return {
      path: '/v1/messages',
      body: { model: MODEL.ANTHROPIC, max_tokens: 256, system: SYSTEM, metadata: { user_id: `user_bench_session_${session}` }, messages: history },
    };
  }
  return { path: '/v1/chat/completions', body: { model: MODEL.OPENAI, max_tokens: 256, messages: [{ role: 'system', content: SYSTEM }, ...history] } };
}

async function runSession(baseUrl: string, protocol: Protocol, session: number): Promise<void> {
  const history: Array<{ role: 'user' | 'assistant'; content: string }> = [
    { role: 'user', content: `Task ${session}: fix the failing test in module ${session} and explain the cause.` },
  ];
  for (let turn = 0; turn < TURNS; turn++) {
    const { path, body } = requestOf(protocol, session, history);
    const headers: Record<string, string> = { 'content-type': 'application/json', authorization: `Bearer ${BENCH_API_KEY}` };
    const res = await fetch(baseUrl + path, { method: 'POST', headers, body: JSON.stringify(body) });
    const json = (await res.json()) as { choices?: Array<{ message: { content: string } }>; content?: Array<{ text: string }> };
    if (res.status !== 200) throw new Error(`session ${session} turn ${turn}: HTTP ${res.status} ${JSON.stringify(json)}`);
    const reply = json.choices?.[0]?.message.content ?? json.content?.[0]?.text ?? '';
    // A tool result the agent read: new, different text every turn.
    history.push({ role: 'assistant', content: reply }, { role: 'user', content: `Tool output for session ${session}, step ${turn}:\n${'line of test output\n'.repeat(60)}` });
  }
}

async function measure(upstream: CachingUpstream, protocol: Protocol, variant: Variant): Promise<UpstreamTotals> {
  await enable(protocol, variant);
  upstream.reset();
  const config = loadConfig({
    DATABASE_URL, PORT: '0', HOST: '127.0.0.1', SECRET_KEY: BENCH_SECRET_KEY, LOG_LEVEL: 'warn', DEMO_UPSTREAM: 'false', CHANNEL_ALLOW_PRIVATE: 'true',
    MAX_CONCURRENT_PER_KEY: '1024', MAX_CONCURRENT_PER_USER: '1024', AFFINITY_TTL_SECONDS: variant === 'no affinity' ? '0' : '300',
  });
  const server = await startServer(config);
  try {
    let next = 0;
    const worker = async () => {
      while (next < SESSIONS) await runSession(server.url, protocol, next++);
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  } finally {
    await server.close();
  }
  return upstream.totals;
}

export async function runAffinityBench(): Promise<string> {
  const upstream = await CachingUpstream.start();
  try {
    await prepare(upstream.url);
    const lines = [
      `prompt-cache affinity: ${SESSIONS} sessions x ${TURNS} turns, ${CONCURRENCY} at a time, one ~2,000-token system prompt; pool of ${CHANNELS} channels x ${KEYS_PER_CHANNEL} keys; a fake vendor caching prefixes per key for 5 minutes (>= 1,024 tokens)`,
      '',
      '| surface -> channel protocol | routing | requests | cached / prompt tokens | requests with a hit | upstream cost USD | cached tokens vs single key |',
      '|---|---|---|---|---|---|---|',
    ];
    for (const protocol of ['OPENAI', 'ANTHROPIC'] as const) {
      const results = new Map<Variant, UpstreamTotals>();
      for (const variant of ['single key', 'affinity', 'no affinity'] as const) results.set(variant, { ...(await measure(upstream, protocol, variant)) });
      const single = results.get('single key')!;
      const surface = protocol === 'OPENAI' ? 'chat completions (prefix hash)' : 'messages (metadata.user_id)';
      for (const [variant, t] of results) {
        lines.push(
          `| ${surface} -> ${protocol} | ${variant} | ${t.requests} | ${pct(t.cachedTokens, t.promptTokens)} | ${pct(t.hits, t.requests)} | ${t.costUsd.toFixed(4)} | ${pct(t.cachedTokens, single.cachedTokens)} |`,
        );
      }
    }
    return lines.join('\n');
  } finally {
    await upstream.close();
  }
}

function pct(part: number, whole: number): string {
  return whole === 0 ? '-' : `${((part / whole) * 100).toFixed(1)} %`;
}
