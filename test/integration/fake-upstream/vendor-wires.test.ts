import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import { anthropicErrorBody } from '../../../src/demo/fake-upstream/anthropic-wire';
import { geminiErrorBody } from '../../../src/demo/fake-upstream/gemini-wire';
import { anthropicChatProvider } from '../../../src/gateway/providers/anthropic';
import { geminiChatProvider } from '../../../src/gateway/providers/gemini';
import { openAITranscriptionProvider } from '../../../src/gateway/providers/openai-transcription';
import type { ChatProvider, ChatRequestBody, ResponseContext, StreamOutput, UpstreamHttpRequest, UpstreamTarget } from '../../../src/gateway/providers/types';
import { decodeSse } from '../../../src/gateway/sse/sse-decoder';
import { encodeSilentWav } from '../../support/audio-fixtures';
import { contentOf, reassembleToolCalls } from '../../support/stream-replay';

// The fake upstream's vendor routes over real HTTP, driven by the adapters' own requests:
// what the fake sends is checked byte-level, and what the adapters make of it end to end.

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await FakeUpstream.start();
});
afterAll(() => upstream.close());
beforeEach(() => upstream.reset());

const ctx: ResponseContext = { model: 'catalogue-model', requestId: 'req_http', created: 1_700_000_100 };
const body = (extra: Partial<ChatRequestBody> = {}): ChatRequestBody => ({
  model: 'catalogue-model',
  messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'héllo 你好 👋' }],
  ...extra,
});

function send(request: UpstreamHttpRequest): Promise<Response> {
  // A copy types as Uint8Array<ArrayBuffer>, which fetch's BodyInit wants under TS 5.9.
  const payload = typeof request.body === 'string' ? request.body : new Uint8Array(request.body);
  return fetch(request.url, { method: request.method, headers: request.headers, body: payload });
}

async function streamThrough(provider: ChatProvider, response: Response): Promise<StreamOutput & { errors: unknown[]; cut?: boolean }> {
  const mapper = provider.createStreamMapper(ctx);
  const all: StreamOutput & { errors: unknown[]; cut?: boolean } = { chunks: [], errors: [] };
  const collect = (out: StreamOutput) => {
    all.chunks.push(...out.chunks);
    if (out.usage) all.usage = out.usage;
    if (out.done) all.done = true;
    if (out.error) all.errors.push(out.error);
  };
  try {
    for await (const event of decodeSse(response.body as unknown as AsyncIterable<Uint8Array>)) collect(mapper.push(event));
  } catch {
    all.cut = true; // the connection broke (scripted cutAfterChunks)
  }
  collect(mapper.end());
  return all;
}

describe('fake Anthropic upstream', () => {
  const target = (): UpstreamTarget => ({ baseUrl: upstream.url, apiKey: 'sk-ant-fake', upstreamModel: 'claude-fake', maxOutputTokens: 1024 });

  it('answers POST /v1/messages with a Messages JSON body the adapter maps', async () => {
    upstream.next({ usage: { prompt_tokens: 50, completion_tokens: 4 }, cacheTokens: { read: 30, write: 10 } });
    const response = await send(anthropicChatProvider.buildChatRequest(body(), target(), { stream: false }));
    expect(response.status).toBe(200);
    const json = (await response.json()) as Record<string, unknown>;
    expect(json).toMatchObject({
      type: 'message', role: 'assistant', model: 'claude-fake', stop_reason: 'end_turn', stop_sequence: null,
      content: [{ type: 'text', text: 'echo: héllo 你好 👋' }],
      usage: { input_tokens: 10, cache_read_input_tokens: 30, cache_creation_input_tokens: 10, output_tokens: 4 },
    });
    expect(upstream.requests[0]!.headers['x-api-key']).toBe('sk-ant-fake');
    expect(upstream.requests[0]!.headers['anthropic-version']).toBe('2023-06-01');
    const { completion, usage } = anthropicChatProvider.parseChatResponse(json, ctx);
    expect(completion.choices[0]!.message.content).toBe('echo: héllo 你好 👋');
    expect(usage).toEqual({ promptTokens: 50, completionTokens: 4, cacheReadTokens: 30, cacheWriteTokens: 10 });
  });

  it('streams documented SSE (event lines, ping, input_json_delta) that maps to the same answer and tool calls', async () => {
    const args = '{"city": "Zürich", "units": ["c", "f"], "note": "你好 👋"}';
    upstream.next({ content: 'Let me look.', toolCalls: [{ id: 'toolu_x', name: 'get_weather', arguments: args }], usage: { prompt_tokens: 20, completion_tokens: 9 }, cacheTokens: { read: 5 } });
    const response = await send(anthropicChatProvider.buildChatRequest(body(), target(), { stream: true }));
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const text = await response.text();
    expect(text.startsWith('event: message_start\ndata: {"type":"message_start","message":{')).toBe(true);
    expect(text).toContain('event: ping\ndata: {"type":"ping"}\n\n');
    expect(text).toContain('"delta":{"type":"input_json_delta","partial_json":""}');
    expect(text.endsWith('event: message_stop\ndata: {"type":"message_stop"}\n\n')).toBe(true);

    upstream.next({ content: 'Let me look.', toolCalls: [{ id: 'toolu_x', name: 'get_weather', arguments: args }], usage: { prompt_tokens: 20, completion_tokens: 9 }, cacheTokens: { read: 5 } });
    const out = await streamThrough(anthropicChatProvider, await send(anthropicChatProvider.buildChatRequest(body(), target(), { stream: true })));
    expect(contentOf(out.chunks)).toBe('Let me look.');
    expect(reassembleToolCalls(out.chunks)).toEqual([{ id: 'toolu_x', name: 'get_weather', arguments: args }]);
    expect(out.chunks.at(-2)!.choices[0]!.finish_reason).toBe('tool_calls');
    expect(out.usage).toEqual({ promptTokens: 20, completionTokens: 9, cacheReadTokens: 5, cacheWriteTokens: 0 });
    expect(out.done).toBe(true);
  });

  it('sends an error event mid-stream when scripted', async () => {
    upstream.next({ content: 'one two three', midStreamError: { afterChunks: 2 } });
    const response = await send(anthropicChatProvider.buildChatRequest(body(), target(), { stream: true }));
    const text = await response.text();
    expect(text.endsWith('event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n')).toBe(true);
    upstream.next({ content: 'one two three', midStreamError: { afterChunks: 2 } });
    const out = await streamThrough(anthropicChatProvider, await send(anthropicChatProvider.buildChatRequest(body(), target(), { stream: true })));
    expect(contentOf(out.chunks)).toBe('one two ');
    expect(out.errors).toEqual([expect.objectContaining({ status: 529, retryable: true })]);
    expect(out.done).toBeUndefined();
  });

  it('breaks the connection after a number of chunks when scripted: no finish, usage or done', async () => {
    upstream.next({ content: 'one two three', cutAfterChunks: 2 });
    const out = await streamThrough(anthropicChatProvider, await send(anthropicChatProvider.buildChatRequest(body(), target(), { stream: true })));
    expect(out.cut).toBe(true);
    expect(contentOf(out.chunks)).toBe('one two ');
    expect(out.chunks.some((c) => c.choices[0]?.finish_reason)).toBe(false);
    expect(out.usage).toBeUndefined();
    expect(out.done).toBeUndefined();
  });

  it('answers scripted errors in Anthropic shape, classified by the adapter', async () => {
    upstream.next({ status: 529, errorBody: anthropicErrorBody('overloaded_error', 'Overloaded') });
    const response = await send(anthropicChatProvider.buildChatRequest(body(), target(), { stream: false }));
    expect(response.status).toBe(529);
    expect(anthropicChatProvider.classifyError(response.status, await response.json())).toMatchObject({ retryable: true, keyInvalid: false });
  });

  it('replays raw bytes exactly', async () => {
    const raw = ['event: ping\nda', 'ta: {"type": "ping"}\n\n', new Uint8Array([0xf0, 0x9f]), new Uint8Array([0x91, 0x8b])];
    upstream.next({ rawEvents: raw });
    const response = await send(anthropicChatProvider.buildChatRequest(body(), target(), { stream: true }));
    expect(Buffer.from(await response.arrayBuffer()).toString('utf8')).toBe('event: ping\ndata: {"type": "ping"}\n\n👋');
  });
});

describe('fake Gemini upstream', () => {
  const target = (): UpstreamTarget => ({ baseUrl: upstream.url, apiKey: 'AIza-fake', upstreamModel: 'gemini-fake', maxOutputTokens: 1024 });

  it('answers :generateContent with a GenerateContentResponse the adapter maps', async () => {
    upstream.next({ usage: { prompt_tokens: 30, completion_tokens: 25 }, reasoningTokens: 20, cacheTokens: { read: 12 } });
    const response = await send(geminiChatProvider.buildChatRequest(body(), target(), { stream: false }));
    const json = (await response.json()) as Record<string, unknown>;
    expect(upstream.requests[0]!.path).toBe('/v1beta/models/gemini-fake:generateContent');
    expect(upstream.requests[0]!.headers['x-goog-api-key']).toBe('AIza-fake');
    expect(json).toMatchObject({
      candidates: [{ content: { parts: [{ text: 'echo: héllo 你好 👋' }], role: 'model' }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 30, candidatesTokenCount: 5, thoughtsTokenCount: 20, cachedContentTokenCount: 12, totalTokenCount: 55 },
      modelVersion: 'gemini-fake',
    });
    const { completion, usage } = geminiChatProvider.parseChatResponse(json, ctx);
    expect(completion.choices[0]!.message.content).toBe('echo: héllo 你好 👋');
    expect(usage).toEqual({ promptTokens: 30, completionTokens: 25, cacheReadTokens: 12, cacheWriteTokens: 0, reasoningTokens: 20 });
  });

  it('streams `data:` events framed with CRLF CRLF, which map to the answer, tool calls and final usage', async () => {
    const args = '{"city":"Zürich","days":[1,2]}';
    const behaviour = { content: 'Checking now.', toolCalls: [{ name: 'get_weather', arguments: args }], usage: { prompt_tokens: 8, completion_tokens: 6 } };
    upstream.next(behaviour);
    const response = await send(geminiChatProvider.buildChatRequest(body(), target(), { stream: true }));
    expect(upstream.requests[0]!.path).toBe('/v1beta/models/gemini-fake:streamGenerateContent?alt=sse');
    const text = await response.text();
    const frames = text.split('\r\n\r\n');
    expect(frames.pop()).toBe('');
    expect(frames.every((f) => f.startsWith('data: {') && !f.includes('\n'))).toBe(true);
    expect(JSON.parse(frames.at(-1)!.slice(6))).toMatchObject({
      candidates: [{ content: { parts: [{ functionCall: { name: 'get_weather', args: { city: 'Zürich', days: [1, 2] } } }] }, finishReason: 'STOP' }],
      usageMetadata: { promptTokenCount: 8, candidatesTokenCount: 6 },
    });

    upstream.next(behaviour);
    const out = await streamThrough(geminiChatProvider, await send(geminiChatProvider.buildChatRequest(body(), target(), { stream: true })));
    expect(contentOf(out.chunks)).toBe('Checking now.');
    const [call] = reassembleToolCalls(out.chunks);
    expect(call).toMatchObject({ name: 'get_weather', arguments: args });
    expect(out.chunks.at(-2)!.choices[0]!.finish_reason).toBe('tool_calls');
    expect(out.usage).toEqual({ promptTokens: 8, completionTokens: 6, cacheReadTokens: 0, cacheWriteTokens: 0 });
    expect(out.done).toBe(true);
  });

  it('breaks the connection after a number of events when scripted: no usage or done', async () => {
    upstream.next({ content: 'one two three', cutAfterChunks: 2 });
    const out = await streamThrough(geminiChatProvider, await send(geminiChatProvider.buildChatRequest(body(), target(), { stream: true })));
    expect(out.cut).toBe(true);
    expect(contentOf(out.chunks)).toBe('one two ');
    expect(out.usage).toBeUndefined();
    expect(out.done).toBeUndefined();
  });

  it('streams a JSON array without alt=sse', async () => {
    const request = geminiChatProvider.buildChatRequest(body(), target(), { stream: true });
    const response = await send({ ...request, url: request.url.replace('?alt=sse', '') });
    const list = (await response.json()) as Array<{ candidates: Array<{ content: { parts: Array<{ text: string }> } }> }>;
    expect(list.map((r) => r.candidates[0]!.content.parts[0]!.text).join('')).toBe('echo: héllo 你好 👋');
  });

  it('blocks a prompt, fails mid-stream and answers errors in Google shape when scripted', async () => {
    upstream.next({ blockReason: 'PROHIBITED_CONTENT' });
    const blocked = geminiChatProvider.parseChatResponse(await (await send(geminiChatProvider.buildChatRequest(body(), target(), { stream: false }))).json(), ctx);
    expect(blocked.completion.choices[0]).toMatchObject({ message: { content: '' }, finish_reason: 'content_filter' });

    upstream.next({ content: 'a b c', midStreamError: { afterChunks: 1 } });
    const out = await streamThrough(geminiChatProvider, await send(geminiChatProvider.buildChatRequest(body(), target(), { stream: true })));
    expect(contentOf(out.chunks)).toBe('a ');
    expect(out.errors).toEqual([expect.objectContaining({ status: 503, retryable: true })]);

    upstream.next({ status: 429, errorBody: geminiErrorBody(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded') });
    const response = await send(geminiChatProvider.buildChatRequest(body(), target(), { stream: false }));
    expect(geminiChatProvider.classifyError(response.status, await response.json())).toMatchObject({ status: 429, retryable: true, message: 'Quota exceeded' });
  });
});

describe('fake transcription upstream', () => {
  const target = (): UpstreamTarget => ({ baseUrl: upstream.openAIBaseUrl, apiKey: 'sk-fake', upstreamModel: 'whisper-1', maxOutputTokens: 0 });

  it('transcribes the adapter upload as verbose_json with the duration read from the WAV', async () => {
    upstream.next({ transcript: 'Bonjour tout le monde' });
    const request = openAITranscriptionProvider.buildTranscriptionRequest({ data: new Uint8Array(encodeSilentWav(1.5)), format: 'wav' }, target(), { language: 'fr' });
    const response = await send(request);
    const json = (await response.json()) as Record<string, unknown>;
    expect(json).toMatchObject({ task: 'transcribe', language: 'fr', duration: 1.5, text: 'Bonjour tout le monde' });
    expect(openAITranscriptionProvider.parseTranscriptionResponse(json)).toMatchObject({ text: 'Bonjour tout le monde', durationMs: 1500, segments: [{ start: 0, end: 1.5, text: 'Bonjour tout le monde' }] });
  });

  it('accepts a standard FormData upload and honours response_format json and text', async () => {
    const form = (format: string) => {
      const data = new FormData();
      data.append('file', new Blob([new Uint8Array(encodeSilentWav(2))], { type: 'audio/wav' }), 'clip.wav');
      data.append('model', 'whisper-1');
      data.append('response_format', format);
      return data;
    };
    const json = await fetch(`${upstream.openAIBaseUrl}/audio/transcriptions`, { method: 'POST', body: form('json') });
    expect(await json.json()).toEqual({ text: 'transcript of 64044 bytes of wav audio', usage: { type: 'duration', seconds: 2 } });
    const text = await fetch(`${upstream.openAIBaseUrl}/audio/transcriptions`, { method: 'POST', body: form('text') });
    expect(text.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await text.text()).toBe('transcript of 64044 bytes of wav audio\n');
    expect(upstream.requests.every((r) => r.path === '/v1/audio/transcriptions')).toBe(true);
  });

  it('answers 400 without a file', async () => {
    const data = new FormData();
    data.append('model', 'whisper-1');
    const response = await fetch(`${upstream.openAIBaseUrl}/audio/transcriptions`, { method: 'POST', body: data });
    expect(response.status).toBe(400);
    expect(openAITranscriptionProvider.classifyError(response.status, await response.json())).toMatchObject({ callerFault: true, param: 'file' });
  });
});
