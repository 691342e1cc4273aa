import type { FunctionDeclaration, GoogleGenAI as GoogleGenAIClass } from '@google/genai' with { 'resolution-mode': 'import' };
import { costOf, UNIT_MULTIPLIER } from '../../../src/domain/billing/pricing';
import { createChannel } from '../../support/data-plane-fixtures';
import { expectChargedOnce, expectNothingCharged, newCaller, seedPrices, vendorTestbed, waitForUsageLog } from '../../support/vendor-fixtures';

// The Gemini API (/v1beta) through the official @google/genai SDK, as Gemini CLI calls it:
// pass-through to Gemini channels, translation to OpenAI and Anthropic channels.

// The package's type declarations are ESM-only while its Node build is also CommonJS: types from the
// ESM side, the class from require (as this CommonJS test file compiles to).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { GoogleGenAI } = require('@google/genai') as { GoogleGenAI: typeof GoogleGenAIClass };

const START = 1_000_000n;
const bed = vendorTestbed();

const MODELS = { GEMINI: 'gemini-2.5-flash', OPENAI: 'gpt-4o-mini', ANTHROPIC: 'claude-3-5-haiku-20241022' } as const;
type Protocol = keyof typeof MODELS;

function genai(key: string): GoogleGenAIClass {
  return new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: bed.app.url, timeout: 20_000 } });
}

async function channel(protocol: Protocol): Promise<void> {
  await createChannel(bed.app, { baseUrl: protocol === 'OPENAI' ? bed.main.openAIBaseUrl : bed.main.url, protocol, models: [MODELS[protocol]] });
}

function priced(model: string, promptTokens: number, completionTokens: number): bigint {
  return costOf(seedPrices(model), { promptTokens, completionTokens, cacheReadTokens: 0, cacheWriteTokens: 0, audioMs: 0 }, UNIT_MULTIPLIER);
}

const WEATHER: FunctionDeclaration = {
  name: 'get_weather',
  description: 'Weather for a city',
  parametersJsonSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

describe.each(['GEMINI', 'OPENAI', 'ANTHROPIC'] as const)('on %s channels', (protocol) => {
  const model = MODELS[protocol];

  // topK as Gemini CLI sends it on every request: a sampling preference, left out in translation.
  it('generateContent answers text with usage metadata, billed at the catalogue price', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await channel(protocol);
    bed.main.next({ content: 'Hello there', usage: { prompt_tokens: 30, completion_tokens: 4 } });
    const response = await genai(key).models.generateContent({ model, contents: 'Say hello', config: { systemInstruction: 'Be brief.', maxOutputTokens: 50, topK: 64 } });
    expect(response.text).toBe('Hello there');
    expect(response.candidates?.[0]?.finishReason).toBe('STOP');
    expect(response.usageMetadata).toMatchObject({ promptTokenCount: 30, candidatesTokenCount: 4 });
    const requestId = response.sdkHttpResponse?.headers?.['x-request-id'] ?? '';
    expect(requestId).not.toBe('');
    await expectChargedOnce(bed.app, userId, { before: START, cost: priced(model, 30, 4), requestId });
    expect(await waitForUsageLog(bed.app, requestId)).toMatchObject({ surface: 'gemini', outcome: 'SUCCESS' });
  });

  it('generateContentStream streams text, then a function call round trip works', async () => {
    const { key } = await newCaller(bed.app, START);
    await channel(protocol);
    const client = genai(key);
    bed.main.next({ chunks: ['Hel', 'lo'], usage: { prompt_tokens: 10, completion_tokens: 2 } });
    let text = '';
    let usage: unknown;
    for await (const chunk of await client.models.generateContentStream({ model, contents: 'Say hello' })) {
      text += chunk.text ?? '';
      if (chunk.usageMetadata) usage = chunk.usageMetadata;
    }
    expect(text).toBe('Hello');
    expect(usage).toMatchObject({ promptTokenCount: 10, candidatesTokenCount: 2 });

    bed.main.next({ toolCalls: [{ name: 'get_weather', arguments: '{"city":"Paris"}' }] });
    const calls: unknown[] = [];
    for await (const chunk of await client.models.generateContentStream({ model, contents: 'Weather in Paris?', config: { tools: [{ functionDeclarations: [WEATHER] }] } })) {
      calls.push(...(chunk.functionCalls ?? []));
    }
    expect(calls).toEqual([expect.objectContaining({ name: 'get_weather', args: { city: 'Paris' } })]);

    bed.main.next({ content: 'Sunny.' });
    const answer = await client.models.generateContent({
      model,
      config: { tools: [{ functionDeclarations: [WEATHER] }] },
      contents: [
        { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
        { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { temperature: 21 } } }] },
      ],
    });
    expect(answer.text).toBe('Sunny.');
    expect(JSON.stringify(bed.main.requests[2]!.body)).toContain('21');
  });
});

describe('Gemini edges', () => {
  it('countTokens and the model list answer without an upstream call or a charge; keys work from ?key=', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    const client = genai(key);
    const counted = await client.models.countTokens({ model: MODELS.GEMINI, contents: 'x'.repeat(400) });
    expect(counted.totalTokens).toBeGreaterThanOrEqual(100);
    const listed = await fetch(`${bed.app.url}/v1beta/models?key=${key}`);
    expect(listed.status).toBe(200);
    const body = (await listed.json()) as { models: Array<{ name: string }> };
    expect(body.models.map((m) => m.name)).toContain(`models/${MODELS.GEMINI}`);
    await expectNothingCharged(bed.app, userId, START);
  });

  it('a JSON-array stream without alt=sse, and errors in Google shape', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await channel('OPENAI');
    bed.main.next({ chunks: ['a', 'b'] });
    const res = await fetch(`${bed.app.url}/v1beta/models/${MODELS.OPENAI}:streamGenerateContent`, {
      method: 'POST', headers: { 'x-goog-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ contents: [{ parts: [{ text: 'hi' }] }] }),
    });
    const array = (await res.json()) as Array<{ candidates: Array<{ content: { parts: Array<{ text?: string }> } }> }>;
    expect(array.map((r) => r.candidates[0]!.content.parts.map((p) => p.text ?? '').join('')).join('')).toBe('ab');

    const bad = await fetch(`${bed.app.url}/v1beta/models/${MODELS.OPENAI}:generateContent`, {
      method: 'POST', headers: { 'x-goog-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ contents: 'nope' }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT', message: expect.stringContaining('contents') } });
    const unauth = await fetch(`${bed.app.url}/v1beta/models/${MODELS.OPENAI}:generateContent`, { method: 'POST', body: '{}' });
    expect(unauth.status).toBe(401);
    expect(await unauth.json()).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED' } });
    const missing = await fetch(`${bed.app.url}/v1beta/models/no-such-model:generateContent?key=${key}`, {
      method: 'POST', body: JSON.stringify({ contents: [{ parts: [{ text: 'hi' }] }] }),
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 404, status: 'NOT_FOUND' } });
    expect(bed.main.requests).toHaveLength(1);
    expect((await waitForUsageLog(bed.app, res.headers.get('x-request-id')!)).surface).toBe('gemini');
    expect(userId).toBeGreaterThan(0);
  });
});
