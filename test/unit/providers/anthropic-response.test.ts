import { GatewayError } from '../../../src/gateway/gateway-error';
import { anthropicChatProvider } from '../../../src/gateway/providers/anthropic';
import type { ResponseContext } from '../../../src/gateway/providers/types';

const ctx: ResponseContext = { model: 'claude-sonnet-4.5', requestId: 'req_9', created: 1_700_000_002 };

function message(overrides: Record<string, unknown>): Record<string, unknown> {
  return {
    id: 'msg_013Zva2CMHLNnXjNJJKqJ2EF', type: 'message', role: 'assistant', model: 'claude-sonnet-4-5-20250929',
    content: [{ type: 'text', text: 'Hi! My name is Claude.' }],
    stop_reason: 'end_turn', stop_sequence: null,
    usage: { input_tokens: 2095, output_tokens: 503, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
    ...overrides,
  };
}

describe('Anthropic response mapping', () => {
  it('maps a text answer to a chat.completion with the catalogue model and OpenAI usage', () => {
    const { completion, usage } = anthropicChatProvider.parseChatResponse(message({}), ctx);
    expect(completion).toEqual({
      id: 'chatcmpl-req_9', object: 'chat.completion', created: 1_700_000_002, model: 'claude-sonnet-4.5',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Hi! My name is Claude.', refusal: null }, finish_reason: 'stop', logprobs: null }],
      usage: { prompt_tokens: 2095, completion_tokens: 503, total_tokens: 2598, prompt_tokens_details: { cached_tokens: 0 } },
    });
    expect(usage).toEqual({ promptTokens: 2095, completionTokens: 503, cacheReadTokens: 0, cacheWriteTokens: 0 });
  });

  it('counts cache reads and writes into prompt tokens and reports them apart', () => {
    const { completion, usage } = anthropicChatProvider.parseChatResponse(
      message({ usage: { input_tokens: 10, output_tokens: 5, cache_creation_input_tokens: 1000, cache_read_input_tokens: 3000 } }), ctx);
    expect(usage).toEqual({ promptTokens: 4010, completionTokens: 5, cacheReadTokens: 3000, cacheWriteTokens: 1000 });
    expect(completion.usage).toEqual({ prompt_tokens: 4010, completion_tokens: 5, total_tokens: 4015, prompt_tokens_details: { cached_tokens: 3000 } });
  });

  it('reports the 1-hour part of the cache writes apart, so they are priced at their own rate', () => {
    const { usage } = anthropicChatProvider.parseChatResponse(message({
      usage: {
        input_tokens: 10, output_tokens: 5, cache_read_input_tokens: 3000, cache_creation_input_tokens: 1000,
        cache_creation: { ephemeral_5m_input_tokens: 400, ephemeral_1h_input_tokens: 600 },
      },
    }), ctx);
    expect(usage).toEqual({ promptTokens: 4010, completionTokens: 5, cacheReadTokens: 3000, cacheWriteTokens: 1000, cacheWrite1hTokens: 600 });
  });

  it('trusts a duration breakdown larger than the total it should add up to (a relay that dropped the total)', () => {
    const { usage } = anthropicChatProvider.parseChatResponse(message({
      usage: { input_tokens: 10, output_tokens: 5, cache_creation: { ephemeral_5m_input_tokens: 100, ephemeral_1h_input_tokens: 200 } },
    }), ctx);
    expect(usage).toEqual({ promptTokens: 310, completionTokens: 5, cacheReadTokens: 0, cacheWriteTokens: 300, cacheWrite1hTokens: 200 });
  });

  it('maps tool_use blocks to tool_calls with the input as JSON arguments, and thinking with its signature', () => {
    const input = { location: 'San Francisco, CA', unit: 'celsius', nested: { list: [1, 'два'] } };
    const { completion } = anthropicChatProvider.parseChatResponse(message({
      content: [
        { type: 'thinking', thinking: 'hmm', signature: 'sig' },
        { type: 'tool_use', id: 'toolu_01A09q90qw90lq917835lq9', name: 'get_weather', input },
      ],
      stop_reason: 'tool_use',
    }), ctx);
    expect(completion.choices[0]).toEqual({
      index: 0,
      message: {
        role: 'assistant', content: null, refusal: null, reasoning_content: 'hmm', reasoning_signature: 'sig',
        tool_calls: [{ id: 'toolu_01A09q90qw90lq917835lq9', type: 'function', function: { name: 'get_weather', arguments: JSON.stringify(input) } }],
      },
      finish_reason: 'tool_calls',
      logprobs: null,
    });
  });

  it.each([
    ['end_turn', 'stop'],
    ['stop_sequence', 'stop'],
    ['pause_turn', 'stop'],
    ['max_tokens', 'length'],
    ['model_context_window_exceeded', 'length'],
    ['tool_use', 'tool_calls'],
    ['refusal', 'content_filter'],
  ])('maps stop_reason %s to finish_reason %s', (stopReason, finish) => {
    expect(anthropicChatProvider.parseChatResponse(message({ stop_reason: stopReason }), ctx).completion.choices[0]!.finish_reason).toBe(finish);
  });

  it('rejects a body that is not a Messages response as a 502 upstream error', () => {
    for (const body of [{ hello: 'world' }, { type: 'message' }, 'text', null]) {
      let thrown: unknown;
      try {
        anthropicChatProvider.parseChatResponse(body, ctx);
      } catch (err) {
        thrown = err;
      }
      expect(thrown).toBeInstanceOf(GatewayError);
      expect(thrown).toMatchObject({ status: 502, code: 'upstream_error' });
    }
  });
});

describe('Anthropic error classification', () => {
  const body = (type: string, message = 'msg') => ({ type: 'error', error: { type, message } });

  it.each([
    [529, 'overloaded_error', { retryable: true, keyInvalid: false, callerFault: false }],
    [500, 'api_error', { retryable: true, keyInvalid: false, callerFault: false }],
    [429, 'rate_limit_error', { retryable: true, keyInvalid: false, callerFault: false }],
    [400, 'invalid_request_error', { retryable: false, keyInvalid: false, callerFault: true }],
    [413, 'request_too_large', { retryable: false, keyInvalid: false, callerFault: true }],
    [401, 'authentication_error', { retryable: true, keyInvalid: true, callerFault: false }],
    // Issue 12.10: only authentication_error disables; a permission error moves to another channel.
    [403, 'permission_error', { retryable: true, keyInvalid: false, callerFault: false }],
    [404, 'not_found_error', { retryable: true, keyInvalid: false, callerFault: false }],
  ])('HTTP %i %s', (status, type, expected) => {
    expect(anthropicChatProvider.classifyError(status, body(type, 'upstream says no'))).toMatchObject({ status, message: 'upstream says no', ...expected });
  });

  it('keeps the caller-facing details of an invalid request', () => {
    expect(anthropicChatProvider.classifyError(400, body('invalid_request_error', 'messages.0.content: Field required'))).toEqual({
      status: 400, message: 'messages.0.content: Field required', retryable: false, keyInvalid: false, callerFault: true,
      type: 'invalid_request_error', code: null, param: null,
    });
  });

  it('falls back to the status rules for bodies it does not recognise (e.g. a proxy HTML page)', () => {
    expect(anthropicChatProvider.classifyError(502, '<html>Bad gateway</html>')).toMatchObject({ status: 502, retryable: true, callerFault: false });
    expect(anthropicChatProvider.classifyError(400, null)).toMatchObject({ status: 400, retryable: false, callerFault: true });
  });
});
