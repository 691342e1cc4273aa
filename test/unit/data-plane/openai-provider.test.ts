import { openAIChatProvider as openai } from '../../../src/gateway/providers/openai/openai-provider';
import type { ChatRequestBody, UpstreamTarget } from '../../../src/gateway/providers/types';

const target: UpstreamTarget = { baseUrl: 'https://api.example.com/v1/', apiKey: 'sk-up', upstreamModel: 'gpt-4o-mini-2024-07-18', maxOutputTokens: 16384 };
const ctx = { model: 'gpt-4o-mini', requestId: 'req_1', created: 1 };
const event = (data: string) => ({ event: undefined, data, id: undefined });

describe('OpenAI request', () => {
  const body: ChatRequestBody = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], seed: 7, stream_options: { include_usage: false } };

  it('maps the model, keeps unknown fields and forces usage on streams', () => {
    const req = openai.buildChatRequest({ ...body, stream: true }, target, { stream: true });
    expect(req.url).toBe('https://api.example.com/v1/chat/completions');
    expect(req.headers).toMatchObject({ authorization: 'Bearer sk-up', 'content-type': 'application/json', accept: 'text/event-stream' });
    expect(JSON.parse(req.body as string)).toEqual({ ...body, model: 'gpt-4o-mini-2024-07-18', stream: true, stream_options: { include_usage: true } });
    expect(body.model).toBe('gpt-4o-mini'); // the caller's body is not mutated
  });

  it('leaves non-streaming bodies alone and sends no Authorization without a key', () => {
    const req = openai.buildChatRequest(body, { ...target, apiKey: '' }, { stream: false });
    expect(req.headers.authorization).toBeUndefined();
    expect(JSON.parse(req.body as string)).toEqual({ ...body, model: 'gpt-4o-mini-2024-07-18' });
  });
});

describe('OpenAI response', () => {
  it('rewrites the model and normalises usage, cached tokens included', () => {
    const { completion, usage } = openai.parseChatResponse(
      { id: 'c1', object: 'chat.completion', created: 5, model: 'gpt-4o-mini-2024-07-18', system_fingerprint: 'fp', choices: [], usage: { prompt_tokens: 10, completion_tokens: 4, total_tokens: 14, prompt_tokens_details: { cached_tokens: 6 } } },
      ctx,
    );
    expect(completion).toMatchObject({ id: 'c1', model: 'gpt-4o-mini', system_fingerprint: 'fp' });
    expect(usage).toEqual({ promptTokens: 10, completionTokens: 4, cacheReadTokens: 6, cacheWriteTokens: 0 });
  });

  it('reports zero usage when the upstream sent none, and refuses a body without choices', () => {
    expect(openai.parseChatResponse({ choices: [] }, ctx).usage).toEqual({ promptTokens: 0, completionTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 });
    expect(() => openai.parseChatResponse({ error: 'x' }, ctx)).toThrow(/choices/);
  });
});

describe('OpenAI stream mapper', () => {
  it('passes chunks with the catalogue model, reads usage, stops at [DONE]', () => {
    const mapper = openai.createStreamMapper(ctx);
    const first = mapper.push(event(JSON.stringify({ id: 'c', object: 'chat.completion.chunk', model: 'up', choices: [{ index: 0, delta: { content: 'he' }, finish_reason: null }] })));
    expect(first.chunks[0]).toMatchObject({ model: 'gpt-4o-mini', choices: [{ delta: { content: 'he' } }] });
    const usage = mapper.push(event(JSON.stringify({ id: 'c', object: 'chat.completion.chunk', model: 'up', choices: [], usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 } })));
    expect(usage.usage).toEqual({ promptTokens: 3, completionTokens: 2, cacheReadTokens: 0, cacheWriteTokens: 0 });
    expect(mapper.push(event('[DONE]'))).toEqual({ chunks: [], done: true });
    expect(mapper.push(event('{"choices":[]}')).chunks).toEqual([]);
  });

  it('surfaces an error object and drops garbled events', () => {
    const mapper = openai.createStreamMapper(ctx);
    expect(mapper.push(event('{not json')).chunks).toEqual([]);
    const out = mapper.push(event(JSON.stringify({ error: { message: 'overloaded', type: 'server_error' } })));
    expect(out.error).toMatchObject({ message: 'overloaded', retryable: false });
  });
});

describe('OpenAI errors', () => {
  it.each([
    [401, { keyInvalid: true, retryable: true, callerFault: false }],
    // Issue 12.10: a bare 403 is the caller's answer; only the vendor's invalid-key type disables.
    [403, { keyInvalid: false, retryable: false, callerFault: true }],
    [429, { keyInvalid: false, retryable: true, callerFault: false }],
    [500, { keyInvalid: false, retryable: true, callerFault: false }],
    [404, { keyInvalid: false, retryable: true, callerFault: false }],
    [400, { keyInvalid: false, retryable: false, callerFault: true }],
  ])('classifies HTTP %i', (status, expected) => {
    expect(openai.classifyError(status, { error: { message: 'm' } })).toMatchObject({ status, message: 'm', ...expected });
  });

  it("keeps the upstream's type, code and param", () => {
    expect(openai.classifyError(400, { error: { message: 'too long', type: 'invalid_request_error', code: 'context_length_exceeded', param: 'messages' } })).toMatchObject({
      type: 'invalid_request_error', code: 'context_length_exceeded', param: 'messages',
    });
    expect(openai.classifyError(502, '<html>bad gateway</html>').message).toBe('upstream answered HTTP 502');
  });
});
