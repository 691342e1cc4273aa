import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeUpstream } from '../src/demo/fake-upstream/fake-upstream';

// A deliberately cheap OpenAI-compatible upstream for load tests: fixed answers, no bookkeeping,
// so the numbers measure the gateway and not the mock.
const COMPLETION = JSON.stringify({
  id: 'chatcmpl-bench', object: 'chat.completion', created: 1_700_000_000, model: 'bench',
  choices: [{ index: 0, message: { role: 'assistant', content: 'Hello from the bench upstream.' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 12, completion_tokens: 7, total_tokens: 19 },
});

const chunk = (delta: object, finish: string | null) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1_700_000_000, model: 'bench', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
const STREAM_HEAD = chunk({ role: 'assistant', content: '' }, null);
/** The streamed answer, 20 pieces; the vendor fake says the same so every surface streams alike. */
export const STREAM_SENTENCE = 'Hello from the bench upstream , streaming twenty small pieces of text to the gateway under test right now .';
const STREAM_WORDS = STREAM_SENTENCE
  .split(' ')
  .map((w) => chunk({ content: w + ' ' }, null));
const STREAM_TAIL = chunk({}, 'stop');
const USAGE = `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1_700_000_000, model: 'bench', choices: [], usage: { prompt_tokens: 12, completion_tokens: STREAM_WORDS.length, total_tokens: 12 + STREAM_WORDS.length } })}\n\n`;

// The media surfaces' answers: a small image, 8 KB of audio bytes, one moderation result.
const IMAGES = JSON.stringify({ created: 1_700_000_000, data: [{ b64_json: Buffer.alloc(2_048, 7).toString('base64') }] });
const SPEECH = Buffer.alloc(8_192, 1);
const MODERATION = JSON.stringify({ id: 'modr-bench', model: 'bench', results: [{ flagged: false, categories: { violence: false }, category_scores: { violence: 0.01 } }] });
// Anthropic Messages and Gemini, JSON and streamed, with the same text and the same 20 pieces,
// each stream written in one go as the chat stream is (the vendor fake writes an event at a time,
// which would measure TCP segments rather than the surface).
const TEXT = 'Hello from the bench upstream.';
const ANTHROPIC_MESSAGE = { id: 'msg_bench', type: 'message', role: 'assistant', model: 'bench' };
const ANTHROPIC_JSON = JSON.stringify({ ...ANTHROPIC_MESSAGE, content: [{ type: 'text', text: TEXT }], stop_reason: 'end_turn', stop_sequence: null, usage: { input_tokens: 12, output_tokens: 7 } });
const anthropicEvent = (type: string, data: object) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
const PIECES = STREAM_SENTENCE.split(' ').map((w) => w + ' ');
const ANTHROPIC_STREAM = [
  anthropicEvent('message_start', { message: { ...ANTHROPIC_MESSAGE, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 12, output_tokens: 1 } } }),
  anthropicEvent('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
  ...PIECES.map((text) => anthropicEvent('content_block_delta', { index: 0, delta: { type: 'text_delta', text } })),
  anthropicEvent('content_block_stop', { index: 0 }),
  anthropicEvent('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: PIECES.length } }),
  anthropicEvent('message_stop', {}),
].join('');
const geminiUsage = (out: number) => ({ promptTokenCount: 12, candidatesTokenCount: out, totalTokenCount: 12 + out });
const GEMINI_JSON = JSON.stringify({ candidates: [{ content: { parts: [{ text: TEXT }], role: 'model' }, finishReason: 'STOP', index: 0 }], usageMetadata: geminiUsage(7), modelVersion: 'bench' });
const GEMINI_SSE = PIECES.map((text, i) => {
  const last = i === PIECES.length - 1;
  const candidate = { content: { parts: [{ text }], role: 'model' }, index: 0, ...(last ? { finishReason: 'STOP' } : {}) };
  return `data: ${JSON.stringify({ candidates: [candidate], usageMetadata: geminiUsage(i + 1), modelVersion: 'bench' })}\r\n\r\n`;
}).join('');

const FIXED: Record<string, { type: string; body: string | Buffer }> = {
  '/v1/images/generations': { type: 'application/json', body: IMAGES },
  '/v1/audio/speech': { type: 'audio/mpeg', body: SPEECH },
  '/v1/moderations': { type: 'application/json', body: MODERATION },
};

/** Anthropic's and Gemini's answers (`/v1/messages`, `/v1beta/models/...:generateContent`). */
function vendorAnswer(path: string, body: string): { type: string; body: string } | undefined {
  if (path === '/v1/messages') {
    return body.includes('"stream":true') ? { type: 'text/event-stream', body: ANTHROPIC_STREAM } : { type: 'application/json', body: ANTHROPIC_JSON };
  }
  if (path.startsWith('/v1beta/models/')) {
    return path.endsWith(':streamGenerateContent') ? { type: 'text/event-stream', body: GEMINI_SSE } : { type: 'application/json', body: GEMINI_JSON };
  }
  return undefined;
}

export async function startBenchUpstream(port = 0): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      const body = Buffer.concat(parts).toString('utf8');
      const path = (req.url ?? '').split('?')[0]!;
      const fixed = FIXED[path] ?? vendorAnswer(path, body);
      if (fixed) {
        res.writeHead(200, { 'content-type': fixed.type, 'content-length': Buffer.byteLength(fixed.body) });
        res.end(fixed.body);
        return;
      }
      if (!body.includes('"stream":true')) {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(COMPLETION) });
        res.end(COMPLETION);
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write(STREAM_HEAD);
      for (const w of STREAM_WORDS) res.write(w);
      res.write(STREAM_TAIL);
      if (body.includes('"include_usage":true')) res.write(USAGE);
      res.end('data: [DONE]\n\n');
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/**
 * The test suite's vendor fake (Anthropic, Gemini, embeddings, transcription, rerank, image edits,
 * realtime) for the surfaces the cheap mock does not speak, every answer the same 20 pieces. It
 * records each request for tests; under load that list is emptied every second so the mock's
 * memory stays flat.
 */
export async function startVendorFake(port = 0): Promise<FakeUpstream> {
  const fake = await FakeUpstream.start({ port });
  fake.setDefault({ content: STREAM_SENTENCE });
  setInterval(() => {
    fake.requests.length = 0;
  }, 1_000);
  return fake;
}

if (require.main === module) {
  // `[port]`: the cheap mock on it, the vendor fake on the next port.
  const port = Number(process.argv[2] ?? 18080);
  void Promise.all([startBenchUpstream(port), startVendorFake(port + 1)]).then(([mock, fake]) =>
    process.stdout.write(`bench upstream on ${mock.url}, vendor fake on ${fake.url}\n`),
  );
}
