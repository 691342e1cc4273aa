import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { ClientConnection } from '../../../src/gateway/pipeline/client-connection';
import { relayStream, type StreamRelayResult } from '../../../src/gateway/pipeline/stream-relay';
import type { ChatCompletionChunk, StreamMapper, StreamOutput, Usage } from '../../../src/gateway/providers/types';
import { SseWriter } from '../../../src/gateway/sse/sse-writer';
import type { SurfaceStreamEncoder } from '../../../src/gateway/surfaces/surface';
import { AttemptControl } from '../../../src/gateway/upstream/attempt-control';

// Protocols without an end-of-stream event (Gemini) can only tell at the end of the body
// whether the answer was whole and what it cost: the relay must take `done` and `usage`
// from the mapper's end() as it does from push().

const USAGE: Usage = { promptTokens: 12, completionTokens: 3, cacheReadTokens: 0, cacheWriteTokens: 0 };

function chunk(content: string): ChatCompletionChunk {
  return { id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: null }] };
}

/** Reports nothing but content while the body runs; the verdict and the count come at the end. */
class EndReportingMapper implements StreamMapper {
  push(event: { data: string }): StreamOutput {
    return { chunks: [chunk(event.data)] };
  }

  end(): StreamOutput {
    return { chunks: [{ ...chunk(''), choices: [], usage: { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 } }], usage: USAGE, done: true };
  }
}

/** Every chunk as a `data:` line, usage chunk included (as chat completions with include_usage). */
const PLAIN_SSE: SurfaceStreamEncoder = { chunk: (c) => `data: ${JSON.stringify(c)}\n\n`, finish: () => '', error: () => '' };

let server: Server;
let url: string;
let result: StreamRelayResult | undefined;

beforeAll(async () => {
  server = createServer((_req, res) => {
    const control = new AttemptControl({ firstByteTimeoutMs: 5_000, totalTimeoutMs: 5_000 }, new ClientConnection(res));
    const writer = new SseWriter(res, 0);
    const body = Readable.from([Buffer.from('data: a\n\ndata: b'), Buffer.from('\n\n')]);
    void relayStream(body, new EndReportingMapper(), writer, control, { encoder: PLAIN_SSE, onFirstToken: () => undefined }).then((relayed) => {
      result = relayed;
      control.dispose();
      writer.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it('honours the usage and done the mapper reports from end()', async () => {
  const text = await (await fetch(url)).text();
  const events = text.split('\n\n').filter(Boolean);
  expect(events.map((e) => (e === 'data: [DONE]' ? e : (JSON.parse(e.slice(6)) as ChatCompletionChunk).choices[0]?.delta.content ?? 'usage'))).toEqual([
    'a', 'b', 'usage', 'data: [DONE]',
  ]);
  expect(result).toMatchObject({ status: 'COMPLETED', usage: USAGE, contentChunks: 2 });
});
