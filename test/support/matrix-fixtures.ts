import type { ChannelProtocol } from '../../src/db/entities';
import type { Usage } from '../../src/gateway/providers/types';

// One assistant turn, recorded in each vendor's own wire format (JSON and stream bytes as the
// vendors send them: Anthropic's `event:` lines and `{"type": "ping"}`, Gemini's CRLF framing and
// growing usageMetadata, a DeepSeek-style OpenAI-compatible stream with `reasoning_content`
// and `content: null` side by side): thinking (signed where the vendor signs it), text with
// multi-byte characters, one tool call, and usage with cache and reasoning tokens.

export const THINKING = 'The user wants the weather in Zürich.';
export const TEXT = 'Let me check 👋 ';
export const TOOL = { name: 'get_weather', args: { city: 'Zürich' } };
export const ANTHROPIC_SIGNATURE = 'EqQBCkgIARABGAIiQL2sig+A/ntH==';
export const GEMINI_SIGNATURE = 'CiQB0e2Kb7sig/GmJvZ0Z1Yg==';

export interface RecordedTurn {
  /** The catalogue model a channel of this protocol serves in the matrix. */
  model: string;
  json: string;
  stream: string;
  /** What the upstream reported, in the gateway's terms. */
  usage: Usage;
  signature: string;
  /** The tool call's id as the vendor sent it (Gemini sends none). */
  toolCallId: string | null;
}

const anthropicEvents = (list: Array<[string, string]>) => list.map(([type, data]) => `event: ${type}\ndata: ${data}\n\n`).join('');

const ANTHROPIC: RecordedTurn = {
  model: 'claude-3-5-haiku-20241022',
  json: JSON.stringify({
    id: 'msg_01MatrixA', type: 'message', role: 'assistant', model: 'claude-3-5-haiku-20241022',
    content: [
      { type: 'thinking', thinking: THINKING, signature: ANTHROPIC_SIGNATURE },
      { type: 'text', text: TEXT },
      { type: 'tool_use', id: 'toolu_01MatrixTool', name: TOOL.name, input: TOOL.args },
    ],
    stop_reason: 'tool_use', stop_sequence: null,
    usage: { input_tokens: 900, cache_creation_input_tokens: 100, cache_read_input_tokens: 200, output_tokens: 80, service_tier: 'standard' },
  }),
  stream: anthropicEvents([
    ['message_start', '{"type":"message_start","message":{"id":"msg_01MatrixA","type":"message","role":"assistant","model":"claude-3-5-haiku-20241022","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":900,"cache_creation_input_tokens":100,"cache_read_input_tokens":200,"output_tokens":1,"service_tier":"standard"}}}'],
    ['content_block_start', '{"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":"","signature":""}}'],
    ['content_block_delta', '{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"The user wants the weather"}}'],
    ['content_block_delta', '{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":" in Zürich."}}'],
    ['content_block_delta', `{"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":"${ANTHROPIC_SIGNATURE}"}}`],
    ['content_block_stop', '{"type":"content_block_stop","index":0}'],
    ['ping', '{"type": "ping"}'],
    ['content_block_start', '{"type":"content_block_start","index":1,"content_block":{"type":"text","text":""}}'],
    ['content_block_delta', '{"type":"content_block_delta","index":1,"delta":{"type":"text_delta","text":"Let me check "}}'],
    ['content_block_delta', '{"type":"content_block_delta","index":1,"delta":{"type":"text_delta","text":"👋 "}}'],
    ['content_block_stop', '{"type":"content_block_stop","index":1}'],
    ['content_block_start', '{"type":"content_block_start","index":2,"content_block":{"type":"tool_use","id":"toolu_01MatrixTool","name":"get_weather","input":{}}}'],
    ['content_block_delta', '{"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":""}}'],
    ['content_block_delta', '{"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":"{\\"city\\": \\"Zü"}}'],
    ['content_block_delta', '{"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":"rich\\"}"}}'],
    ['content_block_stop', '{"type":"content_block_stop","index":2}'],
    ['message_delta', '{"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":80}}'],
    ['message_stop', '{"type":"message_stop"}'],
  ]),
  usage: { promptTokens: 1200, completionTokens: 80, cacheReadTokens: 200, cacheWriteTokens: 100 },
  signature: ANTHROPIC_SIGNATURE,
  toolCallId: 'toolu_01MatrixTool',
};

const openAIChunk = (delta: object, finish: string | null = null) =>
  `data: {"id":"0b5f0a6c-matrix","object":"chat.completion.chunk","created":1764130000,"model":"deepseek-reasoner","system_fingerprint":"fp_matrix","choices":[{"index":0,"delta":${JSON.stringify(delta)},"logprobs":null,"finish_reason":${JSON.stringify(finish)}}]}\n\n`;
const OPENAI_USAGE = { prompt_tokens: 1200, completion_tokens: 80, total_tokens: 1280, prompt_tokens_details: { cached_tokens: 200 }, completion_tokens_details: { reasoning_tokens: 30 } };

const OPENAI: RecordedTurn = {
  model: 'gpt-4o-mini',
  json: JSON.stringify({
    id: '0b5f0a6c-matrix', object: 'chat.completion', created: 1764130000, model: 'deepseek-reasoner', system_fingerprint: 'fp_matrix',
    choices: [{
      index: 0,
      message: {
        role: 'assistant', content: TEXT, reasoning_content: THINKING,
        tool_calls: [{ index: 0, id: 'call_00_MatrixTool', type: 'function', function: { name: TOOL.name, arguments: '{"city": "Zürich"}' } }],
      },
      logprobs: null, finish_reason: 'tool_calls',
    }],
    usage: OPENAI_USAGE,
  }),
  stream: [
    openAIChunk({ role: 'assistant', content: null, reasoning_content: '' }),
    openAIChunk({ content: null, reasoning_content: 'The user wants the weather' }),
    openAIChunk({ content: null, reasoning_content: ' in Zürich.' }),
    openAIChunk({ content: 'Let me check ', reasoning_content: null }),
    openAIChunk({ content: '👋 ', reasoning_content: null }),
    openAIChunk({ tool_calls: [{ index: 0, id: 'call_00_MatrixTool', type: 'function', function: { name: 'get_weather', arguments: '' } }] }),
    openAIChunk({ tool_calls: [{ index: 0, function: { arguments: '{"city": "Zü' } }] }),
    openAIChunk({ tool_calls: [{ index: 0, function: { arguments: 'rich"}' } }] }),
    openAIChunk({ content: '', reasoning_content: null }, 'tool_calls'),
    `data: {"id":"0b5f0a6c-matrix","object":"chat.completion.chunk","created":1764130000,"model":"deepseek-reasoner","system_fingerprint":"fp_matrix","choices":[],"usage":${JSON.stringify(OPENAI_USAGE)}}\n\n`,
    'data: [DONE]\n\n',
  ].join(''),
  usage: { promptTokens: 1200, completionTokens: 80, cacheReadTokens: 200, cacheWriteTokens: 0, reasoningTokens: 30 },
  signature: '',
  toolCallId: 'call_00_MatrixTool',
};

const geminiEnvelope = { modelVersion: 'gemini-2.5-flash', responseId: 'mAtRiXgEmInIrEsPoNsE' };
const geminiEvents = (list: object[]) => list.map((json) => `data: ${JSON.stringify(json)}\r\n\r\n`).join('');
const GEMINI_USAGE = { promptTokenCount: 1200, candidatesTokenCount: 50, totalTokenCount: 1280, cachedContentTokenCount: 200, thoughtsTokenCount: 30 };

const GEMINI: RecordedTurn = {
  model: 'gemini-2.5-flash',
  json: JSON.stringify({
    candidates: [{
      content: {
        parts: [
          { text: THINKING, thought: true },
          { text: TEXT },
          { functionCall: { name: TOOL.name, args: TOOL.args }, thoughtSignature: GEMINI_SIGNATURE },
        ],
        role: 'model',
      },
      finishReason: 'STOP', index: 0,
    }],
    usageMetadata: GEMINI_USAGE,
    ...geminiEnvelope,
  }),
  stream: geminiEvents([
    { candidates: [{ content: { parts: [{ text: THINKING, thought: true }], role: 'model' }, index: 0 }], usageMetadata: { promptTokenCount: 1200, totalTokenCount: 1230, thoughtsTokenCount: 30 }, ...geminiEnvelope },
    { candidates: [{ content: { parts: [{ text: 'Let me check ' }], role: 'model' }, index: 0 }], usageMetadata: { promptTokenCount: 1200, candidatesTokenCount: 3, totalTokenCount: 1233, thoughtsTokenCount: 30 }, ...geminiEnvelope },
    { candidates: [{ content: { parts: [{ text: '👋 ' }], role: 'model' }, index: 0 }], usageMetadata: { promptTokenCount: 1200, candidatesTokenCount: 5, totalTokenCount: 1235, thoughtsTokenCount: 30 }, ...geminiEnvelope },
    {
      candidates: [{ content: { parts: [{ functionCall: { name: TOOL.name, args: TOOL.args }, thoughtSignature: GEMINI_SIGNATURE }], role: 'model' }, finishReason: 'STOP', index: 0 }],
      usageMetadata: GEMINI_USAGE,
      ...geminiEnvelope,
    },
  ]),
  usage: { promptTokens: 1200, completionTokens: 80, cacheReadTokens: 200, cacheWriteTokens: 0, reasoningTokens: 30 },
  signature: GEMINI_SIGNATURE,
  toolCallId: null,
};

export const RECORDED: Record<'OPENAI' | 'ANTHROPIC' | 'GEMINI', RecordedTurn> = { OPENAI, ANTHROPIC, GEMINI };
export const PROTOCOLS = ['OPENAI', 'ANTHROPIC', 'GEMINI'] as const satisfies readonly ChannelProtocol[];
