import { geminiChatProvider } from '../../../src/gateway/providers/gemini';
import { toolCallId } from '../../../src/gateway/providers/gemini/response';
import type { ChatCompletionChunk, ChunkDelta, ResponseContext } from '../../../src/gateway/providers/types';
import { GEMINI_ERROR_STREAM, GEMINI_SAFETY_STREAM, GEMINI_TOOL_STREAM, WEATHER_ARGS } from './fixtures/gemini-streams';
import { allSplits, contentOf, reassembleToolCalls, replay } from '../../support/stream-replay';

const ctx: ResponseContext = { model: 'gemini-2.5-flash', requestId: 'req_7', created: 1_700_000_001 };
const bytes = (text: string) => new TextEncoder().encode(text);
const chunk = (delta: ChunkDelta, finish: ChatCompletionChunk['choices'][number]['finish_reason'] = null): ChatCompletionChunk => ({
  id: 'chatcmpl-req_7', object: 'chat.completion.chunk', created: 1_700_000_001, model: 'gemini-2.5-flash',
  choices: [{ index: 0, delta, finish_reason: finish }],
});

describe('Gemini stream mapper', () => {
  const toolStream = bytes(GEMINI_TOOL_STREAM);

  it('maps text parts, a function call, the finish reason and the last usage metadata', () => {
    const out = replay(toolStream, [], geminiChatProvider.createStreamMapper(ctx));
    const id = toolCallId(ctx, 0, undefined);
    expect(id).toMatch(/^call_[0-9a-f]{24}$/);
    expect(out.chunks).toEqual([
      chunk({ role: 'assistant', content: '' }),
      chunk({ content: 'héllo ' }),
      chunk({ content: '你好 👋' }),
      chunk({ tool_calls: [{ index: 0, id, type: 'function', function: { name: 'get_weather', arguments: JSON.stringify(WEATHER_ARGS) } }] }),
      chunk({}, 'tool_calls'),
      {
        id: 'chatcmpl-req_7', object: 'chat.completion.chunk', created: 1_700_000_001, model: 'gemini-2.5-flash', choices: [],
        // completion = candidates 12 + thoughts 20
        usage: { prompt_tokens: 9, completion_tokens: 32, total_tokens: 41, prompt_tokens_details: { cached_tokens: 4 }, completion_tokens_details: { reasoning_tokens: 20 } },
      },
    ]);
    expect(out.usage).toEqual({ promptTokens: 9, completionTokens: 32, cacheReadTokens: 4, cacheWriteTokens: 0, reasoningTokens: 20 });
    expect(out.done).toBe(true);
    expect(out.errors).toEqual([]);
  });

  it('reassembles the tool call into exactly the arguments Gemini sent', () => {
    const [call] = reassembleToolCalls(replay(toolStream, [], geminiChatProvider.createStreamMapper(ctx)).chunks);
    expect(call!.name).toBe('get_weather');
    expect(JSON.parse(call!.arguments)).toEqual(WEATHER_ARGS);
    expect(call!.arguments).toBe('{"city":"Zürich","note":"你好 👋","days":[1,2]}');
  });

  it('gives the same chunks however the bytes are split: inside UTF-8 characters, CRLF pairs and events', () => {
    const whole = replay(toolStream, [], geminiChatProvider.createStreamMapper(ctx));
    for (const cuts of allSplits(toolStream.length)) {
      const out = replay(toolStream, cuts, geminiChatProvider.createStreamMapper(ctx));
      if (JSON.stringify(out) !== JSON.stringify(whole)) expect({ cuts, out }).toEqual({ cuts, out: whole });
    }
  });

  it('reports the final usage with the finishing event already, for relays that stop reading there', () => {
    const mapper = geminiChatProvider.createStreamMapper(ctx);
    const outputs = GEMINI_TOOL_STREAM.split('\r\n\r\n').filter(Boolean).map((frame) => mapper.push({ event: undefined, data: frame.slice('data: '.length), id: undefined }));
    expect(outputs.map((o) => o.usage)).toEqual([undefined, undefined, { promptTokens: 9, completionTokens: 32, cacheReadTokens: 4, cacheWriteTokens: 0, reasoningTokens: 20 }]);
    expect(outputs.some((o) => o.done)).toBe(false);
    expect(mapper.end()).toMatchObject({ done: true, usage: { promptTokens: 9, completionTokens: 32 } });
  });

  it('maps a SAFETY finish to content_filter', () => {
    const out = replay(bytes(GEMINI_SAFETY_STREAM), [], geminiChatProvider.createStreamMapper(ctx));
    expect(contentOf(out.chunks)).toBe('Sure, ');
    expect(out.chunks.at(-2)).toEqual(chunk({}, 'content_filter'));
    expect(out.usage).toEqual({ promptTokens: 3, completionTokens: 2, cacheReadTokens: 0, cacheWriteTokens: 0 });
    expect(out.done).toBe(true);
  });

  it('maps a blocked prompt to content_filter with no content', () => {
    const blocked = `data: ${JSON.stringify({ promptFeedback: { blockReason: 'PROHIBITED_CONTENT' }, usageMetadata: { promptTokenCount: 6, totalTokenCount: 6 } })}\r\n\r\n`;
    const out = replay(bytes(blocked), [], geminiChatProvider.createStreamMapper(ctx));
    expect(out.chunks.slice(0, 2)).toEqual([chunk({ role: 'assistant', content: '' }), chunk({}, 'content_filter')]);
    expect(out.usage).toEqual({ promptTokens: 6, completionTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 });
  });

  it('surfaces an error object sent mid-stream as a retryable error', () => {
    const out = replay(bytes(GEMINI_ERROR_STREAM), [], geminiChatProvider.createStreamMapper(ctx));
    expect(contentOf(out.chunks)).toBe('Hel');
    expect(out.errors).toEqual([expect.objectContaining({ status: 503, retryable: true, keyInvalid: false, callerFault: false })]);
    expect(out.done).toBe(false);
  });

  it('reports neither usage nor done when the connection ends before a finish reason', () => {
    const cut = GEMINI_TOOL_STREAM.split('\r\n\r\n').slice(0, 2).join('\r\n\r\n') + '\r\n\r\n';
    const out = replay(bytes(cut), [], geminiChatProvider.createStreamMapper(ctx));
    expect(contentOf(out.chunks)).toBe('héllo 你好 👋');
    expect(out.done).toBe(false);
    expect(out.usage).toBeUndefined();
  });

  it('leaves thought summaries out of the answer', () => {
    const thoughtful = `data: ${JSON.stringify({ candidates: [{ content: { parts: [{ text: 'pondering', thought: true }, { text: 'Answer' }], role: 'model' }, finishReason: 'STOP', index: 0 }] })}\r\n\r\n`;
    expect(contentOf(replay(bytes(thoughtful), [], geminiChatProvider.createStreamMapper(ctx)).chunks)).toBe('Answer');
  });
});
