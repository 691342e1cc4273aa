import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import {
  client, createChannel, createToken, createUser, disableAllChannels, rawChat, usageLogs,
} from '../../support/data-plane-fixtures';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let upstream: FakeUpstream;
let key: string;
let userId: number;

beforeAll(async () => {
  app = await startTestApp({ SSE_KEEPALIVE_MS: '50' });
  upstream = await FakeUpstream.start();
  await disableAllChannels(app);
  await createChannel(app, { baseUrl: upstream.openAIBaseUrl, apiKey: 'sk-upstream-abc', modelMapping: { 'gpt-4o-mini': 'gpt-4o-mini-2024-07-18' } });
  userId = await createUser(app, { freeQuota: 10_000_000n });
  ({ key } = await createToken(app, userId));
});
afterAll(async () => {
  await app.close();
  await upstream.close();
});
beforeEach(() => upstream.reset());

function readSse(text: string): string[] {
  return text.split('\n\n').filter(Boolean);
}

describe('POST /v1/chat/completions (JSON)', () => {
  it('answers with the catalogue id, passes unknown fields through and maps the upstream model name', async () => {
    const completion = await client(app, key).chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'hello there' }],
      temperature: 0.2,
      // @ts-expect-error an extension field the gateway must pass through untouched
      vendor_extension: { keep: ['me', 1] },
    });
    expect(completion.object).toBe('chat.completion');
    expect(completion.model).toBe('gpt-4o-mini');
    expect(completion.choices[0]!.message.content).toBe('echo: hello there');
    expect(completion.usage).toMatchObject({ prompt_tokens: 3, completion_tokens: 3 });

    const sent = upstream.requests[0]!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.headers.authorization).toBe('Bearer sk-upstream-abc');
    expect(sent.body).toMatchObject({ model: 'gpt-4o-mini-2024-07-18', temperature: 0.2, vendor_extension: { keep: ['me', 1] } });
    expect((sent.body as Record<string, unknown>).stream_options).toBeUndefined();
  });

  it('puts x-request-id on successes and errors, and logs the request under it', async () => {
    const ok = await rawChat(app, key, { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }] });
    expect(ok.status).toBe(200);
    const id = ok.headers.get('x-request-id');
    expect(id).toMatch(/^req_[0-9a-f]{32}$/);
    await ok.json();
    const bad = await rawChat(app, 'sk-nope', { model: 'gpt-4o-mini', messages: [] });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('x-request-id')).toMatch(/^req_/);
    const rows = await usageLogs(app, { requestId: id! });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: 'SUCCESS', httpStatus: 200, modelId: 'gpt-4o-mini', stream: false, userId });
  });
});

describe('POST /v1/chat/completions (stream)', () => {
  it('streams chunks with the catalogue id and no usage chunk unless asked, always ending with [DONE]', async () => {
    const res = await rawChat(app, key, { model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'one two three' }] });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
    const events = readSse(await res.text());
    expect(events[events.length - 1]).toBe('data: [DONE]');
    const chunks = events.slice(0, -1).filter((e) => e.startsWith('data: ')).map((e) => JSON.parse(e.slice(6)));
    expect(chunks.every((c) => c.model === 'gpt-4o-mini' && c.object === 'chat.completion.chunk')).toBe(true);
    expect(chunks.some((c) => 'usage' in c)).toBe(false);
    expect(chunks.map((c) => c.choices[0]?.delta?.content ?? '').join('')).toBe('echo: one two three');
    // The upstream was asked for usage all the same (billing needs it).
    expect(upstream.requests[0]!.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  it('forwards the usage chunk when the caller asks for it (SDK)', async () => {
    const stream = await client(app, key).chat.completions.create({
      model: 'gpt-4o-mini',
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: 'count me' }],
    });
    let text = '';
    let usage: unknown;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta?.content ?? '';
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe('echo: count me');
    expect(usage).toMatchObject({ prompt_tokens: 2, completion_tokens: 3, total_tokens: 5 });
  });

  it('sends SSE keep-alive comments while the upstream is silent', async () => {
    upstream.next({ chunks: ['a', 'b'], chunkDelayMs: 250 });
    const res = await rawChat(app, key, { model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'slow' }] });
    const text = await res.text();
    expect(text).toContain(': keep-alive\n\n');
    expect(text.endsWith('data: [DONE]\n\n')).toBe(true);
  });

  it('aborts the upstream request when the caller goes away', async () => {
    upstream.next({ chunks: Array.from({ length: 50 }, (_, i) => `w${i} `), chunkDelayMs: 40 });
    const res = await rawChat(app, key, { model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'long' }] });
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
    const deadline = Date.now() + 3000;
    while (!upstream.requests[0]?.aborted && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(upstream.requests[0]!.aborted).toBe(true);
  });
});

describe('CORS on /v1', () => {
  it('answers a preflight without a key', async () => {
    const res = await fetch(`${app.v1Url}/chat/completions`, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toBe('authorization, content-type');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('marks actual responses, errors included', async () => {
    const res = await rawChat(app, undefined, {}, { origin: 'https://app.example' });
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-expose-headers')).toContain('x-request-id');
  });
});
