import type { APIError } from 'openai';
import { anthropicErrorBody } from '../../../src/demo/fake-upstream/anthropic-wire';
import type { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import { costOf, UNIT_MULTIPLIER } from '../../../src/domain/billing/pricing';
import { client, createChannel, eventually, rawChat, type ChannelOptions } from '../../support/data-plane-fixtures';
import {
  channelStatus, collect, expectChargedOnce, expectNothingCharged, newCaller, seedPrices, streamedText, vendorTestbed, waitForUsageLog,
} from '../../support/vendor-fixtures';

// Anthropic Messages channels through the real app, called with the official OpenAI SDK: the
// fake upstream speaks Anthropic's documented wire format (JSON and `event:` SSE with pings).

const HAIKU = 'claude-3-5-haiku-20241022';
const PRICES = seedPrices(HAIKU);
const CHANNEL_KEY = 'sk-ant-api03-test-channel-key';
const START = 1_000_000n;

const bed = vendorTestbed();

/** The Anthropic adapter takes the bare host, as Anthropic's docs write it. */
function anthropicChannel(upstream: FakeUpstream, options: Partial<ChannelOptions> = {}): ChannelOptions {
  return { baseUrl: upstream.url, protocol: 'ANTHROPIC', models: [HAIKU], apiKey: CHANNEL_KEY, ...options };
}

function cost(promptTokens: number, completionTokens: number, cacheReadTokens = 0, cacheWriteTokens = 0): bigint {
  return costOf(PRICES, { promptTokens, completionTokens, cacheReadTokens, cacheWriteTokens, audioMs: 0 }, UNIT_MULTIPLIER);
}

const hello = [{ role: 'user' as const, content: 'Say hi' }];

describe('completions', () => {
  it('maps a JSON completion both ways and bills the mapped usage, cache reads and writes at their own prices', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, anthropicChannel(bed.main, { modelMapping: { [HAIKU]: 'claude-3-5-haiku-latest' } }));
    bed.main.next({ content: 'Bonjour, ça va?', usage: { prompt_tokens: 1200, completion_tokens: 300 }, cacheTokens: { read: 500, write: 200 } });

    const { data: completion, response } = await client(bed.app, key)
      .chat.completions.create({ model: HAIKU, messages: [{ role: 'system', content: 'Be brief.' }, ...hello], temperature: 0.3, stop: ['\n\n'] })
      .withResponse();

    expect(completion).toMatchObject({
      object: 'chat.completion',
      model: HAIKU,
      choices: [{ index: 0, message: { role: 'assistant', content: 'Bonjour, ça va?' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 1200, completion_tokens: 300, total_tokens: 1500, prompt_tokens_details: { cached_tokens: 500 } },
    });
    const sent = bed.main.requests[0]!;
    expect(sent.path).toBe('/v1/messages');
    expect(sent.headers['x-api-key']).toBe(CHANNEL_KEY);
    expect(sent.headers['anthropic-version']).toBe('2023-06-01');
    expect(sent.body).toEqual({
      model: 'claude-3-5-haiku-latest',
      system: 'Be brief.',
      max_tokens: 8192, // required upstream: the catalogue's output cap when the caller gives none
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Say hi' }] }],
      temperature: 0.3,
      stop_sequences: ['\n\n'],
    });

    // 500 uncached x 0.4 + 500 cache reads x 0.04 + 200 cache writes x 0.5 + 300 out x 2.0 (per 1M, in units)
    const expected = cost(1200, 300, 500, 200);
    expect(expected).toBe(920n);
    const requestId = response.headers.get('x-request-id')!;
    await expectChargedOnce(bed.app, userId, { before: START, cost: expected, requestId });
    expect(await waitForUsageLog(bed.app, requestId)).toMatchObject({ outcome: 'SUCCESS', promptTokens: 1200, completionTokens: 300, cachedTokens: 500, cost: expected });
  });

  it('streams a completion as chat.completion.chunks, with the usage chunk last when asked for', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, anthropicChannel(bed.main));
    bed.main.next({ chunks: ['Hel', 'lo, ', 'wörld'], usage: { prompt_tokens: 40, completion_tokens: 3 }, cacheTokens: { read: 10, write: 20 } });

    const { data: stream, response } = await client(bed.app, key)
      .chat.completions.create({ model: HAIKU, messages: hello, stream: true, stream_options: { include_usage: true } })
      .withResponse();
    const chunks = await collect(stream);

    expect(streamedText(chunks)).toBe('Hello, wörld');
    expect(chunks[0]!.choices[0]!.delta.role).toBe('assistant');
    expect(chunks.filter((c) => c.choices[0]?.finish_reason).map((c) => c.choices[0]!.finish_reason)).toEqual(['stop']);
    expect(new Set(chunks.map((c) => c.id)).size).toBe(1);
    expect(chunks.every((c) => c.model === HAIKU && c.object === 'chat.completion.chunk')).toBe(true);
    expect(chunks[chunks.length - 1]).toMatchObject({ choices: [], usage: { prompt_tokens: 40, completion_tokens: 3, total_tokens: 43, prompt_tokens_details: { cached_tokens: 10 } } });
    expect(bed.main.requests[0]!.body).toMatchObject({ stream: true });
    expect(bed.main.requests[0]!.headers.accept).toBe('text/event-stream');

    const expected = cost(40, 3, 10, 20);
    expect(expected).toBe(21n);
    await expectChargedOnce(bed.app, userId, { before: START, cost: expected, requestId: response.headers.get('x-request-id')! });
  });

  it('leaves the usage chunk out when not asked for, and still bills what Anthropic counted', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, anthropicChannel(bed.main));
    bed.main.next({ chunks: ['a', 'b'], usage: { prompt_tokens: 1000, completion_tokens: 1000 } });
    const { data: stream, response } = await client(bed.app, key).chat.completions.create({ model: HAIKU, messages: hello, stream: true }).withResponse();
    const chunks = await collect(stream);
    expect(chunks.some((c) => c.choices.length === 0 || c.usage)).toBe(false);
    await expectChargedOnce(bed.app, userId, { before: START, cost: cost(1000, 1000), requestId: response.headers.get('x-request-id')! });
  });
});

describe('tool calls', () => {
  const tools = [
    { type: 'function' as const, function: { name: 'get_weather', description: 'Weather in a city', parameters: { type: 'object', properties: { city: { type: 'string' }, unit: { type: 'string' } }, required: ['city'] } } },
    { type: 'function' as const, function: { name: 'search', parameters: { type: 'object', properties: { query: { type: 'string' } } } } },
  ];

  it('reassembles streamed tool calls in the SDK into exactly the arguments the upstream sent', async () => {
    const { key } = await newCaller(bed.app, START);
    await createChannel(bed.app, anthropicChannel(bed.main));
    const weather = '{"city": "Zürich", "unit": "celsius"}';
    const search = '{"query":"weather \\"today\\" in Zürich"}';
    bed.main.next({
      toolCalls: [
        { id: 'toolu_01A09q90qw90lq917835lq9', name: 'get_weather', arguments: weather, argumentChunks: ['{"city": "Z', 'ü', 'rich", "unit', '": "celsius"}'] },
        { id: 'toolu_01B', name: 'search', arguments: search },
      ],
      usage: { prompt_tokens: 300, completion_tokens: 40 },
    });

    const runner = client(bed.app, key).chat.completions.stream({ model: HAIKU, messages: hello, tools, tool_choice: 'auto' });
    const final = await runner.finalChatCompletion();

    expect(final.choices[0]!.finish_reason).toBe('tool_calls');
    expect(final.choices[0]!.message.tool_calls).toEqual([
      { id: 'toolu_01A09q90qw90lq917835lq9', type: 'function', function: { name: 'get_weather', arguments: weather } },
      { id: 'toolu_01B', type: 'function', function: { name: 'search', arguments: search } },
    ]);
    expect((bed.main.requests[0]!.body as { tools: unknown }).tools).toEqual([
      { name: 'get_weather', description: 'Weather in a city', input_schema: tools[0]!.function.parameters },
      { name: 'search', input_schema: tools[1]!.function.parameters },
    ]);
    expect((bed.main.requests[0]!.body as { tool_choice: unknown }).tool_choice).toEqual({ type: 'auto' });
  });

  it('sends earlier tool calls and their results as tool_use and tool_result blocks', async () => {
    const { key } = await newCaller(bed.app, START);
    await createChannel(bed.app, anthropicChannel(bed.main));
    bed.main.next({ content: 'It is 21 degrees.' });
    const completion = await client(bed.app, key).chat.completions.create({
      model: HAIKU,
      tools,
      messages: [
        { role: 'user', content: 'Weather in Paris?' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'toolu_9', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
        { role: 'tool', tool_call_id: 'toolu_9', content: '21C' },
      ],
    });
    expect(completion.choices[0]!.message.content).toBe('It is 21 degrees.');
    expect((bed.main.requests[0]!.body as { messages: unknown }).messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_9', name: 'get_weather', input: { city: 'Paris' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_9', content: '21C' }] },
    ]);
  });
});

describe('upstream errors', () => {
  it('fails over from an overloaded (529) channel to the next one and charges once', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, anthropicChannel(bed.other, { priority: 10 }));
    await createChannel(bed.app, anthropicChannel(bed.main, { priority: 0 }));
    bed.other.next({ status: 529, errorBody: anthropicErrorBody('overloaded_error', 'Overloaded') });
    bed.main.next({ usage: { prompt_tokens: 10, completion_tokens: 10 } });

    const { data, response } = await client(bed.app, key).chat.completions.create({ model: HAIKU, messages: hello }).withResponse();
    expect(data.choices[0]!.message.content).toBe('echo: Say hi');
    expect(bed.other.requests).toHaveLength(1);
    expect(bed.main.requests).toHaveLength(1);
    const requestId = response.headers.get('x-request-id')!;
    expect((await waitForUsageLog(bed.app, requestId)).attempts.map((a) => a.status)).toEqual([529, 200]);
    await expectChargedOnce(bed.app, userId, { before: START, cost: cost(10, 10), requestId });
  });

  it('fails over a stream on a 5xx, and on an overloaded error event before the first token', async () => {
    const { key } = await newCaller(bed.app, START);
    await createChannel(bed.app, anthropicChannel(bed.other, { priority: 10 }));
    await createChannel(bed.app, anthropicChannel(bed.main, { priority: 0 }));
    const sdk = client(bed.app, key);
    const text = async () => streamedText(await collect(await sdk.chat.completions.create({ model: HAIKU, messages: hello, stream: true })));

    bed.other.next({ status: 500, errorBody: anthropicErrorBody('api_error', 'Internal server error') });
    expect(await text()).toBe('echo: Say hi');
    // Anthropic reports overload as an `error` event right after message_start: nothing reached the caller yet.
    bed.other.next({ midStreamError: { afterChunks: 0, type: 'overloaded_error', message: 'Overloaded' } });
    expect(await text()).toBe('echo: Say hi');
    expect(bed.other.requests).toHaveLength(2);
    expect(bed.main.requests).toHaveLength(2);
  });

  it('returns an invalid request as a 400 with the upstream message, without failing over or charging', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, anthropicChannel(bed.other, { priority: 10 }));
    await createChannel(bed.app, anthropicChannel(bed.main, { priority: 0 }));
    bed.other.next({ status: 400, errorBody: anthropicErrorBody('invalid_request_error', 'messages.0.content: text content blocks must be non-empty') });

    const res = await rawChat(bed.app, key, { model: HAIKU, messages: hello });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { message: 'messages.0.content: text content blocks must be non-empty', type: 'invalid_request_error', param: null, code: 'invalid_request_error' },
    });
    expect(bed.main.requests).toHaveLength(0);
    await expectNothingCharged(bed.app, userId, START);
    expect(await waitForUsageLog(bed.app, res.headers.get('x-request-id')!)).toMatchObject({ outcome: 'REJECTED', httpStatus: 400, cost: 0n });
  });

  it('disables a channel whose key Anthropic refuses and serves from the next one', async () => {
    const { key } = await newCaller(bed.app, START);
    const refused = await createChannel(bed.app, anthropicChannel(bed.other, { priority: 10 }));
    await createChannel(bed.app, anthropicChannel(bed.main, { priority: 0 }));
    bed.other.setDefault({ status: 401, errorBody: anthropicErrorBody('authentication_error', 'invalid x-api-key') });

    const completion = await client(bed.app, key).chat.completions.create({ model: HAIKU, messages: hello });
    expect(completion.choices[0]!.message.content).toBe('echo: Say hi');
    await eventually(async () => (await channelStatus(bed.app, refused)) === 'DISABLED_AUTO');
    await client(bed.app, key).chat.completions.create({ model: HAIKU, messages: hello });
    expect(bed.other.requests).toHaveLength(1);
    expect(bed.main.requests).toHaveLength(2);
  });

  it('answers 400 for content Anthropic cannot carry, before calling it, and releases the hold', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await createChannel(bed.app, anthropicChannel(bed.main));
    const res = await rawChat(bed.app, key, {
      model: HAIKU,
      messages: [{ role: 'system', content: [{ type: 'image_url', image_url: { url: 'https://example.com/a.png' } }] }, ...hello],
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { type: 'invalid_request_error', param: 'messages[0].content[0]' } });
    expect(bed.main.requests).toHaveLength(0);
    await expectNothingCharged(bed.app, userId, START);
    const log = await waitForUsageLog(bed.app, res.headers.get('x-request-id')!);
    expect(log).toMatchObject({ outcome: 'REJECTED', httpStatus: 400 });
    // The channel learnt nothing: it still serves.
    await expect(client(bed.app, key).chat.completions.create({ model: HAIKU, messages: hello })).resolves.toBeDefined();
  });

  it('a chat model given audio is a 400 naming the part', async () => {
    const { key } = await newCaller(bed.app, START);
    await createChannel(bed.app, anthropicChannel(bed.main));
    const err = await client(bed.app, key)
      .chat.completions.create({
        model: HAIKU,
        messages: [{ role: 'user', content: [{ type: 'text', text: 'what is this?' }, { type: 'input_audio', input_audio: { data: 'UklGRg==', format: 'wav' } }] }],
      })
      .then(() => undefined, (e: APIError) => e);
    expect(err).toMatchObject({ status: 400, param: 'messages[0].content[1]' });
    expect(bed.main.requests).toHaveLength(0);
  });
});
