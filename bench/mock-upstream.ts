import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { protocolStreamFor } from './protocol-stream-answers';

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
const STREAM_WORDS = 'Hello from the bench upstream , streaming twenty small pieces of text to the gateway under test right now .'
  .split(' ')
  .map((w) => chunk({ content: w + ' ' }, null));
const STREAM_TAIL = chunk({}, 'stop');
const USAGE = `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1_700_000_000, model: 'bench', choices: [], usage: { prompt_tokens: 12, completion_tokens: STREAM_WORDS.length, total_tokens: 12 + STREAM_WORDS.length } })}\n\n`;

// The media surfaces' answers: a small image, 8 KB of audio bytes, one moderation result.
const IMAGES = JSON.stringify({ created: 1_700_000_000, data: [{ b64_json: Buffer.alloc(2_048, 7).toString('base64') }] });
const SPEECH = Buffer.alloc(8_192, 1);
const MODERATION = JSON.stringify({ id: 'modr-bench', model: 'bench', results: [{ flagged: false, categories: { violence: false }, category_scores: { violence: 0.01 } }] });
const FIXED: Record<string, { type: string; body: string | Buffer }> = {
  '/v1/images/generations': { type: 'application/json', body: IMAGES },
  '/v1/audio/speech': { type: 'audio/mpeg', body: SPEECH },
  '/v1/moderations': { type: 'application/json', body: MODERATION },
};

export async function startBenchUpstream(port = 0): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      const body = Buffer.concat(parts).toString('utf8');
      const fixed = FIXED[req.url ?? ''];
      if (fixed) {
        res.writeHead(200, { 'content-type': fixed.type, 'content-length': Buffer.byteLength(fixed.body) });
        res.end(fixed.body);
        return;
      }
      const protocolStream = protocolStreamFor(req.url ?? '');
      if (protocolStream) {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        res.end(protocolStream);
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

if (require.main === module) {
  const port = Number(process.argv[2] ?? 18080);
  void startBenchUpstream(port).then(({ url }) => process.stdout.write(`bench upstream on ${url}\n`));
}
