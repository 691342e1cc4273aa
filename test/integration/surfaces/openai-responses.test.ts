import OpenAI from 'openai';
import { costOf, UNIT_MULTIPLIER } from '../../../src/domain/billing/pricing';
import { createChannel } from '../../support/data-plane-fixtures';
import { expectChargedOnce, expectNothingCharged, newCaller, seedPrices, vendorTestbed, waitForUsageLog } from '../../support/vendor-fixtures';

// POST /v1/responses through the official OpenAI SDK, as Codex CLI calls it, on each channel protocol.

const START = 1_000_000n;
const bed = vendorTestbed();

const MODELS = { OPENAI: 'gpt-4o-mini', ANTHROPIC: 'claude-3-5-haiku-20241022', GEMINI: 'gemini-2.5-flash' } as const;
type Protocol = keyof typeof MODELS;

function sdk(key: string): OpenAI {
  return new OpenAI({ apiKey: key, baseURL: bed.app.v1Url, maxRetries: 0, timeout: 20_000 });
}

async function channel(protocol: Protocol): Promise<void> {
  await createChannel(bed.app, { baseUrl: protocol === 'OPENAI' ? bed.main.openAIBaseUrl : bed.main.url, protocol, models: [MODELS[protocol]] });
}

function priced(model: string, promptTokens: number, completionTokens: number): bigint {
  return costOf(seedPrices(model), { promptTokens, completionTokens, cacheReadTokens: 0, cacheWriteTokens: 0, audioMs: 0 }, UNIT_MULTIPLIER);
}

const SHELL_TOOL = { type: 'function' as const, name: 'shell', description: 'Run a command', strict: false, parameters: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] } };

describe.each(['OPENAI', 'ANTHROPIC', 'GEMINI'] as const)('on %s channels', (protocol) => {
  const model = MODELS[protocol];

  it('answers a string input with instructions as a Response, usage included, billed at the catalogue price', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await channel(protocol);
    bed.main.next({ content: 'Hello from upstream', usage: { prompt_tokens: 80, completion_tokens: 5 } });
    const { data, response } = await sdk(key).responses.create({ model, instructions: 'Be brief.', input: 'Say hello', max_output_tokens: 100 }).withResponse();
    expect(data).toMatchObject({ object: 'response', status: 'completed', model });
    expect(data.output_text).toBe('Hello from upstream');
    expect(data.usage).toMatchObject({ input_tokens: 80, output_tokens: 5, total_tokens: 85, input_tokens_details: { cached_tokens: 0 }, output_tokens_details: { reasoning_tokens: 0 } });
    const requestId = response.headers.get('x-request-id')!;
    await expectChargedOnce(bed.app, userId, { before: START, cost: priced(model, 80, 5), requestId });
    expect(await waitForUsageLog(bed.app, requestId)).toMatchObject({ surface: 'responses', outcome: 'SUCCESS' });
  });

  it('streams typed events through response.completed and round-trips a function call', async () => {
    const { key } = await newCaller(bed.app, START);
    await channel(protocol);
    bed.main.next({ toolCalls: [{ id: 'call_7', name: 'shell', arguments: '{"command":"ls -la"}' }], usage: { prompt_tokens: 40, completion_tokens: 9 } });

    const client = sdk(key);
    const stream = client.responses.stream({ model, input: [{ role: 'user', content: 'List files' }], tools: [SHELL_TOOL] });
    const types: string[] = [];
    for await (const event of stream) types.push(event.type);
    const final = await stream.finalResponse();
    expect(types[0]).toBe('response.created');
    expect(types).toContain('response.output_item.added');
    expect(types).toContain('response.function_call_arguments.delta');
    expect(types).toContain('response.function_call_arguments.done');
    expect(types[types.length - 1]).toBe('response.completed');
    const call = final.output.find((item) => item.type === 'function_call');
    expect(call).toMatchObject({ type: 'function_call', name: 'shell', arguments: '{"command":"ls -la"}', status: 'completed' });
    expect(final.usage).toMatchObject({ input_tokens: 40, output_tokens: 9 });

    bed.main.next({ content: 'Two files.' });
    const second = await client.responses.create({
      model,
      tools: [SHELL_TOOL],
      input: [
        { role: 'user', content: 'List files' },
        { type: 'function_call', call_id: (call as { call_id: string }).call_id, name: 'shell', arguments: '{"command":"ls -la"}' },
        { type: 'function_call_output', call_id: (call as { call_id: string }).call_id, output: 'a.txt b.txt' },
      ],
    });
    expect(second.output_text).toBe('Two files.');
    expect(JSON.stringify(bed.main.requests[1]!.body)).toContain('a.txt b.txt');
  });

  it('the demo upstream calls the offered tool when the prompt asks for one (unscripted)', async () => {
    const { key } = await newCaller(bed.app, START);
    await channel(protocol);
    const response = await sdk(key).responses.create({ model, input: 'Use a tool to list the files', tools: [SHELL_TOOL] });
    const call = response.output.find((item) => item.type === 'function_call');
    expect(call).toMatchObject({ name: 'shell', arguments: JSON.stringify({ command: 'Use a tool to list the files' }) });
  });
});

describe('edges', () => {
  it('refuses previous_response_id and malformed input with a 400 in OpenAI shape, charging nothing', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await channel('OPENAI');
    const client = sdk(key);
    const stored = await client.responses.create({ model: MODELS.OPENAI, input: 'hi', previous_response_id: 'resp_123' }).catch((e: unknown) => e);
    expect(stored).toBeInstanceOf(OpenAI.BadRequestError);
    expect((stored as InstanceType<typeof OpenAI.BadRequestError>).message).toContain('previous_response_id');
    const bad = await client.responses.create({ model: MODELS.OPENAI, input: [{ type: 'function_call', name: 'x' }] as never }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(OpenAI.BadRequestError);
    expect((bad as InstanceType<typeof OpenAI.BadRequestError>).error).toMatchObject({ type: 'invalid_request_error', param: expect.stringContaining('input[0]') });
    expect(bed.main.requests).toHaveLength(0);
    await expectNothingCharged(bed.app, userId, START);
  });
});

// Codex CLI's own request shape (captured from codex-cli 0.169): function tools, a `namespace`
// tool grouping sub-agent functions, and the hosted `web_search` tool on every turn.
describe('as Codex CLI calls it', () => {
  const CODEX_TOOLS = [
    SHELL_TOOL,
    { type: 'namespace', name: 'multi_agent_v1', description: 'Sub-agents', tools: [{ type: 'function', name: 'spawn_agent', strict: false, parameters: { type: 'object', properties: { task: { type: 'string' } }, required: ['task'] } }] },
    { type: 'web_search', external_web_access: false },
  ];

  it.each([false, true])('carries namespaced functions as flat chat functions and answers with name + namespace (stream: %s); hosted tools are left out', async (stream) => {
    const { key } = await newCaller(bed.app, START);
    await channel('OPENAI');
    bed.main.next({ toolCalls: [{ id: 'call_9', name: 'multi_agent_v1__spawn_agent', arguments: '{"task":"x"}' }] });
    const body = { model: MODELS.OPENAI, input: 'delegate', tools: CODEX_TOOLS, store: false, include: ['reasoning.encrypted_content'], prompt_cache_key: 'k', client_metadata: { session_id: 's' } } as never;
    const client = sdk(key);
    const final = stream ? await client.responses.stream(body).finalResponse() : await client.responses.create(body);
    const call = final.output.find((item) => item.type === 'function_call');
    expect(call).toMatchObject({ name: 'spawn_agent', namespace: 'multi_agent_v1', arguments: '{"task":"x"}' });
    const sentTools = (bed.main.requests[0]!.body as { tools: Array<{ function: { name: string } }> }).tools.map((t) => t.function.name);
    expect(sentTools).toEqual(['shell', 'multi_agent_v1__spawn_agent']);

    bed.main.next({ content: 'spawned' });
    const second = await client.responses.create({
      model: MODELS.OPENAI,
      tools: CODEX_TOOLS,
      input: [
        { role: 'user', content: 'delegate' },
        { type: 'function_call', call_id: 'call_9', name: 'spawn_agent', namespace: 'multi_agent_v1', arguments: '{"task":"x"}' },
        { type: 'function_call_output', call_id: 'call_9', output: 'agent 1' },
      ],
    } as never);
    expect(second.output_text).toBe('spawned');
    expect(JSON.stringify(bed.main.requests[1]!.body)).toContain('"name":"multi_agent_v1__spawn_agent"');
  });

  it('refuses custom (free-form) tools by name', async () => {
    const { userId, key } = await newCaller(bed.app, START);
    await channel('OPENAI');
    const err = await sdk(key).responses.create({ model: MODELS.OPENAI, input: 'x', tools: [{ type: 'custom', name: 'apply_patch' }] } as never).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.BadRequestError);
    expect((err as InstanceType<typeof OpenAI.BadRequestError>).error).toMatchObject({ param: 'tools[0]' });
    await expectNothingCharged(bed.app, userId, START);
  });
});
