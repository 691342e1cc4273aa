// CPU per burst stream of the two ways chat completions on an OpenAI channel can relay an
// upstream stream, in-process (no sockets): decode every event into a chunk and encode it again
// (the mapper and the surface encoder), or cut the bytes into events and splice them.
//   npx tsx bench/stream-splice-micro.ts [streams=20000]
import { createOpenAIStreamMapper } from '../src/gateway/providers/openai/stream';
import { createOpenAIStreamSplicer } from '../src/gateway/providers/openai/stream-splice';
import { SseBlockSplitter } from '../src/gateway/sse/sse-blocks';
import { SseEventDecoder, SseLineDecoder } from '../src/gateway/sse/sse-decoder';
import { chatSurface } from '../src/gateway/surfaces/chat-surface';
import type { ChatRequestBody } from '../src/gateway/providers/types';

const ctx = { model: 'gpt-4o-mini', requestId: 'r', created: 1 };
const chunk = (delta: object, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1700000000, model: 'gpt-4o-mini-2024-07-18', system_fingerprint: 'fp_0', choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }], usage: null })}\n\n`;
// What the bench's mock writes in one burst: role, 20 content chunks, finish, usage, [DONE].
const body = Buffer.from(
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

function decodeAndEncode(): number {
  const lines = new SseLineDecoder();
  const events = new SseEventDecoder();
  const mapper = createOpenAIStreamMapper(ctx);
  const encoder = chatSurface.streamEncoder(request, ctx, info);
  let out = 0;
  for (const line of lines.push(body)) {
    const event = events.pushLine(line);
    if (!event) continue;
    for (const c of mapper.push(event).chunks) out += Buffer.byteLength(encoder.chunk(c));
  }
  return out;
}

function splice(): number {
  const blocks = new SseBlockSplitter();
  const splicer = createOpenAIStreamSplicer(ctx, { includeUsage: true });
  const parts: Buffer[] = [];
  for (const block of blocks.push(body)) {
    const e = splicer.splice(block);
    if (e.bytes) parts.push(e.bytes);
  }
  return Buffer.concat(parts).length;
}

function measure(name: string, run: () => number, streams: number): void {
  for (let i = 0; i < 2000; i++) run(); // JIT warm-up
  const start = process.cpuUsage();
  for (let i = 0; i < streams; i++) run();
  const used = process.cpuUsage(start);
  process.stdout.write(`${name.padEnd(18)} ${((used.user + used.system) / streams).toFixed(1)} µs CPU per stream (${body.length} bytes, 24 events)\n`);
}

const streams = Number(process.argv[2] ?? 20_000);
measure('decode + encode', decodeAndEncode, streams);
measure('splice', splice, streams);
