import { geminiChatProvider } from '../../../src/gateway/providers/gemini';
import { toolCallId } from '../../../src/gateway/providers/gemini/response';
import type { ResponseContext } from '../../../src/gateway/providers/types';

const ctx: ResponseContext = { model: 'gemini-2.5-pro', requestId: 'req_g', created: 1_700_000_003 };

function response(candidate: Record<string, unknown>, usageMetadata: Record<string, unknown> = { promptTokenCount: 11, candidatesTokenCount: 7, totalTokenCount: 18 }) {
  return { candidates: [{ index: 0, ...candidate }], usageMetadata, modelVersion: 'gemini-2.5-pro', responseId: 'r1' };
}

describe('Gemini response mapping', () => {
  it('maps text parts to a chat.completion with usage', () => {
    const { completion, usage } = geminiChatProvider.parseChatResponse(
      response({ content: { parts: [{ text: 'Bonjour ' }, { text: 'à tous' }], role: 'model' }, finishReason: 'STOP' }), ctx);
    expect(completion).toEqual({
      id: 'chatcmpl-req_g', object: 'chat.completion', created: 1_700_000_003, model: 'gemini-2.5-pro',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Bonjour à tous', refusal: null }, finish_reason: 'stop', logprobs: null }],
      usage: { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18, prompt_tokens_details: { cached_tokens: 0 } },
    });
    expect(usage).toEqual({ promptTokens: 11, completionTokens: 7, cacheReadTokens: 0, cacheWriteTokens: 0 });
  });

  it('counts thinking tokens as completion and cached content as cache reads (already inside the prompt count)', () => {
    const { usage, completion } = geminiChatProvider.parseChatResponse(
      response({ content: { parts: [{ text: 'ok' }], role: 'model' }, finishReason: 'STOP' },
        { promptTokenCount: 1000, cachedContentTokenCount: 800, candidatesTokenCount: 10, thoughtsTokenCount: 90, totalTokenCount: 1100 }), ctx);
    expect(usage).toEqual({ promptTokens: 1000, completionTokens: 100, cacheReadTokens: 800, cacheWriteTokens: 0, reasoningTokens: 90 });
    expect(completion.usage!.total_tokens).toBe(1100);
  });

  it('maps functionCall parts to tool_calls with stable generated ids (upstream ids kept)', () => {
    const json = response({
      content: { parts: [
        { functionCall: { name: 'get_weather', args: { city: 'Paris' } } },
        { functionCall: { name: 'get_time', args: {}, id: 'fc_upstream_1' } },
      ], role: 'model' },
      finishReason: 'STOP',
    });
    const first = geminiChatProvider.parseChatResponse(json, ctx).completion;
    const again = geminiChatProvider.parseChatResponse(json, ctx).completion;
    expect(first).toEqual(again);
    expect(first.choices[0]).toEqual({
      index: 0,
      message: {
        role: 'assistant', content: null, refusal: null,
        tool_calls: [
          { id: toolCallId(ctx, 0, undefined), type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
          { id: 'fc_upstream_1', type: 'function', function: { name: 'get_time', arguments: '{}' } },
        ],
      },
      finish_reason: 'tool_calls',
      logprobs: null,
    });
    expect(toolCallId(ctx, 0, undefined)).not.toBe(toolCallId(ctx, 1, undefined));
    expect(toolCallId({ ...ctx, requestId: 'other' }, 0, undefined)).not.toBe(toolCallId(ctx, 0, undefined));
  });

  it.each([
    ['STOP', 'stop'],
    ['MAX_TOKENS', 'length'],
    ['SAFETY', 'content_filter'],
    ['RECITATION', 'content_filter'],
    ['BLOCKLIST', 'content_filter'],
    ['PROHIBITED_CONTENT', 'content_filter'],
    ['SPII', 'content_filter'],
    ['OTHER', 'stop'],
  ])('maps finishReason %s to %s', (reason, finish) => {
    const json = response({ content: { parts: [{ text: 'x' }], role: 'model' }, finishReason: reason });
    expect(geminiChatProvider.parseChatResponse(json, ctx).completion.choices[0]!.finish_reason).toBe(finish);
  });

  it('maps a blocked prompt (promptFeedback, no candidates) to content_filter with empty content', () => {
    const { completion, usage } = geminiChatProvider.parseChatResponse(
      { promptFeedback: { blockReason: 'SAFETY', safetyRatings: [] }, usageMetadata: { promptTokenCount: 8, totalTokenCount: 8 } }, ctx);
    expect(completion.choices[0]).toEqual({ index: 0, message: { role: 'assistant', content: '', refusal: null }, finish_reason: 'content_filter', logprobs: null });
    expect(usage.promptTokens).toBe(8);
  });

  it('maps a candidate with no content (stopped by safety before any text)', () => {
    const { completion } = geminiChatProvider.parseChatResponse(response({ finishReason: 'SAFETY' }), ctx);
    expect(completion.choices[0]!.message.content).toBe('');
    expect(completion.choices[0]!.finish_reason).toBe('content_filter');
  });

  it('rejects a body that is not a GenerateContentResponse', () => {
    expect(() => geminiChatProvider.parseChatResponse({ candidates: 'nope' }, ctx)).toThrow(/malformed Gemini response/);
  });
});

describe('Gemini error classification', () => {
  const error = (code: number, status: string, message = 'msg', details?: unknown[]) => ({ error: { code, message, status, ...(details ? { details } : {}) } });

  it.each([
    [429, 'RESOURCE_EXHAUSTED', { retryable: true, keyInvalid: false, callerFault: false }],
    [503, 'UNAVAILABLE', { retryable: true, keyInvalid: false, callerFault: false }],
    [500, 'INTERNAL', { retryable: true, keyInvalid: false, callerFault: false }],
    [504, 'DEADLINE_EXCEEDED', { retryable: true, keyInvalid: false, callerFault: false }],
    [400, 'INVALID_ARGUMENT', { retryable: false, keyInvalid: false, callerFault: true }],
    [400, 'FAILED_PRECONDITION', { retryable: true, keyInvalid: false, callerFault: false }],
    // Issue 12.10: a permission error about what the caller asked for (e.g. a fileUri) is the caller's.
    [403, 'PERMISSION_DENIED', { retryable: false, keyInvalid: false, callerFault: true }],
    [401, 'UNAUTHENTICATED', { retryable: true, keyInvalid: true, callerFault: false }],
    [404, 'NOT_FOUND', { retryable: true, keyInvalid: false, callerFault: false }],
  ])('HTTP %i %s', (status, rpcStatus, expected) => {
    expect(geminiChatProvider.classifyError(status, error(status, rpcStatus, 'details here'))).toMatchObject({ status, message: 'details here', ...expected });
  });

  it('recognises a bad key, which Google reports as 400 INVALID_ARGUMENT with reason API_KEY_INVALID', () => {
    const body = error(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', [
      { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com', metadata: { service: 'generativelanguage.googleapis.com' } },
    ]);
    expect(geminiChatProvider.classifyError(400, body)).toMatchObject({ status: 400, keyInvalid: true, retryable: true, callerFault: false });
  });

  it('reads errors wrapped in an array (streamed JSON) and falls back to status rules otherwise', () => {
    expect(geminiChatProvider.classifyError(429, [error(429, 'RESOURCE_EXHAUSTED')])).toMatchObject({ retryable: true });
    expect(geminiChatProvider.classifyError(502, 'bad gateway')).toMatchObject({ status: 502, retryable: true });
  });
});
