import fc from 'fast-check';
import { signWebhook } from '../../src/payments/webhook-signature';
import { createChannel, createToken, createUser } from '../support/data-plane-fixtures';
import { signUp } from '../support/graphql-client';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The bad-input suite (issue 12, "Tests and figures"): generated malformed and hostile requests
 * across every data-plane surface on main (/v1 chat, messages, count_tokens, responses, models;
 * /v1beta Gemini), /graphql and the payment webhook. For every one: no 5xx, the
 * error in the documented shape of its surface, the server still answering; and over the whole
 * run no balance, ledger row, token, user, channel, subscription or order changes (usage rows
 * are written for refused requests by design: they are the request log, not money). The caller whose key is used has no
 * quota, so even a request that happens to be valid stops at 402 before any upstream or charge.
 * The figures are printed at the end.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 1);

const WEBHOOK_SECRET = 'fuzz-webhook-secret-0123456789';
let app: TestApp;
let key: string;
let session: string;

const figures = { tried: 0, fiveXx: 0, shapeViolations: 0, stateChanges: 0 };
const failures: string[] = [];

type Shape = 'openai' | 'anthropic' | 'gemini' | 'graphql' | 'webhook';

function shapeOk(shape: Shape, status: number, body: unknown): boolean {
  const b = body as Record<string, unknown> | null;
  if (typeof b !== 'object' || b === null) return false;
  if (shape === 'openai') {
    if (status < 400) return true;
    const e = b.error as Record<string, unknown> | undefined;
    return typeof e === 'object' && e !== null && typeof e.message === 'string' && typeof e.type === 'string' && 'param' in e && 'code' in e;
  }
  if (shape === 'anthropic') {
    if (status < 400) return true;
    const e = b.error as Record<string, unknown> | undefined;
    return b.type === 'error' && typeof e === 'object' && e !== null && typeof e.type === 'string' && typeof e.message === 'string';
  }
  if (shape === 'gemini') {
    if (status < 400) return true;
    const e = b.error as Record<string, unknown> | undefined;
    return typeof e === 'object' && e !== null && typeof e.code === 'number' && typeof e.message === 'string' && typeof e.status === 'string';
  }
  if (shape === 'graphql') {
    const errors = b.errors as Array<{ message?: unknown }> | undefined;
    if (errors !== undefined) {
      // A masked "Unexpected error." is a 500 in disguise: it counts as a violation.
      return Array.isArray(errors) && errors.length > 0 && errors.every((e) => typeof e.message === 'string' && e.message !== 'Unexpected error.');
    }
    return 'data' in b;
  }
  return status < 400 ? true : typeof b.error === 'string';
}

async function send(label: string, shape: Shape, url: string, init: RequestInit): Promise<void> {
  figures.tried++;
  let status = 0;
  let body: unknown = null;
  try {
    const res = await fetch(url, init);
    status = res.status;
    const text = await res.text();
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  } catch (err) {
    status = 599;
    body = String(err);
  }
  if (status >= 500) {
    figures.fiveXx++;
    if (failures.length < 20) failures.push(`${label}: HTTP ${status} ${JSON.stringify(body).slice(0, 200)} for ${String(init.body).slice(0, 200)}`);
  } else if (!shapeOk(shape, status, body)) {
    figures.shapeViolations++;
    if (failures.length < 20) failures.push(`${label}: shape (HTTP ${status}) ${JSON.stringify(body).slice(0, 200)} for ${String(init.body).slice(0, 200)}`);
  }
}

async function fingerprint(): Promise<string> {
  const [row] = await app.em().getConnection().execute<Record<string, string>[]>(`
    select (select coalesce(sum(free_quota), 0) || '/' || coalesce(sum(free_reserved), 0) from users) as users,
           (select count(*) || '/' || coalesce(sum(amount), 0) from ledger_entries) as ledger,
           (select count(*) || '/' || coalesce(sum(used_quota), 0) || '/' || coalesce(sum(reserved_quota), 0) || '/' || string_agg(status, ',' order by id) from tokens) as tokens,
           (select count(*) from users) as user_count,
           (select count(*) from channels) as channels,
           (select coalesce(sum(quota_used), 0) || '/' || count(*) from subscriptions) as subscriptions,
           (select count(*) || '/' || string_agg(status, ',' order by id) from orders) as orders`);
  return JSON.stringify(row);
}

// ---- generators -------------------------------------------------------------------------------

const anyJson = fc.jsonValue({ maxDepth: 4 });
const nasty = fc.oneof(
  anyJson,
  fc.constantFrom(null, '', 'x', [], {}, [{}], [1], -1, 0, 1e308, -1e308, 2 ** 63, '9'.repeat(40), true, { $ref: '#' }),
  fc.string({ maxLength: 50 }),
  fc.integer(),
);
const role = fc.constantFrom('user', 'assistant', 'system', 'tool', 'developer', 'function', '', 'x');
const contentPart = fc.oneof(
  fc.record({ type: fc.constant('text'), text: nasty }, { requiredKeys: [] }),
  fc.record({ type: fc.constant('image_url'), image_url: fc.oneof(nasty, fc.record({ url: nasty }, { requiredKeys: [] })) }, { requiredKeys: [] }),
  fc.record({ type: fc.constant('input_audio'), input_audio: fc.record({ data: nasty, format: nasty }, { requiredKeys: [] }) }, { requiredKeys: [] }),
  nasty,
);
const message = fc.oneof(
  fc.record({ role, content: fc.oneof(nasty, fc.array(contentPart, { maxLength: 3 })), tool_calls: nasty, name: nasty }, { requiredKeys: ['role'] }),
  nasty,
);
const chatBody = fc.record({
  model: fc.oneof(fc.constantFrom('gpt-4o-mini', 'claude-3-5-haiku', 'gemini-2.5-flash-lite', 'no-such-model'), nasty),
  messages: fc.oneof(fc.array(message, { maxLength: 4 }), nasty),
  stream: fc.oneof(fc.boolean(), nasty),
  max_tokens: nasty,
  n: fc.oneof(fc.integer({ min: -5, max: 1000 }), nasty),
  best_of: fc.oneof(fc.integer({ min: -2, max: 20 }), nasty),
  tools: fc.oneof(fc.constantFrom('x', [{}], [1], [{ type: 'function' }], [{ type: 'function', function: {} }]), nasty),
  tool_choice: nasty,
  temperature: nasty,
  stream_options: nasty,
  response_format: nasty,
}, { requiredKeys: [] });
const anthropicBody = fc.record({
  model: fc.oneof(fc.constantFrom('claude-3-5-haiku', 'gpt-4o-mini'), nasty),
  max_tokens: nasty,
  messages: fc.oneof(fc.array(fc.record({ role, content: fc.oneof(nasty, fc.array(nasty, { maxLength: 3 })) }, { requiredKeys: [] }), { maxLength: 3 }), nasty),
  system: nasty,
  tools: nasty,
  stream: nasty,
}, { requiredKeys: [] });
const responsesBody = fc.record({
  model: fc.oneof(fc.constant('gpt-4o-mini'), nasty),
  input: fc.oneof(nasty, fc.array(nasty, { maxLength: 3 })),
  instructions: nasty,
  tools: nasty,
  stream: nasty,
  max_output_tokens: nasty,
}, { requiredKeys: [] });

function deepJson(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

const rawBody = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.constantFrom('', '{', '{"model":', 'null', '[]', '"str"', '{"messages":[{"role":"user","content":"hi"}]', deepJson(10_000), `{"model":"gpt-4o-mini","messages":${deepJson(5_000)}}`,
    `{"model":"gpt-4o-mini","messages":[{"role":"user","content":"hi"}],"metadata":${deepJson(20_000)}}`,
    `{"model":"gpt-4o-mini","messages":[{"role":"user","content":"hi"}],"tools":[{"type":"function","function":{"name":"f","parameters":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}}]}`, '\u0000\u0001', '{"a":1}{"b":2}'),
);

// ---- setup -----------------------------------------------------------------------------------

beforeAll(async () => {
  app = await startTestApp({ PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET, CHANNEL_ALLOW_PRIVATE: 'false' });
  // A caller with no quota: nothing it sends can be charged.
  key = (await createToken(app, await createUser(app))).key;
  // A channel that is never reached (unroutable TEST-NET address), so routing finds a candidate.
  await createChannel(app, { baseUrl: 'http://192.0.2.1:9/v1', models: ['gpt-4o-mini', 'claude-3-5-haiku'] });
  session = (await signUp(app, 'fuzzer@fuzz.test')).session;
});
afterAll(() => app.close());

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body),
});

it('survives generated malformed requests with no 5xx, documented error shapes and no state change', async () => {
  const before = await fingerprint();
  const auth = { authorization: `Bearer ${key}` };
  const v1 = app.v1Url;

  // /v1/chat/completions (OpenAI shape), with a valid key, a bad key and none.
  await fc.assert(fc.asyncProperty(chatBody, fc.constantFrom<Record<string, string>>(auth, auth, auth, { authorization: 'Bearer sk-nope' }, {}), async (body, headers) => {
    await send('chat', 'openai', `${v1}/chat/completions`, json(body, headers));
  }), { numRuns: 220 * RUNS, seed: SEED });
  await fc.assert(fc.asyncProperty(rawBody, async (body) => {
    await send('chat-raw', 'openai', `${v1}/chat/completions`, json(body, auth));
  }), { numRuns: 60 * RUNS, seed: SEED });

  // /v1/messages and count_tokens (Anthropic shape).
  await fc.assert(fc.asyncProperty(fc.oneof(anthropicBody, rawBody), async (body) => {
    await send('messages', 'anthropic', `${v1}/messages`, json(body, { 'x-api-key': key, 'anthropic-version': '2023-06-01' }));
  }), { numRuns: 120 * RUNS, seed: SEED });
  await fc.assert(fc.asyncProperty(fc.oneof(anthropicBody, rawBody), async (body) => {
    await send('count_tokens', 'anthropic', `${v1}/messages/count_tokens`, json(body, { 'x-api-key': key, 'anthropic-version': '2023-06-01' }));
  }), { numRuns: 40 * RUNS, seed: SEED });

  // /v1/responses (OpenAI shape).
  await fc.assert(fc.asyncProperty(fc.oneof(responsesBody, rawBody), async (body) => {
    await send('responses', 'openai', `${v1}/responses`, json(body, auth));
  }), { numRuns: 80 * RUNS, seed: SEED });

  // /v1beta (Gemini API shape): generateContent, streamGenerateContent, countTokens.
  const geminiBody = fc.record({
    contents: fc.oneof(nasty, fc.array(fc.record({ role: nasty, parts: fc.oneof(nasty, fc.array(fc.record({ text: nasty, inlineData: nasty, fileData: nasty, functionCall: nasty }, { requiredKeys: [] }), { maxLength: 3 })) }, { requiredKeys: [] }), { maxLength: 3 })),
    systemInstruction: nasty,
    tools: nasty,
    generationConfig: fc.oneof(nasty, fc.record({ candidateCount: fc.oneof(fc.integer({ min: -2, max: 20 }), nasty), maxOutputTokens: nasty, responseSchema: nasty }, { requiredKeys: [] })),
  }, { requiredKeys: [] });
  await fc.assert(fc.asyncProperty(
    fc.oneof(geminiBody, rawBody),
    fc.constantFrom('gemini-2.5-flash-lite:generateContent', 'gemini-2.5-flash-lite:streamGenerateContent', 'gpt-4o-mini:countTokens', 'nope:generateContent', 'x:frobnicate'),
    async (body, action) => {
      await send('gemini', 'gemini', `${app.url}/v1beta/models/${action}`, json(body, { 'x-goog-api-key': key }));
    },
  ), { numRuns: 100 * RUNS, seed: SEED });

  // /v1/models with odd paths and methods.
  await fc.assert(fc.asyncProperty(fc.string({ maxLength: 40 }), fc.constantFrom('GET', 'DELETE', 'PUT'), async (id, method) => {
    await send('models', 'openai', `${v1}/models/${encodeURIComponent(id)}`, { method, headers: auth });
  }), { numRuns: 30 * RUNS, seed: SEED });

  // /graphql: broken documents, wrong variable types, hostile shapes; anonymous and signed in.
  const documents = [
    'query($first: Int, $after: String) { tokens(first: $first, after: $after) { edges { cursor } } }',
    'mutation($input: CreateTokenInput!) { createToken(input: $input) { __typename } }',
    'mutation($email: String!, $password: String!) { login(email: $email, password: $password) { __typename } }',
    'mutation($email: String!, $password: String!) { register(email: $email, password: $password) { __typename } }',
    'query($filter: ModelFilter) { models(filter: $filter) { modelId } }',
    'mutation($code: String!) { redeemCode(code: $code) { __typename } }',
  ];
  const gqlVariables = fc.record({
    first: nasty, after: nasty, filter: nasty, code: fc.string({ maxLength: 30 }).map((s) => `nope-${s}`),
    // Names and emails that can never be valid, so no mutation here can create anything.
    input: fc.record({ name: fc.constantFrom('', '   '), quotaCap: nasty, expiresAt: nasty, allowedIps: nasty, group: nasty }, { requiredKeys: ['name'] }),
    email: fc.string({ maxLength: 30 }).map((s) => s.replace(/@/g, '')), password: fc.string({ maxLength: 20 }),
  }, { requiredKeys: [] });
  const gqlBody = fc.oneof(
    fc.record({ query: fc.constantFrom(...documents), variables: gqlVariables }),
    fc.record({ query: fc.constantFrom(...documents).chain((d) => fc.nat({ max: d.length }).map((cut) => d.slice(0, cut))), variables: gqlVariables }),
    fc.record({ query: nasty, variables: nasty }),
    fc.constantFrom(
      `{ ${'a: __typename '.repeat(200)} }`, `{ ${'__typename '.repeat(1500)} }`, `{ __schema { types { fields { type { fields { type { fields { name } } } } } } } }`,
      `query { ${'me { '.repeat(30)}${'}'.repeat(30)} }`, [{ query: '{ __typename }' }, { query: '{ me { id } }' }],
    ),
    rawBody,
  );
  await fc.assert(fc.asyncProperty(gqlBody, fc.boolean(), async (body, signedIn) => {
    await send('graphql', 'graphql', app.graphqlUrl, json(body, signedIn ? { authorization: `Bearer ${session}` } : {}));
  }), { numRuns: 200 * RUNS, seed: SEED });

  // The payment webhook: bad signatures, stale timestamps, correctly signed garbage.
  const event = fc.oneof(anyJson, fc.record({ id: nasty, type: nasty, orderId: nasty, amount: nasty, currency: nasty }, { requiredKeys: [] }));
  await fc.assert(fc.asyncProperty(event, fc.constantFrom('good', 'bad', 'stale', 'none'), fc.constantFrom('alipay', 'wechat', 'x'), async (payload, signing, sender) => {
    const body = JSON.stringify(payload);
    const ts = signing === 'stale' ? Math.floor(Date.now() / 1000) - 100_000 : Math.floor(Date.now() / 1000);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (signing !== 'none') headers['x-signature'] = signing === 'bad' ? `t=${ts},v1=${'0'.repeat(64)}` : signWebhook(WEBHOOK_SECRET, body, ts);
    await send('webhook', 'webhook', `${app.url}/payments/webhook/${sender}`, { method: 'POST', headers, body });
  }), { numRuns: 60 * RUNS, seed: SEED });

  const after = await fingerprint();
  if (after !== before) figures.stateChanges++;
  const health = await fetch(`${app.url}/healthz`);

  process.stdout.write(
    `\nfuzz figures (seed ${SEED}): inputs tried ${figures.tried}, 5xx ${figures.fiveXx}, shape violations ${figures.shapeViolations}, `
      + `state changes ${figures.stateChanges}, still answering ${health.status === 200}\n${failures.join('\n')}\n`,
  );
  expect(failures).toEqual([]);
  expect(after).toBe(before);
  expect(health.status).toBe(200);
  expect(figures.tried).toBeGreaterThanOrEqual(500);
}, 600_000);
