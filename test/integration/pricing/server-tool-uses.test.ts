import type { UpstreamBehaviour } from '../../../src/demo/fake-upstream/behaviour';
import { costOf, UNIT_MULTIPLIER } from '../../../src/domain/billing/pricing';
import { createChannel, rawChat } from '../../support/data-plane-fixtures';
import { adminSession } from '../../support/graphql-client';
import { expectChargedOnce, newCaller, seedPrices, vendorTestbed, waitForUsageLog } from '../../support/vendor-fixtures';

// Server tools run at the vendor, which bills each use beside the tokens: the settle charges the
// uses the upstream reports (Anthropic's server_tool_use, Gemini's grounding queries, OpenAI's one
// search per request with web_search_options) at the model's serverToolUsePrice, on the same
// usage row and ledger charge, JSON and streamed, and the usage row records the count.

const HAIKU = 'claude-3-5-haiku-20241022';
const FLASH = 'gemini-2.5-flash';
const MINI = 'gpt-4o-mini';
const START = 10_000_000n;
const PRICE = 5_000n;
const bed = vendorTestbed();
let admin: string;

beforeAll(async () => {
  admin = await adminSession(bed.app);
  for (const model of [HAIKU, FLASH, MINI]) await setServerToolPrice(model, PRICE);
});

async function graphql<T>(query: string, variables: Record<string, unknown>, session = admin): Promise<T> {
  const res = await fetch(bed.app.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session}` },
    body: JSON.stringify({ query, variables }),
  });
  const json = (await res.json()) as { data?: T; errors?: unknown };
  if (!json.data) throw new Error(JSON.stringify(json.errors));
  return json.data;
}

async function setServerToolPrice(modelId: string, price: bigint): Promise<void> {
  const data = await graphql<{ updateModel: { __typename: string } }>(
    'mutation($id: String!, $input: UpdateModelInput!) { updateModel(modelId: $id, input: $input) { __typename } }',
    { id: modelId, input: { serverToolUsePrice: price.toString() } },
  );
  expect(data.updateModel.__typename).toBe('Model');
}

const tokensCost = (modelId: string, usage: { prompt_tokens: number; completion_tokens: number }) =>
  costOf(seedPrices(modelId), { promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens, cacheReadTokens: 0, cacheWriteTokens: 0, audioMs: 0 }, UNIT_MULTIPLIER);

function post(path: string, headers: Record<string, string>, body: unknown): Promise<Response> {
  return fetch(`${bed.app.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

async function expectBilled(userId: number, res: Response, expected: { cost: bigint; uses: number }): Promise<void> {
  expect(res.status).toBe(200);
  await res.text();
  const requestId = res.headers.get('x-request-id')!;
  await expectChargedOnce(bed.app, userId, { before: START, cost: expected.cost, requestId });
  // The row's cost is the ledger's charge; the upstream cost (channel factor 1) includes the uses too.
  expect(await waitForUsageLog(bed.app, requestId)).toMatchObject({ outcome: 'SUCCESS', serverToolUses: expected.uses, cost: expected.cost, upstreamCost: expected.cost });
}

const usage = { prompt_tokens: 1_000, completion_tokens: 100 };

function upstream(stream: boolean, searches: number, fetches?: number): UpstreamBehaviour {
  return { ...(stream ? { chunks: ['Found ', 'it.'] } : { content: 'Found it.' }), usage, serverToolUses: { searches, ...(fetches !== undefined ? { fetches } : {}) } };
}

describe('Anthropic web search and fetch through /v1/messages (passed through)', () => {
  const messages = (key: string, stream: boolean, maxUses: number) =>
    post('/v1/messages', { 'x-api-key': key, 'anthropic-version': '2023-06-01' }, {
      model: HAIKU, max_tokens: 200, stream, messages: [{ role: 'user', content: 'What happened today?' }],
      tools: [{ type: 'web_search_20250305', name: 'web_search', max_uses: maxUses }, { type: 'web_fetch_20250910', name: 'web_fetch', max_uses: maxUses }],
    });

  it.each([false, true])('charges every reported search and fetch at the per-use price (stream: %s)', async (stream) => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, { baseUrl: bed.main.url, protocol: 'ANTHROPIC', models: [HAIKU] });
    bed.main.next(upstream(stream, 2, 1));
    await expectBilled(userId, await messages(key, stream, 3), { cost: tokensCost(HAIKU, usage) + 3n * PRICE, uses: 3 });
  });

  it('more uses than held are charged in full, the part above the hold from the unreserved balance', async () => {
    const dear = 2_000_000n; // a use priced above the whole hold of the rest of the request
    await setServerToolPrice(HAIKU, dear);
    try {
      const { userId, key } = await newCaller(bed.app, START);
      await createChannel(bed.app, { baseUrl: bed.main.url, protocol: 'ANTHROPIC', models: [HAIKU] });
      bed.main.next(upstream(false, 3));
      const res = await messages(key, false, 1); // held: 2 uses (search and fetch, one each)
      expect(BigInt(res.headers.get('x-gateway-cost-held')!)).toBeLessThan(3n * dear);
      await expectBilled(userId, res, { cost: tokensCost(HAIKU, usage) + 3n * dear, uses: 3 });
    } finally {
      await setServerToolPrice(HAIKU, PRICE);
    }
  });
});

describe('Gemini grounding with Google Search (passed through)', () => {
  it.each([false, true])('charges one use per search query the answer reports (stream: %s)', async (stream) => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, { baseUrl: bed.main.url, protocol: 'GEMINI', models: [FLASH] });
    bed.main.next(upstream(stream, 3));
    const res = await post(`/v1beta/models/${FLASH}:${stream ? 'streamGenerateContent?alt=sse' : 'generateContent'}`, { 'x-goog-api-key': key }, {
      contents: [{ role: 'user', parts: [{ text: 'What happened today?' }] }], tools: [{ googleSearch: {} }], generationConfig: { maxOutputTokens: 200 },
    });
    await expectBilled(userId, res, { cost: tokensCost(FLASH, usage) + 3n * PRICE, uses: 3 });
  });
});

describe('OpenAI web_search_options through /v1/chat/completions', () => {
  it.each<[string, Record<string, unknown>]>([
    ['JSON', {}],
    ['stream with usage', { stream: true, stream_options: { include_usage: true } }],
    ['stream without usage (spliced)', { stream: true }],
  ])('charges one search per request (%s)', async (_name, extra) => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: [MINI] });
    bed.main.next({ ...(extra.stream ? { chunks: ['Found ', 'it.'] } : { content: 'Found it.' }), usage });
    const res = await rawChat(bed.app, key, { model: MINI, max_tokens: 200, web_search_options: {}, messages: [{ role: 'user', content: 'What happened today?' }], ...extra });
    await expectBilled(userId, res, { cost: tokensCost(MINI, usage) + PRICE, uses: 1 });
  });

  it('without web_search_options nothing but tokens is charged, and the usage log shows 0 uses', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: [MINI] });
    bed.main.next({ content: 'Hi.', usage });
    const res = await rawChat(bed.app, key, { model: MINI, max_tokens: 200, messages: [{ role: 'user', content: 'Hi' }] });
    await expectBilled(userId, res, { cost: tokensCost(MINI, usage), uses: 0 });
  });
});

describe('translated between protocols', () => {
  // A caller's server tools cannot be carried to another protocol (they are refused by name), but
  // whatever uses the serving upstream reports are charged, whichever surface the caller used.
  it.each([false, true])('/v1/chat/completions on an Anthropic channel (stream: %s)', async (stream) => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, { baseUrl: bed.main.url, protocol: 'ANTHROPIC', models: [HAIKU] });
    bed.main.next(upstream(stream, 2));
    const res = await rawChat(bed.app, key, { model: HAIKU, max_tokens: 200, stream, messages: [{ role: 'user', content: 'news?' }] });
    await expectBilled(userId, res, { cost: tokensCost(HAIKU, usage) + 2n * PRICE, uses: 2 });
  });

  it.each([false, true])('/v1/messages on a Gemini channel (stream: %s)', async (stream) => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, { baseUrl: bed.main.url, protocol: 'GEMINI', models: [FLASH] });
    bed.main.next(upstream(stream, 2));
    const res = await post('/v1/messages', { 'x-api-key': key, 'anthropic-version': '2023-06-01' }, {
      model: FLASH, max_tokens: 200, stream, messages: [{ role: 'user', content: 'news?' }],
    });
    await expectBilled(userId, res, { cost: tokensCost(FLASH, usage) + 2n * PRICE, uses: 2 });
  });
});

describe('the usage log', () => {
  it('shows the uses a request was charged for', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, { baseUrl: bed.main.url, protocol: 'ANTHROPIC', models: [HAIKU] });
    bed.main.next(upstream(false, 2));
    const res = await post('/v1/messages', { 'x-api-key': key, 'anthropic-version': '2023-06-01' }, {
      model: HAIKU, max_tokens: 200, messages: [{ role: 'user', content: 'news?' }], tools: [{ type: 'web_search_20250305', name: 'web_search' }],
    });
    expect(res.status).toBe(200);
    const requestId = res.headers.get('x-request-id')!;
    await waitForUsageLog(bed.app, requestId);
    const data = await graphql<{ usage: { edges: Array<{ node: { requestId: string; serverToolUses: number; cost: string } }> } }>(
      'query($filter: UsageFilter) { usage(filter: $filter, first: 5) { edges { node { requestId serverToolUses cost } } } }',
      { filter: { userId: String(userId) } },
    );
    expect(data.usage.edges.map((e) => e.node)).toEqual([{ requestId, serverToolUses: 2, cost: (tokensCost(HAIKU, usage) + 2n * PRICE).toString() }]);
  });
});
