import fc from 'fast-check';
import { FakeUpstream } from '../../src/demo/fake-upstream/fake-upstream';
import { encodeSilentWav } from '../support/audio-fixtures';
import { createChannel, disableAllChannels, eventually, freeBalance, ledgerSum, usageCharges, usageLogs } from '../support/data-plane-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';
import { newCaller } from '../support/vendor-fixtures';
import { audioBytes, FuzzSender, json, multipartCase, multipartInit, RUNS, SEED, type Sent } from './fuzz-kit';

/**
 * The funded half of the bad-input suite (issue 12, "Tests and figures"): a key WITH quota and
 * channels of every protocol (OpenAI, Anthropic, Gemini) on a fake upstream, so inputs that are
 * structurally valid but hostile pass admission and reach the translators and the upstream: odd
 * tool schemas, deep-but-allowed nesting, unicode and lone surrogates, long strings, tool_calls
 * histories that do not match, images with bad data URLs, forged audio. For every answer: no 5xx
 * and, for a 4xx, the surface's documented error shape. Money may change only as correct
 * charges: every 2xx is charged exactly once under its request id, nothing else is charged,
 * nothing stays held, and the balance equals the ledger's sum. Figures per surface at the end.
 */
const CHAT_MODELS = ['gpt-4o-mini', 'claude-3-5-haiku-20241022', 'gemini-2.5-flash'] as const;
const START = 1_000_000_000n;

let app: TestApp;
let upstream: FakeUpstream;
let userId: number;
let key: string;
const sender = new FuzzSender();
const answered = new Map<string, { label: string; status: number }>();

async function send(label: string, shape: 'openai' | 'anthropic' | 'gemini', url: string, init: RequestInit): Promise<Sent> {
  const sent = await sender.send(label, shape, url, init);
  if (sent.requestId) answered.set(sent.requestId, { label, status: sent.status });
  return sent;
}

beforeAll(async () => {
  app = await startTestApp({ BREAKER_FAILURES: '100000' });
  upstream = await FakeUpstream.start();
  await disableAllChannels(app);
  await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: ['gpt-4o-mini', 'text-embedding-3-small', 'whisper-1'] });
  await createChannel(app, { baseUrl: upstream.url, protocol: 'ANTHROPIC', models: ['claude-3-5-haiku-20241022'] });
  await createChannel(app, { baseUrl: upstream.url, protocol: 'GEMINI', models: ['gemini-2.5-flash'] });
  ({ userId, key } = await newCaller(app, START));
});
afterAll(async () => {
  await app.close();
  await upstream.close();
});

// ---- generators: valid structure, hostile content ----------------------------------------------

const text = fc.oneof(
  fc.string({ maxLength: 40, unit: 'grapheme' }),
  fc.string({ maxLength: 40, unit: 'binary' }),
  fc.constantFrom('\ud800', 'a\udfffb', '\u0000', '\u202eevil', '\ufeff', 'ｈｉ', '👩‍👩‍👧‍👦'.repeat(50), '\r\n\r\n', '{"json":"in text"}', 'data: [DONE]\n\n', '</s><|im_end|>'),
  fc.nat({ max: 3 }).map((n) => 'x'.repeat([2_000, 50_000, 200_000, 400_000][n]!)),
);
const name = fc.oneof(fc.constantFrom('f', 'get_weather', 'a'.repeat(64), 'ns__fn', 'dup', 'dup', '名前', 'a-b.c', '__'), fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/));

/** JSON schemas that are legal JSON but odd: deep nesting, $ref cycles, non-object roots, unicode keys. */
const schema: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    { type: 'object', properties: {} },
    { type: 'object', properties: { '': { type: 'string' }, 'a b': { type: 'number' }, '☃': { enum: [1, 'a', null, true] } }, required: ['missing'] },
    { type: 'object', properties: { self: { $ref: '#' } }, $defs: { loop: { $ref: '#/$defs/loop' } } },
    { type: 'string' },
    { type: ['object', 'null'], additionalProperties: { type: 'array', items: { anyOf: [{ type: 'integer' }, { not: {} }] } } },
    { type: 'object', properties: { x: { type: 'object', properties: { y: { type: 'array', items: { type: 'object', properties: { z: { oneOf: [] } } } } } } } },
    {},
  ),
  fc.nat({ max: 60 }).map((depth) => {
    let s: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < depth; i++) s = { type: 'object', properties: { [`k${i}`]: s }, required: [`k${i}`] };
    return s;
  }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 }).map((extra) => ({ type: 'object', ...extra })),
);

const dataUrl = fc.constantFrom(
  'data:image/png;base64,!!!!', 'data:image/png;base64,', 'data:;base64,AAAA', 'data:image/png,raw text', 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
  'data:image/png;base64,iVBORw0KGgo=', 'data:text/html;base64,PGgxPmhpPC9oMT4=', 'data:image/jpeg;base64,' + 'A'.repeat(100_000), 'data:image/png;base64', 'data:',
  'http://127.0.0.1:9/x.png', 'file:///etc/passwd', 'javascript:alert(1)', '',
);

const toolCallId = fc.constantFrom('call_1', 'call_2', 'toolu_x', '', 'a'.repeat(300), '☃');
const args = fc.oneof(fc.constantFrom('{}', '{not json', '', 'null', '[]', '"str"', '{"a":' + '['.repeat(200) + ']'.repeat(200) + '}'), fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)));

const openAiTool = fc.record({ type: fc.constant('function'), function: fc.record({ name, description: fc.option(text, { nil: undefined }), parameters: schema }, { requiredKeys: ['name'] }) });

const chatMessage = fc.oneof(
  fc.record({ role: fc.constantFrom('user', 'system', 'developer'), content: text }),
  fc.record({
    role: fc.constant('user'),
    content: fc.array(fc.oneof(
      fc.record({ type: fc.constant('text'), text }),
      fc.record({ type: fc.constant('image_url'), image_url: fc.record({ url: dataUrl, detail: fc.constantFrom('auto', 'low', 'high') }, { requiredKeys: ['url'] }) }),
      audioBytes.map((b) => ({ type: 'input_audio', input_audio: { data: b.toString('base64'), format: 'wav' } })),
    ), { minLength: 1, maxLength: 3 }),
  }),
  // Tool histories that do not line up: calls without results, results without calls, mismatched ids.
  fc.record({ role: fc.constant('assistant'), content: fc.option(text, { nil: null }), tool_calls: fc.array(fc.record({ id: toolCallId, type: fc.constant('function'), function: fc.record({ name, arguments: args }) }), { minLength: 1, maxLength: 3 }) }),
  fc.record({ role: fc.constant('tool'), tool_call_id: toolCallId, content: text }),
  fc.record({ role: fc.constant('assistant'), content: text }),
);

const chatBody = fc.record({
  model: fc.constantFrom(...CHAT_MODELS),
  messages: fc.array(chatMessage, { minLength: 1, maxLength: 5 }),
  tools: fc.option(fc.array(openAiTool, { minLength: 1, maxLength: 3 }), { nil: undefined }),
  tool_choice: fc.option(fc.oneof(fc.constantFrom('auto', 'none', 'required'), name.map((n) => ({ type: 'function', function: { name: n } }))), { nil: undefined }),
  stream: fc.option(fc.boolean(), { nil: undefined }),
  max_tokens: fc.option(fc.integer({ min: 1, max: 64 }), { nil: undefined }),
  temperature: fc.option(fc.double({ min: 0, max: 2, noNaN: true }), { nil: undefined }),
  response_format: fc.option(fc.oneof(fc.constant({ type: 'json_object' }), schema.map((s) => ({ type: 'json_schema', json_schema: { name: 'r', schema: s } }))), { nil: undefined }),
}, { requiredKeys: ['model', 'messages'] });

const anthropicBlock = fc.oneof(
  fc.record({ type: fc.constant('text'), text }),
  fc.record({ type: fc.constant('image'), source: fc.record({ type: fc.constantFrom('base64', 'url'), media_type: fc.constantFrom('image/png', 'image/gif', 'text/plain', ''), data: fc.constantFrom('!!!', '', 'AAAA'), url: dataUrl }, { requiredKeys: ['type'] }) }),
  fc.record({ type: fc.constant('tool_use'), id: toolCallId, name, input: fc.jsonValue({ maxDepth: 3 }) }),
  fc.record({ type: fc.constant('tool_result'), tool_use_id: toolCallId, content: fc.oneof(text, fc.constant([{ type: 'text', text: 'r' }])), is_error: fc.boolean() }),
  fc.record({ type: fc.constant('thinking'), thinking: text, signature: fc.string({ maxLength: 10 }) }),
);
const messagesBody = fc.record({
  model: fc.constantFrom(...CHAT_MODELS),
  max_tokens: fc.integer({ min: 1, max: 64 }),
  messages: fc.array(fc.record({ role: fc.constantFrom('user', 'assistant'), content: fc.oneof(text, fc.array(anthropicBlock, { minLength: 1, maxLength: 3 })) }), { minLength: 1, maxLength: 4 }),
  system: fc.option(fc.oneof(text, fc.constant([{ type: 'text', text: 'sys', cache_control: { type: 'ephemeral' } }])), { nil: undefined }),
  tools: fc.option(fc.array(fc.record({ name, description: text, input_schema: schema }), { minLength: 1, maxLength: 3 }), { nil: undefined }),
  tool_choice: fc.option(fc.oneof(fc.constantFrom({ type: 'auto' }, { type: 'any' }, { type: 'none' }), name.map((n) => ({ type: 'tool', name: n }))), { nil: undefined }),
  stream: fc.option(fc.boolean(), { nil: undefined }),
  thinking: fc.option(fc.constantFrom({ type: 'enabled', budget_tokens: 1024 }, { type: 'disabled' }), { nil: undefined }),
}, { requiredKeys: ['model', 'max_tokens', 'messages'] });

const responsesItem = fc.oneof(
  fc.record({ role: fc.constantFrom('user', 'system', 'developer', 'assistant'), content: text }),
  fc.record({ role: fc.constant('user'), content: fc.array(fc.oneof(fc.record({ type: fc.constant('input_text'), text }), fc.record({ type: fc.constant('input_image'), image_url: dataUrl })), { minLength: 1, maxLength: 2 }) }),
  fc.record({ type: fc.constant('function_call'), call_id: toolCallId, name, arguments: args, namespace: fc.option(fc.constantFrom('multi_agent_v1', 'ns', ''), { nil: undefined }) }, { requiredKeys: ['type', 'call_id', 'name', 'arguments'] }),
  fc.record({ type: fc.constant('function_call_output'), call_id: toolCallId, output: text }),
);
const responsesTool = fc.oneof(
  fc.record({ type: fc.constant('function'), name, parameters: schema, strict: fc.boolean() }),
  fc.record({ type: fc.constant('namespace'), name, description: text, tools: fc.array(fc.record({ type: fc.constant('function'), name, parameters: schema }), { maxLength: 3 }) }),
  fc.constantFrom({ type: 'web_search' }, { type: 'file_search', vector_store_ids: ['vs'] }, { type: 'code_interpreter', container: { type: 'auto' } }, { type: 'image_generation' }, { type: 'local_shell' }),
);
const responsesBody = fc.record({
  model: fc.constantFrom(...CHAT_MODELS),
  input: fc.oneof(text, fc.array(responsesItem, { minLength: 1, maxLength: 4 })),
  instructions: fc.option(text, { nil: undefined }),
  tools: fc.option(fc.array(responsesTool, { minLength: 1, maxLength: 3 }), { nil: undefined }),
  stream: fc.option(fc.boolean(), { nil: undefined }),
  max_output_tokens: fc.option(fc.integer({ min: 16, max: 64 }), { nil: undefined }),
}, { requiredKeys: ['model', 'input'] });

const geminiPart = fc.oneof(
  fc.record({ text }),
  fc.record({ inlineData: fc.record({ mimeType: fc.constantFrom('image/png', 'audio/wav', 'application/x-evil', ''), data: fc.constantFrom('!!!', '', 'AAAA', 'A'.repeat(50_000)) }) }),
  fc.record({ functionCall: fc.record({ name, args: fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 3 }) }) }),
  fc.record({ functionResponse: fc.record({ name, response: fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 3 }) }) }),
);
const geminiBody = fc.record({
  contents: fc.array(fc.record({ role: fc.constantFrom('user', 'model'), parts: fc.array(geminiPart, { minLength: 1, maxLength: 3 }) }), { minLength: 1, maxLength: 4 }),
  systemInstruction: fc.option(fc.record({ parts: fc.array(fc.record({ text }), { minLength: 1, maxLength: 2 }) }), { nil: undefined }),
  tools: fc.option(fc.constant(0).chain(() => fc.array(fc.record({ name, description: text, parameters: schema }), { minLength: 1, maxLength: 3 }).map((functionDeclarations) => [{ functionDeclarations }])), { nil: undefined }),
  generationConfig: fc.option(fc.record({ maxOutputTokens: fc.integer({ min: 1, max: 64 }), responseMimeType: fc.constantFrom('application/json', 'text/plain'), responseSchema: schema }, { requiredKeys: [] }), { nil: undefined }),
}, { requiredKeys: ['contents'] });

const completionsBody = fc.record({
  model: fc.constantFrom(...CHAT_MODELS),
  prompt: fc.oneof(text, text.map((t) => [t])),
  max_tokens: fc.option(fc.integer({ min: 1, max: 64 }), { nil: undefined }),
  stream: fc.option(fc.boolean(), { nil: undefined }),
  stop: fc.option(fc.array(text, { maxLength: 4 }), { nil: undefined }),
}, { requiredKeys: ['model', 'prompt'] });

const embeddingsBody = fc.record({
  model: fc.constant('text-embedding-3-small'),
  input: fc.oneof(text, fc.array(text, { minLength: 1, maxLength: 8 })),
  dimensions: fc.option(fc.integer({ min: 1, max: 4096 }), { nil: undefined }),
  encoding_format: fc.option(fc.constantFrom('float', 'base64'), { nil: undefined }),
}, { requiredKeys: ['model', 'input'] });

// ---- the run ----------------------------------------------------------------------------------

it('fuzzes funded, valid-but-hostile requests: no 5xx, documented error shapes, and every 2xx charged exactly once', async () => {
  const bearer = { authorization: `Bearer ${key}` };
  const v1 = app.v1Url;
  upstream.setDefault({});

  await fc.assert(fc.asyncProperty(chatBody, async (body) => {
    await send('funded chat', 'openai', `${v1}/chat/completions`, json(body, bearer));
  }), { numRuns: 100 * RUNS, seed: SEED });
  await fc.assert(fc.asyncProperty(messagesBody, async (body) => {
    await send('funded messages', 'anthropic', `${v1}/messages`, json(body, { 'x-api-key': key, 'anthropic-version': '2023-06-01' }));
  }), { numRuns: 70 * RUNS, seed: SEED });
  await fc.assert(fc.asyncProperty(messagesBody, async (body) => {
    await send('funded count_tokens', 'anthropic', `${v1}/messages/count_tokens`, json(body, { 'x-api-key': key, 'anthropic-version': '2023-06-01' }));
  }), { numRuns: 20 * RUNS, seed: SEED });
  await fc.assert(fc.asyncProperty(responsesBody, async (body) => {
    await send('funded responses', 'openai', `${v1}/responses`, json(body, bearer));
  }), { numRuns: 80 * RUNS, seed: SEED });
  await fc.assert(fc.asyncProperty(geminiBody, fc.constantFrom(...CHAT_MODELS), fc.constantFrom('generateContent', 'streamGenerateContent', 'countTokens'), async (body, model, action) => {
    await send(action === 'countTokens' ? 'funded gemini count' : 'funded gemini', 'gemini', `${app.url}/v1beta/models/${model}:${action}${action === 'streamGenerateContent' ? '?alt=sse' : ''}`, json(body, { 'x-goog-api-key': key }));
  }), { numRuns: 60 * RUNS, seed: SEED });
  await fc.assert(fc.asyncProperty(completionsBody, async (body) => {
    await send('funded completions', 'openai', `${v1}/completions`, json(body, bearer));
  }), { numRuns: 40 * RUNS, seed: SEED });
  await fc.assert(fc.asyncProperty(embeddingsBody, async (body) => {
    await send('funded embeddings', 'openai', `${v1}/embeddings`, json(body, bearer));
  }), { numRuns: 30 * RUNS, seed: SEED });
  // Audio: well-formed uploads of forged and junk audio (they reach the header check and the
  // upstream), and the malformed multipart bodies, now with quota behind them.
  const wellFormed = fc.record({ data: audioBytes, filename: fc.constantFrom('a.wav', 'a.mp3', 'noext'), format: fc.constantFrom('json', 'text', 'srt', 'verbose_json', 'vtt'), prompt: text });
  await fc.assert(fc.asyncProperty(wellFormed, fc.constantFrom('transcriptions', 'translations'), async (f, task) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(f.data)]), f.filename);
    form.append('model', 'whisper-1');
    form.append('response_format', f.format);
    form.append('prompt', f.prompt);
    await send(`funded audio/${task}`, 'openai', `${v1}/audio/${task}`, { method: 'POST', headers: bearer, body: form });
  }), { numRuns: 50 * RUNS, seed: SEED });
  await fc.assert(fc.asyncProperty(multipartCase, async (form) => {
    await send('funded audio/multipart', 'openai', `${v1}/audio/transcriptions`, multipartInit(form, bearer));
  }), { numRuns: 40 * RUNS, seed: SEED });
  // A sanity anchor: one plain valid request, so the run always has a charge to check.
  const anchor = await send('funded chat', 'openai', `${v1}/chat/completions`, json({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }, bearer));
  expect(anchor.status).toBe(200);

  // Money: settle is awaited before the answer ends, but give off-path work a moment to finish.
  await eventually(async () => (await freeBalance(app, userId)).reserved === 0n, 10_000).catch(() => undefined);
  const balance = await freeBalance(app, userId);
  const charges = await usageCharges(app, userId);
  const logged = new Map((await usageLogs(app, { userId })).map((row) => [row.requestId, row]));
  const chargesById = new Map<string, bigint[]>();
  for (const c of charges) chargesById.set(c.requestId ?? '(none)', [...(chargesById.get(c.requestId ?? '(none)') ?? []), c.amount]);
  // A 2xx is charged exactly once, for the cost its usage row records; a cost of 0 (count_tokens,
  // audio the upstream heard as 0 s) is by design no ledger row. Nothing else is charged.
  const wrongCharges: string[] = [];
  let freeAnswers = 0;
  for (const [requestId, { label, status }] of answered) {
    const amounts = chargesById.get(requestId) ?? [];
    const cost = logged.get(requestId)?.cost ?? 0n;
    const expected = status >= 200 && status < 300 && cost > 0n ? [-cost] : [];
    if (status >= 200 && status < 300 && cost === 0n) freeAnswers++;
    if (amounts.length !== expected.length || amounts.some((a, i) => a !== expected[i])) {
      wrongCharges.push(`${label} ${requestId}: HTTP ${status}, logged cost ${cost}, charges [${amounts.join(', ')}]`);
    }
  }
  for (const requestId of chargesById.keys()) if (!answered.has(requestId)) wrongCharges.push(`charge for an unknown request ${requestId}`);
  const ledgerBalance = await ledgerSum(app, userId, 'FREE');
  const stateChanges = wrongCharges.length + (balance.reserved === 0n ? 0 : 1) + (balance.quota === ledgerBalance ? 0 : 1);
  const health = await fetch(`${app.url}/healthz`);

  process.stdout.write(sender.report('fuzz figures, funded requests', stateChanges, health.status === 200)
    + `  charges ${charges.length} for ${sender.totals().ok2xx} 2xx answers (${freeAnswers} of them cost 0); balance ${balance.quota} (start ${START}), ledger sum ${ledgerBalance}, held ${balance.reserved}\n`
    + `${wrongCharges.slice(0, 20).join('\n')}\n`);
  expect(sender.failures).toEqual([]);
  expect(wrongCharges).toEqual([]);
  expect(balance).toEqual({ quota: ledgerBalance, reserved: 0n });
  expect(charges.length).toBeGreaterThan(0);
  expect(health.status).toBe(200);
}, 600_000);
