import { deflateSync } from 'node:zlib';
import { createChannel, createToken, createUser, disableAllChannels, freeBalance, rawChat } from '../../support/data-plane-fixtures';
import { encodeOggOpus, encodeSilentWav } from '../../support/audio-fixtures';
import { adminSession } from '../../support/graphql-client';
import { probeRefusal, ProbeUpstream } from '../../support/probe-upstream';
import { startTestApp, type TestApp } from '../../support/test-app';

// Every part of a request is held for (issue 22): same-protocol requests are forwarded raw, so
// parts the internal chat body never sees (OpenAI files, Anthropic documents and server tools,
// Gemini video and cached content) reached the upstream held as nothing. The fake upstream
// reads the caller's reserved balance while it holds the request, then refuses it (400), which
// the gateway hands back and releases.

let app: TestApp;
let upstream: ProbeUpstream;
let userId = 0;
let held: bigint[] = [];
let admin: string;

const MINI = { id: 'gpt-4o-mini', input: 75_000n, output: 300_000n, context: 128_000 };
const HAIKU = { id: 'claude-3-5-haiku-20241022', input: 800_000n /* dearest input rate: its 1-hour cache write */, output: 2_000_000n, context: 200_000 };
const FLASH = { id: 'gemini-2.5-flash', input: 150_000n, output: 1_250_000n, context: 1_048_576 };

const holdOf = (model: { input: bigint; output: bigint }, promptTokens: number, completionTokens: number): bigint =>
  (BigInt(promptTokens) * model.input + BigInt(completionTokens) * model.output + 999_999n) / 1_000_000n;

beforeAll(async () => {
  app = await startTestApp();
  upstream = await ProbeUpstream.start(async () => {
    // The hold is in place before any request goes upstream.
    held.push((await freeBalance(app, userId)).reserved);
    return probeRefusal;
  });
  await disableAllChannels(app);
  await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: [MINI.id] });
  await createChannel(app, { baseUrl: upstream.url, protocol: 'ANTHROPIC', models: [HAIKU.id] });
  await createChannel(app, { baseUrl: upstream.url, protocol: 'GEMINI', models: [FLASH.id] });
  admin = await adminSession(app);
});
afterAll(async () => {
  await app.close();
  await upstream.close();
});

async function caller(): Promise<string> {
  userId = await createUser(app, { freeQuota: 10_000_000n });
  held = [];
  return (await createToken(app, userId)).key;
}

async function updateModel(modelId: string, input: Record<string, unknown>): Promise<void> {
  const res = await fetch(app.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
    body: JSON.stringify({
      query: 'mutation($id: String!, $input: UpdateModelInput!) { updateModel(modelId: $id, input: $input) { __typename ... on Model { refusedInputs serverToolUsePrice } } }',
      variables: { id: modelId, input },
    }),
  });
  const json = (await res.json()) as { data?: { updateModel: { __typename: string } } };
  expect(json.data?.updateModel.__typename).toBe('Model');
}

/** A PNG header of this size (the hold reads only IHDR). */
function png(width: number, height: number): string {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const chunk = (type: string, data: Buffer) => Buffer.concat([Buffer.alloc(4, 0), Buffer.from(type), data, Buffer.alloc(4)]).fill(data.length, 3, 4);
  const header = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const image = Buffer.concat([header, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(16))), chunk('IEND', Buffer.alloc(0))]);
  return image.toString('base64');
}

/** Within a unit of `expected` (the text estimate around the image rounds on its own). */
function expectAbout(actual: bigint, expected: bigint): void {
  expect(actual).toBeGreaterThanOrEqual(expected - 1n);
  expect(actual).toBeLessThanOrEqual(expected + 1n);
}

/** A PDF with `pages` page objects. */
function pdf(pages: number): string {
  const objects = Array.from({ length: pages }, (_, i) => `${i + 3} 0 obj << /Type /Page /Parent 2 0 R >> endobj`).join('\n');
  return Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Count ${pages} >> endobj\n${objects}\n%%EOF`).toString('base64');
}

const chatWith = (part: unknown, extra: Record<string, unknown> = {}) => ({
  model: MINI.id, max_tokens: 10, ...extra, messages: [{ role: 'user', content: [{ type: 'text', text: 'look' }, part] }],
});

describe('chat completions', () => {
  it('an image by data URL is held by OpenAI\'s rule for an OpenAI model; the same text alone holds that much less', async () => {
    const key = await caller();
    expect((await rawChat(app, key, chatWith({ type: 'text', text: '' }))).status).toBe(400);
    expect((await rawChat(app, key, chatWith({ type: 'image_url', image_url: { url: `data:image/png;base64,${png(1024, 1024)}`, detail: 'high' } }))).status).toBe(400);
    // 1024x1024 at high detail: OpenAI 765 tokens (Gemini would count 1,032, Anthropic 1,399).
    expectAbout(held[1]! - held[0]!, holdOf(MINI, 765, 0));
    expect(await freeBalance(app, userId)).toEqual({ quota: 10_000_000n, reserved: 0n });
  });

  it.each([
    ['an image by URL', { type: 'image_url', image_url: { url: 'https://example.com/cat.png' } }],
    ['a file by id', { type: 'file', file: { file_id: 'file-abc' } }],
    ['a PDF file', { type: 'file', file: { filename: 'a.pdf', file_data: `data:application/pdf;base64,${pdf(3)}` } }],
    ['an image whose size cannot be read', { type: 'image_url', image_url: { url: 'data:image/heic;base64,AAAA' } }],
    ['an unknown part type', { type: 'input_video', video: { url: 'https://example.com/v.mp4' } }],
  ])('%s is held at the model\'s context length of input, JSON and stream', async (_name, part) => {
    const key = await caller();
    expect((await rawChat(app, key, chatWith(part))).status).toBe(400);
    expect((await rawChat(app, key, chatWith(part, { stream: true }))).status).toBe(400);
    expect(held).toEqual([holdOf(MINI, MINI.context, 10), holdOf(MINI, MINI.context, 10)]);
  });

  it('the operator switch refuses a kind by name with a 400 naming the part, and nothing reaches the upstream', async () => {
    await updateModel(MINI.id, { refusedInputs: ['URL', 'FILE_ID'] });
    try {
      const key = await caller();
      const res = await rawChat(app, key, chatWith({ type: 'file', file: { file_id: 'file-abc' } }));
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: { param: string; message: string; type: string } };
      expect(body.error).toMatchObject({ param: 'messages[0].content[1]', type: 'invalid_request_error' });
      expect(body.error.message).toMatch(/messages\[0\]\.content\[1\]: a file by id cannot be measured/);
      expect(held).toEqual([]);
      // Other kinds are still held, not refused.
      expect((await rawChat(app, key, chatWith({ type: 'file', file: { filename: 'a.pdf', file_data: `data:application/pdf;base64,${pdf(1)}` } }))).status).toBe(400);
      expect(held).toEqual([holdOf(MINI, MINI.context, 10)]);
    } finally {
      await updateModel(MINI.id, { refusedInputs: [] });
    }
  });
});

const messages = (key: string, body: Record<string, unknown>) =>
  fetch(`${app.v1Url}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key, 'anthropic-version': '2023-06-01' },
    body: JSON.stringify({ model: HAIKU.id, max_tokens: 10, ...body }),
  });
const userBlocks = (...blocks: unknown[]) => ({ messages: [{ role: 'user', content: [{ type: 'text', text: 'read' }, ...blocks] }] });

describe('/v1/messages', () => {
  it.each([
    ['a base64 PDF document', { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: pdf(2) } }],
    ['a document by URL', { type: 'document', source: { type: 'url', url: 'https://example.com/a.pdf' } }],
    ['an image by URL', { type: 'image', source: { type: 'url', url: 'https://example.com/a.png' } }],
  ])('%s is held at the context length, JSON and stream', async (_name, block) => {
    const key = await caller();
    expect((await messages(key, userBlocks(block))).status).toBe(400);
    expect((await messages(key, { ...userBlocks(block), stream: true })).status).toBe(400);
    expect(held).toEqual([holdOf(HAIKU, HAIKU.context, 10), holdOf(HAIKU, HAIKU.context, 10)]);
  });

  it('an image by URL inside a tool result is held at the context length', async () => {
    const key = await caller();
    const body = {
      messages: [
        { role: 'user', content: 'go' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'shot', input: {} }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: [{ type: 'image', source: { type: 'url', url: 'https://example.com/s.png' } }] }] },
      ],
      tools: [{ name: 'shot', input_schema: { type: 'object' } }],
    };
    expect((await messages(key, body)).status).toBe(400);
    expect(held).toEqual([holdOf(HAIKU, HAIKU.context, 10)]);
  });

  it('a server tool holds the context length and max_uses uses at the model\'s per-use price', async () => {
    await updateModel(HAIKU.id, { serverToolUsePrice: '5000' });
    try {
      const key = await caller();
      const res = await messages(key, { messages: [{ role: 'user', content: 'news?' }], tools: [{ type: 'web_search_20250305', name: 'web_search', max_uses: 3 }] });
      expect(res.status).toBe(400);
      expect(held).toEqual([holdOf(HAIKU, HAIKU.context, 10) + 3n * 5000n]);
    } finally {
      await updateModel(HAIKU.id, { serverToolUsePrice: '0' });
    }
  });

  it('switched off, a document is refused in Anthropic\'s shape, naming the block', async () => {
    await updateModel(HAIKU.id, { refusedInputs: ['DOCUMENT'] });
    try {
      const key = await caller();
      const res = await messages(key, userBlocks({ type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: pdf(2) } }));
      expect(res.status).toBe(400);
      const body = (await res.json()) as { type: string; error: { type: string; message: string } };
      expect(body).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
      expect(body.error.message).toMatch(/^messages\[0\]\.content\[1\]: a PDF document cannot be measured/);
      expect(held).toEqual([]);
    } finally {
      await updateModel(HAIKU.id, { refusedInputs: [] });
    }
  });
});

const gemini = (key: string, body: Record<string, unknown>, stream = false) =>
  fetch(`${app.url}/v1beta/models/${FLASH.id}:${stream ? 'streamGenerateContent?alt=sse' : 'generateContent'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-goog-api-key': key },
    body: JSON.stringify({ generationConfig: { maxOutputTokens: 10 }, ...body }),
  });
const geminiParts = (...parts: unknown[]) => ({ contents: [{ role: 'user', parts: [{ text: 'see' }, ...parts] }] });

describe('Gemini generateContent', () => {
  it.each([
    ['video inlineData', geminiParts({ inlineData: { mimeType: 'video/mp4', data: 'AAAA' } })],
    ['a file by URI', geminiParts({ fileData: { mimeType: 'video/mp4', fileUri: 'https://generativelanguage.googleapis.com/v1beta/files/x' } })],
    ['cached content', { ...geminiParts(), cachedContent: 'cachedContents/abc' }],
    ['a Google search tool', { ...geminiParts(), tools: [{ googleSearch: {} }] }],
  ])('%s is held at the context length, JSON and stream', async (_name, body) => {
    const key = await caller();
    expect((await gemini(key, body)).status).toBe(400);
    expect((await gemini(key, body, true)).status).toBe(400);
    expect(held).toEqual([holdOf(FLASH, FLASH.context, 10), holdOf(FLASH, FLASH.context, 10)]);
  });

  it('a PDF is held by its pages (258 tokens each); the same text alone holds that much less', async () => {
    const key = await caller();
    expect((await gemini(key, geminiParts({ text: '' }))).status).toBe(400);
    expect((await gemini(key, geminiParts({ inlineData: { mimeType: 'application/pdf', data: pdf(40) } }))).status).toBe(400);
    const difference = held[1]! - held[0]!;
    expect(difference).toBeGreaterThanOrEqual(holdOf(FLASH, 40 * 258, 0) - 1n);
    expect(difference).toBeLessThanOrEqual(holdOf(FLASH, 40 * 258, 0) + 1n);
  });

  it.each([
    ['WAV', 'audio/wav', encodeSilentWav(30, 8_000)],
    ['Ogg Opus', 'audio/ogg', encodeOggOpus(30)],
  ])('%s audio is held by its duration, 32 tokens a second', async (_name, mimeType, audio) => {
    const key = await caller();
    expect((await gemini(key, geminiParts({ text: '' }))).status).toBe(400);
    expect((await gemini(key, geminiParts({ inlineData: { mimeType, data: audio.toString('base64') } }))).status).toBe(400);
    const difference = held[1]! - held[0]!;
    expect(difference).toBeGreaterThanOrEqual(holdOf(FLASH, 30 * 32, 0) - 1n);
    expect(difference).toBeLessThanOrEqual(holdOf(FLASH, 30 * 32, 0) + 1n);
  });

  it('switched off, cached content is a 400 INVALID_ARGUMENT naming it', async () => {
    await updateModel(FLASH.id, { refusedInputs: ['CACHED_CONTENT'] });
    try {
      const key = await caller();
      const res = await gemini(key, { ...geminiParts(), cachedContent: 'cachedContents/abc' });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: { status: string; message: string } };
      expect(body.error.status).toBe('INVALID_ARGUMENT');
      expect(body.error.message).toMatch(/cachedContent: cached content cannot be measured/);
      expect(held).toEqual([]);
    } finally {
      await updateModel(FLASH.id, { refusedInputs: [] });
    }
  });
});

describe('/v1/responses', () => {
  it('an image by URL is held at the context length (translated for the OpenAI channel)', async () => {
    const key = await caller();
    const res = await fetch(`${app.v1Url}/responses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({
        model: MINI.id, max_output_tokens: 10,
        input: [{ role: 'user', content: [{ type: 'input_text', text: 'look' }, { type: 'input_image', image_url: 'https://example.com/cat.png' }] }],
      }),
    });
    expect(res.status).toBe(400);
    expect(held).toEqual([holdOf(MINI, MINI.context, 10)]);
  });
});

describe('images held by the rule of the vendor that reads them', () => {
  // A 200x200 image: Anthropic counts 200*200/750 = 54 tokens, Gemini 258, OpenAI 765 (scaled up
  // to 768x768, four tiles). The model is known before routing; only a model that channels of
  // different protocols may serve, of a vendor whose rule is unknown, is held at the dearest.
  const DEEPSEEK = { id: 'deepseek-chat', input: 140_000n, output: 210_000n };
  const image = `data:image/png;base64,${png(200, 200)}`;

  it('an Anthropic model holds it at Anthropic\'s rule', async () => {
    const key = await caller();
    expect((await messages(key, userBlocks())).status).toBe(400);
    expect((await messages(key, userBlocks({ type: 'image', source: { type: 'base64', media_type: 'image/png', data: png(200, 200) } }))).status).toBe(400);
    expectAbout(held[1]! - held[0]!, holdOf(HAIKU, 54, 0));
  });

  it('a model of another vendor holds it by its one protocol\'s rule, and at the dearest once channels of another protocol serve it too', async () => {
    const anthropicChannel = await createChannel(app, { baseUrl: upstream.url, protocol: 'ANTHROPIC', models: [DEEPSEEK.id] });
    const openAIChannel = { id: 0 };
    try {
      const key = await caller();
      const ask = (part: unknown) => rawChat(app, key, { ...chatWith(part), model: DEEPSEEK.id });
      expect((await ask({ type: 'text', text: '' })).status).toBe(400);
      expect((await ask({ type: 'image_url', image_url: { url: image, detail: 'high' } })).status).toBe(400);
      expectAbout(held[1]! - held[0]!, holdOf(DEEPSEEK, 54, 0));

      openAIChannel.id = await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: [DEEPSEEK.id] });
      expect((await ask({ type: 'image_url', image_url: { url: image, detail: 'high' } })).status).toBe(400);
      expectAbout(held[2]! - held[0]!, holdOf(DEEPSEEK, 765, 0));
    } finally {
      await app.em().getConnection().execute(`update channels set status = 'DISABLED_MANUAL' where id in (?, ?)`, [anthropicChannel, openAIChannel.id]);
      await app.server.services.changeBus.publish({ topic: 'channel' });
    }
  });
});
