// CPU per burst stream of the two ways a same-protocol stream can be relayed, in-process (no
// sockets): decode every event (the adapter's mapper reads it, the surface writes it again), or
// cut the bytes into events and splice them. Chat completions on an OpenAI channel, Messages on
// an Anthropic channel, Gemini SSE on a Gemini channel.
//   npx tsx bench/stream-splice-micro.ts [streams=20000]
import { createAnthropicStreamSplicer } from '../src/gateway/providers/anthropic/stream-splice';
import { AnthropicStreamMapper } from '../src/gateway/providers/anthropic/stream';
import { createGeminiStreamSplicer } from '../src/gateway/providers/gemini/stream-splice';
import { GeminiStreamMapper } from '../src/gateway/providers/gemini/stream';
import { createOpenAIStreamMapper } from '../src/gateway/providers/openai/stream';
import { createOpenAIStreamSplicer } from '../src/gateway/providers/openai/stream-splice';
import type { StreamMapper, StreamSplicer } from '../src/gateway/providers/types';
import { SseBlockSplitter } from '../src/gateway/sse/sse-blocks';
import { SseEventDecoder, SseLineDecoder } from '../src/gateway/sse/sse-decoder';
import { anthropicPassthrough } from '../src/gateway/surfaces/anthropic/passthrough';
import { chatSurface } from '../src/gateway/surfaces/chat-surface';
import { geminiPassthrough } from '../src/gateway/surfaces/gemini/passthrough';
import type { ChatRequestBody } from '../src/gateway/providers/types';
import type { SseEvent } from '../src/gateway/sse/sse-decoder';
import { ANTHROPIC_STREAM, GEMINI_STREAM } from './protocol-stream-answers';

const ctx = { model: 'gpt-4o-mini', requestId: 'r', created: 1 };
const chunk = (delta: object, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1700000000, model: 'gpt-4o-mini-2024-07-18', system_fingerprint: 'fp_0', choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }], usage: null })}\n\n`;
// What the bench's mock writes in one burst: role, 20 content chunks, finish, usage, [DONE].
const chatBody = Buffer.from(
  [
    chunk({ role: 'assistant', content: '' }),
    ...Array.from({ length: 20 }, (_, i) => chunk({ content: ` token${i}` })),
    chunk({}, 'stop'),
    `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1700000000, model: 'gpt-4o-mini-2024-07-18', choices: [], usage: { prompt_tokens: 48, completion_tokens: 20, total_tokens: 68 } })}\n\n`,
    'data: [DONE]\n\n',
  ].join(''),
);
const request = { body: { model: 'gpt-4o-mini', messages: [], stream: true, stream_options: { include_usage: true } } as ChatRequestBody, stream: true, raw: {} };
const info = { req: undefined as never, query: new URLSearchParams() };

/** The decoding way: bytes -> lines -> events -> the mapper, and each event's bytes for the caller from `render`. */
function decodeWith(body: Buffer, mapper: StreamMapper, render: (event: SseEvent, chunks: ReturnType<StreamMapper['push']>) => string): number {
  const lines = new SseLineDecoder();
  const events = new SseEventDecoder();
  let out = 0;
  for (const line of lines.push(body)) {
    const event = events.pushLine(line);
    if (event) out += Buffer.byteLength(render(event, mapper.push(event)));
  }
  return out;
}

function spliceWith(body: Buffer, splicer: StreamSplicer): number {
  const blocks = new SseBlockSplitter();
  const parts: Buffer[] = [];
  for (const block of blocks.push(body)) {
    const e = splicer.splice(block);
    if (e.bytes) parts.push(e.bytes);
  }
  splicer.end?.();
  return Buffer.concat(parts).length;
}

const anthropicBody = Buffer.from(ANTHROPIC_STREAM);
const geminiBody = Buffer.from(GEMINI_STREAM);
const CASES: Array<{ name: string; body: Buffer; decode: () => number; splice: () => number }> = [
  {
    name: 'chat completions',
    body: chatBody,
    decode: () => {
      const encoder = chatSurface.streamEncoder(request, ctx, info);
      return decodeWith(chatBody, createOpenAIStreamMapper(ctx), (_e, out) => out.chunks.map((c) => encoder.chunk(c)).join(''));
    },
    splice: () => spliceWith(chatBody, createOpenAIStreamSplicer(ctx, { includeUsage: true })),
  },
  {
    name: 'messages',
    body: anthropicBody,
    decode: () => decodeWith(anthropicBody, new AnthropicStreamMapper(ctx), (e) => anthropicPassthrough.rewriteEvent(e, ctx)),
    splice: () => spliceWith(anthropicBody, createAnthropicStreamSplicer(ctx)),
  },
  {
    name: 'gemini sse',
    body: geminiBody,
    decode: () => decodeWith(geminiBody, new GeminiStreamMapper(ctx), (e) => `data: ${geminiPassthrough.rewriteEvent(e, ctx)}\r\n\r\n`),
    splice: () => spliceWith(geminiBody, createGeminiStreamSplicer(ctx)),
  },
];

function measure(run: () => number, streams: number): number {
  for (let i = 0; i < 2000; i++) run(); // JIT warm-up
  const start = process.cpuUsage();
  for (let i = 0; i < streams; i++) run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / streams;
}

const streams = Number(process.argv[2] ?? 20_000);
process.stdout.write('| stream | bytes | decode + encode µs CPU/stream | splice µs CPU/stream |\n|---|---|---|---|\n');
for (const c of CASES) process.stdout.write(`| ${c.name} | ${c.body.length} | ${measure(c.decode, streams).toFixed(1)} | ${measure(c.splice, streams).toFixed(1)} |\n`);
