import { DisableChannelKeyDocument, ChannelDocument, UpdateSettingsDocument } from '../../generated/graphql';
import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import { client, createChannel, createToken, createUser, disableAllChannels } from '../../support/data-plane-fixtures';
import { adminSession, expectTypename, gqlData } from '../../support/graphql-client';
import { deleteKeys, itWithRedis, TEST_REDIS_URL, uniqueRedisPrefix } from '../../support/redis';
import { startTestApp, type TestApp } from '../../support/test-app';

// Requests of one session go to the same channel and key (where the vendor's prompt cache holds
// their prefix), across gateway instances through Redis and within one instance without it; a
// failover or a disabled key moves the session once, and it stays where it moved.

const apps: TestApp[] = [];
const upstreams: FakeUpstream[] = [];
const prefix = uniqueRedisPrefix('affinity');

afterAll(async () => {
  for (const app of apps.reverse()) await app.close();
  for (const upstream of upstreams) await upstream.close();
  await deleteKeys(prefix);
});

async function start(env: Record<string, string>, database?: TestApp['database']): Promise<TestApp> {
  const app = await startTestApp({ BREAKER_FAILURES: '1000', AFFINITY_TTL_SECONDS: '300', ...env }, { database });
  apps.push(app);
  return app;
}

async function fakeUpstream(): Promise<FakeUpstream> {
  const upstream = await FakeUpstream.start();
  upstreams.push(upstream);
  return upstream;
}

/** Two channels on two fake vendors, three keys each; returns where each request went. */
async function pool(app: TestApp, model: string) {
  const a = await fakeUpstream();
  const b = await fakeUpstream();
  // `sk-<model>-a-0001`: which channel from `-a-`/`-b-`, which key from its last four.
  const keysA = ['0001', '0002', '0003'].map((n) => `sk-${model}-a-${n}`);
  const keysB = ['0001', '0002', '0003'].map((n) => `sk-${model}-b-${n}`);
  const channelA = await createChannel(app, { baseUrl: a.openAIBaseUrl, models: [model], apiKeys: keysA });
  const channelB = await createChannel(app, { baseUrl: b.openAIBaseUrl, models: [model], apiKeys: keysB });
  const sent = () => [
    ...a.requests.map((r) => String(r.headers.authorization).replace('Bearer ', '')),
    ...b.requests.map((r) => String(r.headers.authorization).replace('Bearer ', '')),
  ];
  const reset = () => {
    a.reset();
    b.reset();
  };
  return { a, b, channelA, channelB, sent, reset };
}

async function caller(app: TestApp): Promise<string> {
  const userId = await createUser(app, { freeQuota: 1_000_000_000n });
  return (await createToken(app, userId)).key;
}

const turn = (model: string, session: Record<string, unknown>, text = 'hello') => ({
  model,
  messages: [{ role: 'system' as const, content: 'You are a careful coding agent.' }, { role: 'user' as const, content: text }],
  ...session,
});

describe('without Redis', () => {
  let app: TestApp;
  let key: string;
  beforeAll(async () => {
    app = await start({});
    await disableAllChannels(app);
    key = await caller(app);
  });

  it('keeps each session on one channel and one key, while different sessions spread over the pool', async () => {
    const p = await pool(app, 'gpt-4o-mini');
    const openai = client(app, key);
    for (let session = 0; session < 8; session++) {
      p.reset();
      for (let i = 0; i < 4; i++) await openai.chat.completions.create(turn('gpt-4o-mini', { prompt_cache_key: `conv-${session}` }, `turn ${i}`));
      expect(new Set(p.sent()).size).toBe(1);
    }
    // Without a session name, the leading prompt is the session: a growing conversation stays put.
    p.reset();
    const history: Array<{ role: 'system' | 'user' | 'assistant'; content: string }> = [{ role: 'system', content: 'Prefix-only agent.' }, { role: 'user', content: 'first' }];
    for (let i = 0; i < 4; i++) {
      const answer = await openai.chat.completions.create({ model: 'gpt-4o-mini', messages: history });
      history.push({ role: 'assistant', content: answer.choices[0]!.message.content ?? '' }, { role: 'user', content: `next ${i}` });
    }
    expect(new Set(p.sent()).size).toBe(1);

    // Many sessions use more than one key (8 sessions on one key of 6 would be 6^-7 likely).
    p.reset();
    for (let session = 0; session < 8; session++) await openai.chat.completions.create(turn('gpt-4o-mini', { user: `end-user-${session}` }));
    expect(new Set(p.sent()).size).toBeGreaterThan(1);
  });

  it('a failover moves the session once, and it stays on the channel that served', async () => {
    const p = await pool(app, 'qwen-plus');
    const openai = client(app, key);
    const ask = () => openai.chat.completions.create(turn('qwen-plus', { prompt_cache_key: 'moving-session' }));
    await ask();
    const [first] = p.sent();
    const failing = first!.includes('-a-') ? p.a : p.b;
    const healthy = failing === p.a ? p.b : p.a;
    p.reset();
    failing.next({ status: 500, errorBody: { error: { message: 'overloaded', type: 'server_error' } } });
    await ask();
    expect(failing.requests).toHaveLength(1);
    expect(healthy.requests).toHaveLength(1);
    const moved = String(healthy.requests[0]!.headers.authorization).replace('Bearer ', '');
    // The failing channel answers again, but the session stays where its cache now is.
    p.reset();
    for (let i = 0; i < 3; i++) await ask();
    expect(failing.requests).toHaveLength(0);
    expect(p.sent()).toEqual([moved, moved, moved]);
  });

  it('a disabled key moves the session to another key of the same channel', async () => {
    const p = await pool(app, 'deepseek-chat');
    const admin = await adminSession(app);
    const openai = client(app, key);
    const ask = () => openai.chat.completions.create(turn('deepseek-chat', { prompt_cache_key: 'key-session' }));
    await ask();
    const [used] = p.sent();
    const channelId = used!.includes('-a-') ? p.channelA : p.channelB;
    const channel = expectTypename((await gqlData(app, ChannelDocument, { id: String(channelId) }, admin)).channel, 'Channel');
    const keyRow = channel.keys.find((k) => used!.endsWith(k.last4))!;
    expect(keyRow).toBeDefined();
    await gqlData(app, DisableChannelKeyDocument, { id: keyRow.id, reason: 'rotating' }, admin);
    p.reset();
    for (let i = 0; i < 3; i++) await ask();
    const after = p.sent();
    expect(after).not.toContain(used);
    expect(new Set(after).size).toBe(1);
    expect(after[0]!.slice(0, -4)).toBe(used!.slice(0, -4));
  });
});

describe('the affinityTtlSeconds setting', () => {
  it('turns affinity on and off for the next request, without a restart', async () => {
    const app = await start({ AFFINITY_TTL_SECONDS: '0' });
    await disableAllChannels(app);
    const p = await pool(app, 'gpt-4o-mini');
    const openai = client(app, await caller(app));
    const admin = await adminSession(app);
    const keysUsed = async () => {
      p.reset();
      for (let i = 0; i < 4; i++) await openai.chat.completions.create(turn('gpt-4o-mini', { prompt_cache_key: 'toggled' }, `turn ${i}`));
      return new Set(p.sent()).size;
    };
    const setTtl = async (affinityTtlSeconds: number) => {
      const saved = expectTypename((await gqlData(app, UpdateSettingsDocument, { input: { affinityTtlSeconds } }, admin)).updateSettings, 'Settings');
      expect(saved.affinityTtlSeconds).toBe(affinityTtlSeconds);
    };
    // Off (the environment's seed): each channel's keys take turns, so one session meets several.
    expect(await keysUsed()).toBeGreaterThan(1);
    await setTtl(300);
    expect(await keysUsed()).toBe(1);
    await setTtl(0);
    expect(await keysUsed()).toBeGreaterThan(1);
    const refused = (await gqlData(app, UpdateSettingsDocument, { input: { affinityTtlSeconds: 86_401 } }, admin)).updateSettings;
    expect(refused).toMatchObject({ __typename: 'InputValidationError', field: 'affinityTtlSeconds' });
  });
});

describe('with Redis', () => {
  itWithRedis('two gateway instances send one session to the same channel and key', async () => {
    const env = { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix };
    const first = await start(env);
    await disableAllChannels(first);
    const p = await pool(first, 'gpt-4o-mini');
    const second = await start(env, first.database);
    const key = await caller(first);
    for (let session = 0; session < 4; session++) {
      p.reset();
      for (const app of [first, second, first, second, second]) {
        await client(app, key).chat.completions.create(turn('gpt-4o-mini', { prompt_cache_key: `shared-${session}` }));
      }
      expect(p.sent()).toHaveLength(5);
      expect(new Set(p.sent()).size).toBe(1);
    }
  }, 30_000);
});
