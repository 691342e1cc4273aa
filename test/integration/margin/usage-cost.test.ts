import Anthropic from '@anthropic-ai/sdk';
import type { GoogleGenAI as GoogleGenAIClass } from '@google/genai' with { 'resolution-mode': 'import' };
import OpenAI from 'openai';
import { createChannel, eventually, usageCharges } from '../../support/data-plane-fixtures';
import { newCaller, vendorTestbed, waitForUsageLog } from '../../support/vendor-fixtures';

// The charge in the answer's own usage, on the Anthropic, Responses and Gemini surfaces, streamed
// and not, for a caller who sends `x-gateway-usage-cost: include`: the ledger's figure (settled
// before the final event), through each vendor's official SDK, whether the channel speaks the
// caller's protocol (pass-through) or another one (translation).

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { GoogleGenAI } = require('@google/genai') as { GoogleGenAI: typeof GoogleGenAIClass };

const START = 1_000_000n;
const ASK = { 'x-gateway-usage-cost': 'include' };
const MODELS = { ANTHROPIC: 'claude-3-5-haiku-20241022', OPENAI: 'gpt-4o-mini', GEMINI: 'gemini-2.5-flash' } as const;
type Protocol = keyof typeof MODELS;
const USAGE = { prompt_tokens: 1_000, completion_tokens: 100 };
const bed = vendorTestbed();

async function channel(protocol: Protocol): Promise<void> {
  await createChannel(bed.app, { baseUrl: protocol === 'OPENAI' ? bed.main.openAIBaseUrl : bed.main.url, protocol, models: [MODELS[protocol]] });
}

/** The one ledger charge of the caller's request, and its usage row's cost (the same figure). */
async function ledgerCharge(userId: number): Promise<bigint> {
  let charges: Awaited<ReturnType<typeof usageCharges>> = [];
  await eventually(async () => (charges = await usageCharges(bed.app, userId)).length === 1);
  const charged = -charges[0]!.amount;
  expect((await waitForUsageLog(bed.app, charges[0]!.requestId!)).cost).toBe(charged);
  return charged;
}

/** What the answer's usage must carry: the charge in quota units and in the display currency (500,000 units per USD). */
function expectedCost(charged: bigint): Record<string, unknown> {
  return { cost_quota: Number(charged), cost: Number(charged) / 500_000, cost_currency: 'USD' };
}

function upstreamSawNoAsk(): void {
  for (const request of bed.main.requests) expect(request.headers['x-gateway-usage-cost']).toBeUndefined();
}

function anthropic(key: string): Anthropic {
  return new Anthropic({ apiKey: key, baseURL: bed.app.url, maxRetries: 0, timeout: 20_000 });
}

describe.each(['ANTHROPIC', 'OPENAI'] as const)('/v1/messages on %s channels', (protocol) => {
  const model = MODELS[protocol];

  it('a JSON answer carries the charge in `usage`', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await channel(protocol);
    bed.main.next({ content: 'ok', usage: USAGE });
    const message = await anthropic(key).messages.create({ model, max_tokens: 200, messages: [{ role: 'user', content: 'hi' }] }, { headers: ASK });
    expect(message.usage).toMatchObject({ input_tokens: 1_000, output_tokens: 100, ...expectedCost(await ledgerCharge(userId)) });
    upstreamSawNoAsk();
  });

  it('a stream carries it in the `message_delta` usage, before `message_stop`', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await channel(protocol);
    bed.main.next({ chunks: ['o', 'k'], usage: USAGE });
    const stream = await anthropic(key).messages.create({ model, max_tokens: 200, stream: true, messages: [{ role: 'user', content: 'hi' }] }, { headers: ASK });
    const events: Anthropic.RawMessageStreamEvent[] = [];
    for await (const event of stream) events.push(event);
    expect(events.slice(-2).map((e) => e.type)).toEqual(['message_delta', 'message_stop']);
    const deltas = events.filter((e) => e.type === 'message_delta');
    expect(deltas).toHaveLength(1);
    expect(deltas[0]!.usage).toMatchObject({ output_tokens: 100, ...expectedCost(await ledgerCharge(userId)) });
    upstreamSawNoAsk();
  });

  it('without the header the usage is the protocol\'s own', async () => {
    const { key } = await newCaller(bed.app, START);
    await channel(protocol);
    bed.main.next({ chunks: ['o', 'k'], usage: USAGE });
    const stream = await anthropic(key).messages.create({ model, max_tokens: 200, stream: true, messages: [{ role: 'user', content: 'hi' }] });
    let usage: Record<string, unknown> = {};
    for await (const event of stream) if (event.type === 'message_delta') usage = event.usage as unknown as Record<string, unknown>;
    expect(usage.cost_quota).toBeUndefined();
  });
});

describe('/v1/responses', () => {
  const model = MODELS.OPENAI;
  const sdk = (key: string) => new OpenAI({ apiKey: key, baseURL: bed.app.v1Url, maxRetries: 0, timeout: 20_000 });

  it('a JSON answer carries the charge in `usage`', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await channel('OPENAI');
    bed.main.next({ content: 'ok', usage: USAGE });
    const response = await sdk(key).responses.create({ model, input: 'hi', max_output_tokens: 200 }, { headers: ASK });
    expect(response.usage).toMatchObject({ input_tokens: 1_000, output_tokens: 100, ...expectedCost(await ledgerCharge(userId)) });
    upstreamSawNoAsk();
  });

  it('a stream carries it in `response.completed`\'s `response.usage`', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await channel('OPENAI');
    bed.main.next({ chunks: ['o', 'k'], usage: USAGE });
    const stream = await sdk(key).responses.create({ model, input: 'hi', max_output_tokens: 200, stream: true }, { headers: ASK });
    let last: OpenAI.Responses.ResponseStreamEvent | undefined;
    for await (const event of stream) last = event;
    expect(last?.type).toBe('response.completed');
    const usage = last?.type === 'response.completed' ? last.response.usage : undefined;
    expect(usage).toMatchObject({ input_tokens: 1_000, output_tokens: 100, ...expectedCost(await ledgerCharge(userId)) });
    upstreamSawNoAsk();
  });
});

describe.each(['GEMINI', 'OPENAI'] as const)('Gemini generateContent on %s channels', (protocol) => {
  const model = MODELS[protocol];
  const genai = (key: string) => new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: bed.app.url, timeout: 20_000, headers: ASK } });

  it('a JSON answer carries the charge in `usageMetadata`', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await channel(protocol);
    bed.main.next({ content: 'ok', usage: USAGE });
    const response = await genai(key).models.generateContent({ model, contents: 'hi', config: { maxOutputTokens: 200 } });
    expect(response.usageMetadata).toMatchObject({ promptTokenCount: 1_000, candidatesTokenCount: 100, ...expectedCost(await ledgerCharge(userId)) });
    upstreamSawNoAsk();
  });

  it('an SSE stream carries it in the last response\'s `usageMetadata`', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await channel(protocol);
    bed.main.next({ chunks: ['o', 'k'], usage: USAGE });
    const chunks = [];
    for await (const chunk of await genai(key).models.generateContentStream({ model, contents: 'hi', config: { maxOutputTokens: 200 } })) chunks.push(chunk);
    expect(chunks.map((c) => c.text ?? '').join('')).toBe('ok');
    expect(chunks.at(-1)!.usageMetadata).toMatchObject({ promptTokenCount: 1_000, ...expectedCost(await ledgerCharge(userId)) });
    expect(chunks.slice(0, -1).some((c) => (c.usageMetadata as Record<string, unknown> | undefined)?.cost_quota !== undefined)).toBe(false);
    upstreamSawNoAsk();
  });

  it('the JSON-array stream carries it in its last element', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await channel(protocol);
    bed.main.next({ chunks: ['o', 'k'], usage: USAGE });
    const res = await fetch(`${bed.app.url}/v1beta/models/${model}:streamGenerateContent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': key, ...ASK },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }], generationConfig: { maxOutputTokens: 200 } }),
    });
    const array = (await res.json()) as Array<{ usageMetadata?: Record<string, unknown> }>;
    expect(array.at(-1)!.usageMetadata).toMatchObject({ promptTokenCount: 1_000, ...expectedCost(await ledgerCharge(userId)) });
  });
});

describe('embeddings and the legacy completions API', () => {
  function openai(key: string): OpenAI {
    return new OpenAI({ apiKey: key, baseURL: `${bed.app.url}/v1`, maxRetries: 0, timeout: 20_000, defaultHeaders: ASK });
  }

  it('an embeddings answer carries the charge in `usage`', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: ['text-embedding-3-small'] });
    const answer = await openai(key).embeddings.create({ model: 'text-embedding-3-small', input: 'hello there' });
    expect(answer.usage).toMatchObject(expectedCost(await ledgerCharge(userId)));
    upstreamSawNoAsk();
  });

  it('a legacy completions stream ends with a usage event carrying the charge, before [DONE]', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await channel('OPENAI');
    bed.main.next({ content: 'ok', usage: USAGE });
    const stream = await openai(key).completions.create({ model: MODELS.OPENAI, prompt: 'hi', max_tokens: 200, stream: true });
    const usages: unknown[] = [];
    for await (const event of stream) if (event.usage) usages.push(event.usage);
    expect(usages).toEqual([expect.objectContaining({ prompt_tokens: 1_000, completion_tokens: 100, ...expectedCost(await ledgerCharge(userId)) })]);
    upstreamSawNoAsk();
  });
});
