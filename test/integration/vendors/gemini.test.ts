import type { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import { geminiErrorBody } from '../../../src/demo/fake-upstream/gemini-wire';
import { costOf, UNIT_MULTIPLIER } from '../../../src/domain/billing/pricing';
import { client, createChannel, eventually, rawChat, type ChannelOptions } from '../../support/data-plane-fixtures';
import {
  channelStatus, collect, expectChargedOnce, expectNothingCharged, newCaller, seedPrices, streamedText, vendorTestbed, waitForUsageLog,
} from '../../support/vendor-fixtures';

// Gemini API channels through the real app, called with the official OpenAI SDK: the fake
// upstream answers `:generateContent` and `:streamGenerateContent?alt=sse` as Google does
// (CRLF-framed events, no end-of-stream marker, usage metadata repeated on every event).

const FLASH = 'gemini-2.5-flash';
const PRICES = seedPrices(FLASH);
const CHANNEL_KEY = 'AIzaSy-test-channel-key';
const START = 1_000_000n;

const bed = vendorTestbed();

/** The Gemini adapter takes the bare host and adds `/v1beta`, as Google documents it. */
function geminiChannel(upstream: FakeUpstream, options: Partial<ChannelOptions> = {}): ChannelOptions {
  return { baseUrl: upstream.url, protocol: 'GEMINI', models: [FLASH], apiKey: CHANNEL_KEY, ...options };
}

function cost(promptTokens: number, completionTokens: number, cacheReadTokens = 0): bigint {
  return costOf(PRICES, { promptTokens, completionTokens, cacheReadTokens, cacheWriteTokens: 0, audioMs: 0 }, UNIT_MULTIPLIER);
}

const hello = [{ role: 'user' as const, content: 'Say hi' }];

describe('completions', () => {
  it('maps a JSON completion both ways and bills the mapped usage (thinking as output, cached input)', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, geminiChannel(bed.main, { modelMapping: { [FLASH]: 'gemini-2.5-flash-preview-09-2025' } }));
    bed.main.next({ content: 'Hallo, schöne Welt', usage: { prompt_tokens: 1000, completion_tokens: 300 }, reasoningTokens: 100, cacheTokens: { read: 400 } });

    const { data: completion, response } = await client(bed.app, key)
      .chat.completions.create({ model: FLASH, messages: [{ role: 'system', content: 'Be brief.' }, ...hello], max_tokens: 500, temperature: 0.5 })
      .withResponse();

    expect(completion).toMatchObject({
      object: 'chat.completion',
      model: FLASH,
      choices: [{ index: 0, message: { role: 'assistant', content: 'Hallo, schöne Welt' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 1000, completion_tokens: 300, total_tokens: 1300, prompt_tokens_details: { cached_tokens: 400 } },
    });
    const sent = bed.main.requests[0]!;
    expect(sent.path).toBe('/v1beta/models/gemini-2.5-flash-preview-09-2025:generateContent');
    expect(sent.headers['x-goog-api-key']).toBe(CHANNEL_KEY);
    expect(sent.body).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'Say hi' }] }],
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      generationConfig: { temperature: 0.5, maxOutputTokens: 500 },
    });

    // gemini-2.5-flash reads cached input at a tenth of its input price (the seed's list price):
    // 600 uncached x 0.15 + 400 cached x 0.015 + 300 output x 1.25 = 471 units.
    const expected = cost(1000, 300, 400);
    expect(expected).toBe(471n);
    const requestId = response.headers.get('x-request-id')!;
    await expectChargedOnce(bed.app, userId, { before: START, cost: expected, requestId });
    expect(await waitForUsageLog(bed.app, requestId)).toMatchObject({ outcome: 'SUCCESS', promptTokens: 1000, completionTokens: 300, cachedTokens: 400, cost: expected });
  });

  it('streams over alt=sse and ends with the usage chunk when asked for', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, geminiChannel(bed.main));
    bed.main.next({ chunks: ['Grü', 'ße ', 'aus ', 'Köln'], usage: { prompt_tokens: 80, completion_tokens: 4 } });

    const { data: stream, response } = await client(bed.app, key)
      .chat.completions.create({ model: FLASH, messages: hello, stream: true, stream_options: { include_usage: true } })
      .withResponse();
    const chunks = await collect(stream);

    expect(bed.main.requests[0]!.path).toBe('/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse');
    expect(streamedText(chunks)).toBe('Grüße aus Köln');
    expect(chunks[0]!.choices[0]!.delta.role).toBe('assistant');
    expect(chunks.filter((c) => c.choices[0]?.finish_reason).map((c) => c.choices[0]!.finish_reason)).toEqual(['stop']);
    expect(chunks.every((c) => c.model === FLASH)).toBe(true);
    expect(chunks[chunks.length - 1]).toMatchObject({ choices: [], usage: { prompt_tokens: 80, completion_tokens: 4, total_tokens: 84 } });
    await expectChargedOnce(bed.app, userId, { before: START, cost: cost(80, 4), requestId: response.headers.get('x-request-id')! });
  });

  it('leaves the usage chunk out when not asked for, and still bills what Gemini counted', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, geminiChannel(bed.main));
    bed.main.next({ chunks: ['one ', 'two'], usage: { prompt_tokens: 2000, completion_tokens: 2000 } });
    const { data: stream, response } = await client(bed.app, key).chat.completions.create({ model: FLASH, messages: hello, stream: true }).withResponse();
    const chunks = await collect(stream);
    expect(streamedText(chunks)).toBe('one two');
    expect(chunks.some((c) => c.choices.length === 0 || c.usage)).toBe(false);
    await expectChargedOnce(bed.app, userId, { before: START, cost: cost(2000, 2000), requestId: response.headers.get('x-request-id')! });
  });

  it('maps a safety block to finish_reason content_filter', async () => {
    const { key } = await newCaller(bed.app, START);
    await createChannel(bed.app, geminiChannel(bed.main));
    bed.main.next({ content: 'partial', finishReason: 'SAFETY' });
    const completion = await client(bed.app, key).chat.completions.create({ model: FLASH, messages: hello });
    expect(completion.choices[0]!.finish_reason).toBe('content_filter');
  });
});

describe('tool calls', () => {
  const tools = [
    { type: 'function' as const, function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } }, required: ['city'], additionalProperties: false } } },
    { type: 'function' as const, function: { name: 'search', parameters: { type: 'object', properties: { query: { type: 'string' } } } } },
  ];

  it('reassembles streamed function calls in the SDK into exactly the arguments the upstream sent', async () => {
    const { key } = await newCaller(bed.app, START);
    await createChannel(bed.app, geminiChannel(bed.main));
    // Gemini sends a call's args as a JSON object; compact JSON text is what an OpenAI client reads back.
    const weather = '{"city":"Zürich","days":3}';
    const search = '{"query":"Wetter \\"heute\\""}';
    bed.main.next({ toolCalls: [{ name: 'get_weather', arguments: weather }, { name: 'search', arguments: search }] });

    const final = await client(bed.app, key).chat.completions.stream({ model: FLASH, messages: hello, tools, tool_choice: 'required' }).finalChatCompletion();

    expect(final.choices[0]!.finish_reason).toBe('tool_calls');
    const calls = final.choices[0]!.message.tool_calls!;
    expect(calls.map((c) => (c.type === 'function' ? [c.function.name, c.function.arguments] : null))).toEqual([['get_weather', weather], ['search', search]]);
    expect(calls.every((c) => /^call_[0-9a-f]{24}$/.test(c.id))).toBe(true);
    expect(new Set(calls.map((c) => c.id)).size).toBe(2);
    const sent = bed.main.requests[0]!.body as { tools: unknown; toolConfig: unknown };
    expect(sent.tools).toEqual([{
      functionDeclarations: [
        { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } }, required: ['city'] } },
        { name: 'search', parameters: { type: 'object', properties: { query: { type: 'string' } } } },
      ],
    }]);
    expect(sent.toolConfig).toEqual({ functionCallingConfig: { mode: 'ANY' } });
  });
});

describe('upstream errors', () => {
  it('fails over from an overloaded (503 UNAVAILABLE) channel and charges once', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, geminiChannel(bed.other, { priority: 10 }));
    await createChannel(bed.app, geminiChannel(bed.main, { priority: 0 }));
    bed.other.next({ status: 503, errorBody: geminiErrorBody(503, 'UNAVAILABLE', 'The model is overloaded. Please try again later.') });
    bed.main.next({ usage: { prompt_tokens: 10, completion_tokens: 10 } });

    const { data, response } = await client(bed.app, key).chat.completions.create({ model: FLASH, messages: hello }).withResponse();
    expect(data.choices[0]!.message.content).toBe('echo: Say hi');
    const requestId = response.headers.get('x-request-id')!;
    expect((await waitForUsageLog(bed.app, requestId)).attempts.map((a) => a.status)).toEqual([503, 200]);
    await expectChargedOnce(bed.app, userId, { before: START, cost: cost(10, 10), requestId });
  });

  it('fails over a stream on a 500, and on an error event before the first token', async () => {
    const { key } = await newCaller(bed.app, START);
    await createChannel(bed.app, geminiChannel(bed.other, { priority: 10 }));
    await createChannel(bed.app, geminiChannel(bed.main, { priority: 0 }));
    const sdk = client(bed.app, key);
    const text = async () => streamedText(await collect(await sdk.chat.completions.create({ model: FLASH, messages: hello, stream: true })));
    bed.other.next({ status: 500, errorBody: geminiErrorBody(500, 'INTERNAL', 'An internal error has occurred.') });
    expect(await text()).toBe('echo: Say hi');
    bed.other.next({ midStreamError: { afterChunks: 0 } });
    expect(await text()).toBe('echo: Say hi');
    expect(bed.other.requests).toHaveLength(2);
    expect(bed.main.requests).toHaveLength(2);
  });

  it('returns INVALID_ARGUMENT as a 400 with the upstream message, without failing over or charging', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, geminiChannel(bed.other, { priority: 10 }));
    await createChannel(bed.app, geminiChannel(bed.main, { priority: 0 }));
    bed.other.next({ status: 400, errorBody: geminiErrorBody(400, 'INVALID_ARGUMENT', 'Invalid value at \'generation_config.temperature\'') });

    const res = await rawChat(bed.app, key, { model: FLASH, messages: hello });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { message: 'Invalid value at \'generation_config.temperature\'', type: 'invalid_request_error' } });
    expect(bed.main.requests).toHaveLength(0);
    await expectNothingCharged(bed.app, userId, START);
  });

  it('disables a channel whose API key Google refuses (400 API_KEY_INVALID) and serves from the next one', async () => {
    const { key } = await newCaller(bed.app, START);
    const refused = await createChannel(bed.app, geminiChannel(bed.other, { priority: 10 }));
    await createChannel(bed.app, geminiChannel(bed.main, { priority: 0 }));
    bed.other.setDefault({
      status: 400,
      errorBody: {
        error: {
          code: 400,
          message: 'API key not valid. Please pass a valid API key.',
          status: 'INVALID_ARGUMENT',
          details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com' }],
        },
      },
    });

    const completion = await client(bed.app, key).chat.completions.create({ model: FLASH, messages: hello });
    expect(completion.choices[0]!.message.content).toBe('echo: Say hi');
    await eventually(async () => (await channelStatus(bed.app, refused)) === 'DISABLED_AUTO');
    await client(bed.app, key).chat.completions.create({ model: FLASH, messages: hello });
    expect(bed.other.requests).toHaveLength(1);
  });
});
