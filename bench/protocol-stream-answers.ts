// The bench mock's answers in the Anthropic and Gemini wire formats: the same burst as its chat
// completions stream (a start, twenty small text pieces, the end with usage), written at once,
// so each surface's same-protocol stream is measured against its own protocol's upstream.

const WORDS = 'Hello from the bench upstream , streaming twenty small pieces of text to the gateway under test right now .'.split(' ');

const anthropicEvent = (type: string, data: object) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;

/** `POST /v1/messages` with `stream: true`. */
export const ANTHROPIC_STREAM = [
  anthropicEvent('message_start', {
    message: { id: 'msg_bench', type: 'message', role: 'assistant', model: 'bench', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 12, output_tokens: 1 } },
  }),
  anthropicEvent('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
  anthropicEvent('ping', {}),
  ...WORDS.map((w) => anthropicEvent('content_block_delta', { index: 0, delta: { type: 'text_delta', text: `${w} ` } })),
  anthropicEvent('content_block_stop', { index: 0 }),
  anthropicEvent('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: WORDS.length } }),
  anthropicEvent('message_stop', {}),
].join('');

const geminiEvent = (json: object) => `data: ${JSON.stringify(json)}\r\n\r\n`;

/** `:streamGenerateContent?alt=sse`: usage metadata on every event, as Google sends it. */
export const GEMINI_STREAM = [
  ...WORDS.map((w, i) =>
    geminiEvent({
      candidates: [{ content: { parts: [{ text: `${w} ` }], role: 'model' }, index: 0 }],
      usageMetadata: { promptTokenCount: 12, candidatesTokenCount: i + 1, totalTokenCount: 13 + i },
      modelVersion: 'bench', responseId: 'bench',
    }),
  ),
  geminiEvent({
    candidates: [{ content: { parts: [{ text: '' }], role: 'model' }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 12, candidatesTokenCount: WORDS.length, totalTokenCount: 12 + WORDS.length },
    modelVersion: 'bench', responseId: 'bench',
  }),
].join('');

/** The body for a protocol's stream path, or undefined for the chat completions routes. */
export function protocolStreamFor(url: string): string | undefined {
  if (url === '/v1/messages') return ANTHROPIC_STREAM;
  if (url.includes(':streamGenerateContent')) return GEMINI_STREAM;
  return undefined;
}
