import Anthropic from '@anthropic-ai/sdk';
import { APIError } from '@anthropic-ai/sdk';
import type { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import { costOf, UNIT_MULTIPLIER } from '../../../src/domain/billing/pricing';
import { createChannel, createToken, createUser, type ChannelOptions } from '../../support/data-plane-fixtures';
import { expectChargedOnce, expectNothingCharged, newCaller, seedPrices, vendorTestbed, waitForUsageLog } from '../../support/vendor-fixtures';

// POST /v1/messages through the official Anthropic SDK, as Claude Code calls it: pass-through to
// Anthropic channels, translation to OpenAI and Gemini channels, Anthropic's errors and streams.

const HAIKU = 'claude-3-5-haiku-20241022';
const MINI = 'gpt-4o-mini';
const FLASH = 'gemini-2.5-flash';
const START = 1_000_000n;

const bed = vendorTestbed();

function anthropic(key: string): Anthropic {
  return new Anthropic({ apiKey: key, baseURL: bed.app.url, maxRetries: 0, timeout: 20_000 });
}

function channelFor(protocol: 'ANTHROPIC' | 'OPENAI' | 'GEMINI', upstream: FakeUpstream, options: Partial<ChannelOptions> = {}): ChannelOptions {
  const model = protocol === 'ANTHROPIC' ? HAIKU : protocol === 'OPENAI' ? MINI : FLASH;
  return { baseUrl: protocol === 'OPENAI' ? upstream.openAIBaseUrl : upstream.url, protocol, models: [model], ...options };
}

function priced(model: string, promptTokens: number, completionTokens: number, cacheReadTokens = 0, cacheWriteTokens = 0): bigint {
  return costOf(seedPrices(model), { promptTokens, completionTokens, cacheReadTokens, cacheWriteTokens, audioMs: 0 }, UNIT_MULTIPLIER);
}

const WEATHER_TOOL = { name: 'get_weather', description: 'Weather for a city', input_schema: { type: 'object' as const, properties: { city: { type: 'string' } }, required: ['city'] } };

describe('pass-through to Anthropic channels', () => {
  it('sends the request byte for byte apart from model, forwards anthropic-beta, and returns the answer as sent', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, channelFor('ANTHROPIC', bed.main, { modelMapping: { [HAIKU]: 'claude-haiku-upstream' } }));
    bed.main.next({ content: 'Hi there', usage: { prompt_tokens: 900, completion_tokens: 20 }, cacheTokens: { read: 300, write: 100 } });

    const body = {
      model: HAIKU,
      max_tokens: 256,
      system: [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }],
      messages: [{ role: 'user', content: 'Say hi' }],
      some_future_field: { nested: [1, 2, 3] },
      metadata: { user_id: 'u-1' },
    };
    const res = await fetch(`${bed.app.v1Url}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key, 'anthropic-version': '2023-06-01', 'anthropic-beta': 'prompt-caching-2024-07-31' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    const message = (await res.json()) as Record<string, unknown>;
    expect(message).toMatchObject({ type: 'message', model: HAIKU, content: [{ type: 'text', text: 'Hi there' }], stop_reason: 'end_turn' });
    expect(message.usage).toMatchObject({ input_tokens: 500, cache_read_input_tokens: 300, cache_creation_input_tokens: 100, output_tokens: 20, service_tier: 'standard' });

    const sent = bed.main.requests[0]!;
    expect(sent.rawBody.toString('utf8')).toBe(JSON.stringify({ ...body, model: 'claude-haiku-upstream' }));
    expect(sent.headers['anthropic-beta']).toBe('prompt-caching-2024-07-31');
    expect(sent.headers['anthropic-version']).toBe('2023-06-01');
    expect(sent.headers['x-api-key']).toBe('upstream-secret-key');

    const requestId = res.headers.get('x-request-id')!;
    await expectChargedOnce(bed.app, userId, { before: START, cost: priced(HAIKU, 900, 20, 300, 100), requestId });
    expect(await waitForUsageLog(bed.app, requestId)).toMatchObject({ surface: 'messages', outcome: 'SUCCESS', promptTokens: 900, completionTokens: 20, cachedTokens: 300 });
  });

  it('streams the upstream events through (thinking with its signature, tool use) and bills the reported usage', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, channelFor('ANTHROPIC', bed.main));
    const ev = (type: string, data: object) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
    bed.main.next({
      rawEvents: [
        ev('message_start', { message: { id: 'msg_up', type: 'message', role: 'assistant', model: 'claude-up', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 50, output_tokens: 1 } } }),
        ev('content_block_start', { index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } }),
        ev('content_block_delta', { index: 0, delta: { type: 'thinking_delta', thinking: 'Let me think.' } }),
        ev('content_block_delta', { index: 0, delta: { type: 'signature_delta', signature: 'sig-abc' } }),
        ev('content_block_stop', { index: 0 }),
        ev('content_block_start', { index: 1, content_block: { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: {} } }),
        ev('content_block_delta', { index: 1, delta: { type: 'input_json_delta', partial_json: '{"city":' } }),
        ev('content_block_delta', { index: 1, delta: { type: 'input_json_delta', partial_json: '"Paris"}' } }),
        ev('content_block_stop', { index: 1 }),
        ev('message_delta', { delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 30 } }),
        ev('message_stop', {}),
      ],
    });

    const stream = anthropic(key).messages.stream({
      model: HAIKU, max_tokens: 1024, thinking: { type: 'enabled', budget_tokens: 1024 }, tools: [WEATHER_TOOL], messages: [{ role: 'user', content: 'Weather in Paris?' }],
    });
    const final = await stream.finalMessage();
    expect(final.model).toBe(HAIKU);
    expect(final.content).toEqual([
      { type: 'thinking', thinking: 'Let me think.', signature: 'sig-abc' },
      { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
    ]);
    expect(final.stop_reason).toBe('tool_use');
    expect(final.usage.output_tokens).toBe(30);
    const requestId = (await stream.withResponse()).response.headers.get('x-request-id')!;
    await expectChargedOnce(bed.app, userId, { before: START, cost: priced(HAIKU, 50, 30), requestId });
  });
});

describe.each(['OPENAI', 'GEMINI'] as const)('translation to %s channels', (protocol) => {
  const model = protocol === 'OPENAI' ? MINI : FLASH;

  it('answers JSON with text and the upstream usage, billed at the catalogue price', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, channelFor(protocol, bed.main));
    bed.main.next({ content: 'Bonjour', usage: { prompt_tokens: 120, completion_tokens: 7 } });

    const { data, response } = await anthropic(key)
      .messages.create({ model, max_tokens: 100, system: 'Be brief.', messages: [{ role: 'user', content: 'Say hi' }] })
      .withResponse();
    expect(data).toMatchObject({ type: 'message', role: 'assistant', model, content: [{ type: 'text', text: 'Bonjour' }], stop_reason: 'end_turn' });
    expect(data.usage).toMatchObject({ input_tokens: 120, output_tokens: 7 });
    const requestId = response.headers.get('x-request-id')!;
    await expectChargedOnce(bed.app, userId, { before: START, cost: priced(model, 120, 7), requestId });
    expect(await waitForUsageLog(bed.app, requestId)).toMatchObject({ surface: 'messages', outcome: 'SUCCESS' });
  });

  it('completes a tool-use round trip, streamed, with ids kept and the result sent back', async () => {
    const { key } = await newCaller(bed.app, START);
    await createChannel(bed.app, channelFor(protocol, bed.main));
    bed.main.next({ toolCalls: [{ id: 'call_42', name: 'get_weather', arguments: '{"city":"Paris"}' }], usage: { prompt_tokens: 60, completion_tokens: 12 } });

    const client = anthropic(key);
    const first = await client.messages.stream({ model, max_tokens: 200, tools: [WEATHER_TOOL], messages: [{ role: 'user', content: 'Weather in Paris?' }] }).finalMessage();
    expect(first.stop_reason).toBe('tool_use');
    const toolUse = first.content.find((b) => b.type === 'tool_use');
    expect(toolUse).toMatchObject({ type: 'tool_use', name: 'get_weather', input: { city: 'Paris' } });
    if (protocol === 'OPENAI') expect(toolUse).toMatchObject({ id: 'call_42' });
    expect(first.usage).toMatchObject({ input_tokens: 60, output_tokens: 12 });

    bed.main.next({ content: 'Sunny, 21°C.' });
    const second = await client.messages.create({
      model, max_tokens: 200, tools: [WEATHER_TOOL],
      messages: [
        { role: 'user', content: 'Weather in Paris?' },
        { role: 'assistant', content: first.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: (toolUse as { id: string }).id, content: '21°C, sunny' }] },
      ],
    });
    expect(second.content).toEqual([{ type: 'text', text: 'Sunny, 21°C.' }]);
    const sent = JSON.stringify(bed.main.requests[1]!.body);
    expect(sent).toContain('21°C, sunny');
    expect(sent).toContain('get_weather');
  });

  it('refuses by name what the channel protocol cannot carry, charging nothing', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, channelFor(protocol, bed.main));
    const err = await anthropic(key)
      .messages.create({
        model, max_tokens: 100,
        messages: [{ role: 'user', content: [{ type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'doc' } }, { type: 'text', text: 'Summarise' }] }],
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Anthropic.BadRequestError);
    expect((err as APIError).error).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
    expect((err as Error).message).toContain('messages[0].content[0]: `document` blocks');
    expect(bed.main.requests).toHaveLength(0);
    await expectNothingCharged(bed.app, userId, START);
  });
});

describe('errors in Anthropic shape', () => {
  it('maps every refusal to the status and error type Anthropic clients branch on', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, channelFor('OPENAI', bed.main));
    const ask = (k: string, model = MINI, extra: object = {}) =>
      anthropic(k).messages.create({ model, max_tokens: 50, messages: [{ role: 'user', content: 'hi' }], ...extra }).then(
        () => { throw new Error('expected a refusal'); },
        (e: unknown) => e as APIError,
      );

    const unauthenticated = await ask('sk-not-a-real-key');
    expect(unauthenticated).toBeInstanceOf(Anthropic.AuthenticationError);
    expect(unauthenticated.error).toMatchObject({ type: 'error', error: { type: 'authentication_error' } });

    const unknownModel = await ask(key, 'no-such-model');
    expect(unknownModel).toBeInstanceOf(Anthropic.NotFoundError);
    expect(unknownModel.error).toMatchObject({ error: { type: 'not_found_error' } });

    const { key: restricted } = await createToken(bed.app, userId, { allowedModels: [HAIKU] });
    const forbidden = await ask(restricted);
    expect(forbidden).toBeInstanceOf(Anthropic.PermissionDeniedError);
    expect(forbidden.error).toMatchObject({ error: { type: 'permission_error' } });

    const noChannel = await ask(key, FLASH);
    expect(noChannel.status).toBe(529);
    expect(noChannel).toBeInstanceOf(Anthropic.OverloadedError);
    expect(noChannel.error).toMatchObject({ error: { type: 'overloaded_error' } });

    const badInput = await ask(key, MINI, { max_tokens: 'many' });
    expect(badInput).toBeInstanceOf(Anthropic.BadRequestError);
    expect(badInput.error).toMatchObject({ error: { type: 'invalid_request_error', message: expect.stringContaining('max_tokens') } });

    const poor = await createUser(bed.app, { freeQuota: 1n });
    const { key: poorKey } = await createToken(bed.app, poor);
    const unpaid = await ask(poorKey);
    expect(unpaid.status).toBe(402);
    expect(unpaid.error).toMatchObject({ error: { type: 'billing_error' } });

    await expectNothingCharged(bed.app, userId, START);
    expect(bed.main.requests).toHaveLength(0);
  });

  it('answers 429 rate_limit_error when the key is over its limit', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await bed.app.em().getConnection().execute('update tokens set rate_limit_rpm = 1 where user_id = ?', [userId]);
    await bed.app.server.services.changeBus.publish({ topic: 'token' });
    await createChannel(bed.app, channelFor('OPENAI', bed.main));
    const client = anthropic(key);
    await client.messages.create({ model: MINI, max_tokens: 10, messages: [{ role: 'user', content: 'one' }] });
    const err = (await client.messages.create({ model: MINI, max_tokens: 10, messages: [{ role: 'user', content: 'two' }] }).catch((e: unknown) => e)) as APIError;
    expect(err).toBeInstanceOf(Anthropic.RateLimitError);
    expect(err.error).toMatchObject({ error: { type: 'rate_limit_error' } });
  });
});

describe('models and token counts', () => {
  it('lists models in Anthropic shape and counts tokens without an upstream call or a charge', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    const client = anthropic(key);
    const page = await client.models.list();
    const ids = page.data.map((m) => m.id);
    expect(ids).toContain(HAIKU);
    expect(page.data[0]).toMatchObject({ type: 'model', display_name: expect.any(String), created_at: expect.any(String) });

    const counted = await client.messages.countTokens({ model: HAIKU, messages: [{ role: 'user', content: 'x'.repeat(400) }] });
    expect(counted.input_tokens).toBeGreaterThanOrEqual(100);
    await expectNothingCharged(bed.app, userId, START);
  });
});

describe('unknown paths', () => {
  it.each([
    ['HEAD', '/'],
    ['GET', '/nothing-here'],
    ['POST', '/v1/nothing'],
    ['GET', '/v1beta/nothing'],
  ])('%s %s answers a JSON 404, not an HTML page', async (method, path) => {
    const res = await fetch(`${bed.app.url}${path}`, { method });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    if (method !== 'HEAD') expect(await res.json()).toMatchObject({ error: { message: expect.stringContaining('Unknown request URL') } });
  });
});
