import { anthropicChatProvider } from '../../../src/gateway/providers/anthropic';
import type { ChatCompletionChunk, ChunkDelta, ResponseContext } from '../../../src/gateway/providers/types';
import {
  ANTHROPIC_MAX_TOKENS_STREAM,
  ANTHROPIC_OVERLOADED_STREAM,
  ANTHROPIC_TOOL_STREAM,
  TIME_ARGUMENTS,
  WEATHER_ARGUMENTS,
} from './fixtures/anthropic-streams';
import { allSplits, contentOf, reassembleToolCalls, replay } from '../../support/stream-replay';

const ctx: ResponseContext = { model: 'claude-sonnet-4.5', requestId: 'req_42', created: 1_700_000_000 };
const bytes = (text: string) => new TextEncoder().encode(text);
const chunk = (delta: ChunkDelta, finish: ChatCompletionChunk['choices'][number]['finish_reason'] = null): ChatCompletionChunk => ({
  id: 'chatcmpl-req_42', object: 'chat.completion.chunk', created: 1_700_000_000, model: 'claude-sonnet-4.5',
  choices: [{ index: 0, delta, finish_reason: finish }],
});

describe('Anthropic stream mapper', () => {
  const toolStream = bytes(ANTHROPIC_TOOL_STREAM);

  it('maps text, tool_use blocks, the finish reason and usage to OpenAI chunks', () => {
    const out = replay(toolStream, [], anthropicChatProvider.createStreamMapper(ctx));
    expect(out.chunks).toEqual([
      chunk({ role: 'assistant', content: '' }),
      chunk({ content: 'héllo ' }),
      chunk({ content: '你好 👋' }),
      chunk({ tool_calls: [{ index: 0, id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6', type: 'function', function: { name: 'get_weather', arguments: '' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '{"city": "Zü' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: 'rich", "note": "你好' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: ' 👋"}' } }] }),
      chunk({ tool_calls: [{ index: 1, id: 'toolu_02', type: 'function', function: { name: 'get_time', arguments: '' } }] }),
      chunk({ tool_calls: [{ index: 1, function: { arguments: '{"tz":' } }] }),
      chunk({ tool_calls: [{ index: 1, function: { arguments: ' "UTC"}' } }] }),
      chunk({}, 'tool_calls'),
      {
        id: 'chatcmpl-req_42', object: 'chat.completion.chunk', created: 1_700_000_000, model: 'claude-sonnet-4.5', choices: [],
        usage: { prompt_tokens: 312, completion_tokens: 42, total_tokens: 354, prompt_tokens_details: { cached_tokens: 200 } },
      },
    ]);
    expect(out.usage).toEqual({ promptTokens: 312, completionTokens: 42, cacheReadTokens: 200, cacheWriteTokens: 100 });
    expect(out.done).toBe(true);
    expect(out.errors).toEqual([]);
  });

  it('reassembles each streamed tool call into exactly the arguments Anthropic sent', () => {
    const out = replay(toolStream, [], anthropicChatProvider.createStreamMapper(ctx));
    expect(reassembleToolCalls(out.chunks)).toEqual([
      { id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6', name: 'get_weather', arguments: WEATHER_ARGUMENTS },
      { id: 'toolu_02', name: 'get_time', arguments: TIME_ARGUMENTS },
    ]);
  });

  it('gives the same chunks however the bytes are split: inside UTF-8 characters, lines and events', () => {
    const whole = replay(toolStream, [], anthropicChatProvider.createStreamMapper(ctx));
    const splits = allSplits(toolStream.length);
    expect(splits.length).toBeGreaterThan(toolStream.length);
    for (const cuts of splits) {
      const out = replay(toolStream, cuts, anthropicChatProvider.createStreamMapper(ctx));
      if (JSON.stringify(out) !== JSON.stringify(whole)) expect({ cuts, out }).toEqual({ cuts, out: whole });
    }
  });

  it('survives CRLF framing split between CR and LF', () => {
    const crlf = bytes(ANTHROPIC_TOOL_STREAM.replace(/\n/g, '\r\n'));
    const whole = replay(toolStream, [], anthropicChatProvider.createStreamMapper(ctx));
    for (let i = 0; i < crlf.length; i++) {
      if (crlf[i] !== 13) continue;
      expect(replay(crlf, [i + 1], anthropicChatProvider.createStreamMapper(ctx))).toEqual(whole);
    }
  });

  it('reports an error event as a retryable upstream error, with nothing sent yet so the gateway can fail over', () => {
    const out = replay(bytes(ANTHROPIC_OVERLOADED_STREAM), [], anthropicChatProvider.createStreamMapper(ctx));
    expect(out.chunks).toEqual([]);
    expect(out.done).toBe(false);
    expect(out.usage).toBeUndefined();
    expect(out.errors).toEqual([expect.objectContaining({ status: 529, message: 'Overloaded', retryable: true, keyInvalid: false, callerFault: false })]);
  });

  it('maps max_tokens to length and skips event types it does not know', () => {
    const out = replay(bytes(ANTHROPIC_MAX_TOKENS_STREAM), [], anthropicChatProvider.createStreamMapper(ctx));
    expect(contentOf(out.chunks)).toBe('Once upon');
    expect(out.chunks.at(-2)).toEqual(chunk({}, 'length'));
    expect(out.usage).toEqual({ promptTokens: 7, completionTokens: 2, cacheReadTokens: 0, cacheWriteTokens: 0 });
    expect(out.done).toBe(true);
  });

  it('keeps the cache writes by duration from message_start when message_delta repeats the counts without them', () => {
    const stream = [
      'event: message_start',
      'data: {"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"claude-sonnet-4-6","content":[],"stop_reason":null,"usage":{"input_tokens":20,"cache_creation_input_tokens":700,"cache_read_input_tokens":100,"cache_creation":{"ephemeral_5m_input_tokens":200,"ephemeral_1h_input_tokens":500},"output_tokens":1}}}',
      '',
      'event: content_block_start',
      'data: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}',
      '',
      'event: content_block_delta',
      'data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"hi"}}',
      '',
      'event: content_block_stop',
      'data: {"type":"content_block_stop","index":0}',
      '',
      'event: message_delta',
      'data: {"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"input_tokens":20,"cache_creation_input_tokens":700,"cache_read_input_tokens":100,"cache_creation":{"ephemeral_5m_input_tokens":200,"ephemeral_1h_input_tokens":null},"output_tokens":9}}',
      '',
      'event: message_stop',
      'data: {"type":"message_stop"}',
      '',
      '',
    ].join('\n');
    for (const splits of allSplits(bytes(stream).length)) {
      const out = replay(bytes(stream), splits, anthropicChatProvider.createStreamMapper(ctx));
      expect(out.usage).toEqual({ promptTokens: 820, completionTokens: 9, cacheReadTokens: 100, cacheWriteTokens: 700, cacheWrite1hTokens: 500 });
    }
  });

  it('reports neither usage nor done when the stream is cut before message_stop', () => {
    const cut = ANTHROPIC_TOOL_STREAM.slice(0, ANTHROPIC_TOOL_STREAM.indexOf('event: message_delta'));
    const out = replay(bytes(cut), [], anthropicChatProvider.createStreamMapper(ctx));
    expect(contentOf(out.chunks)).toBe('héllo 你好 👋');
    expect(out.done).toBe(false);
    expect(out.usage).toBeUndefined();
    expect(out.chunks.some((c) => c.choices[0]?.finish_reason)).toBe(false);
  });

  it('turns a garbled event into an upstream error instead of silently losing a fragment', () => {
    const out = replay(bytes('event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":\n\n'), [], anthropicChatProvider.createStreamMapper(ctx));
    expect(out.errors).toEqual([expect.objectContaining({ status: 502, retryable: true })]);
  });
});
