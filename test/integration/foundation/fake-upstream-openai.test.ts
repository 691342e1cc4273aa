import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import { decodeSse } from '../../../src/gateway/sse/sse-decoder';

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await FakeUpstream.start();
});
afterEach(() => upstream.reset());
afterAll(() => upstream.close());

const chat = (body: object) =>
  fetch(`${upstream.openAIBaseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer up-key' },
    body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hello big world' }], ...body }),
  });

async function events(res: Response): Promise<string[]> {
  const out: string[] = [];
  for await (const e of decodeSse(res.body as unknown as AsyncIterable<Uint8Array>)) out.push(e.data);
  return out;
}

describe('fake upstream, OpenAI wire format', () => {
  it('echoes as a chat.completion with deterministic usage and records the request', async () => {
    const res = await chat({});
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      object: 'chat.completion',
      model: 'm',
      choices: [{ index: 0, message: { role: 'assistant', content: 'echo: hello big world' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 4, completion_tokens: 4, total_tokens: 8 },
    });
    expect(upstream.requests[0]).toMatchObject({ method: 'POST', path: '/v1/chat/completions', body: { model: 'm' } });
    expect(upstream.requests[0]!.headers.authorization).toBe('Bearer up-key');
  });

  it('streams role, content, finish and [DONE]; the usage chunk only when asked', async () => {
    const plain = await events(await chat({ stream: true }));
    expect(plain.at(-1)).toBe('[DONE]');
    const chunks = plain.slice(0, -1).map((d) => JSON.parse(d));
    expect(chunks[0].choices[0].delta).toMatchObject({ role: 'assistant', content: '' });
    expect(chunks.map((c) => c.choices[0]?.delta?.content ?? '').join('')).toBe('echo: hello big world');
    expect(chunks.at(-1).choices[0].finish_reason).toBe('stop');
    expect(chunks.some((c) => c.usage)).toBe(false);

    const withUsage = await events(await chat({ stream: true, stream_options: { include_usage: true } }));
    const usage = JSON.parse(withUsage.at(-2)!);
    expect(usage.choices).toEqual([]);
    expect(usage.usage).toEqual({ prompt_tokens: 4, completion_tokens: 4, total_tokens: 8 });
  });

  it('fails as scripted: status codes, dropped connections, cut streams, delays', async () => {
    upstream.next(
      { status: 503, headers: { 'retry-after': '1' } },
      { dropConnection: true },
      { cutAfterChunks: 2, content: 'a b c d e' },
      { delayMs: 150, content: 'late' },
    );
    const unavailable = await chat({});
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers.get('retry-after')).toBe('1');
    expect((await unavailable.json()).error.type).toBe('server_error');

    await expect(chat({})).rejects.toThrow();

    const cut = await chat({ stream: true });
    await expect(events(cut)).rejects.toThrow();

    const started = Date.now();
    const late = await chat({});
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect((await late.json()).choices[0].message.content).toBe('late');

    expect((await (await chat({})).json()).choices[0].message.content).toBe('echo: hello big world');
  });

  it('notices when the client goes away mid-stream', async () => {
    upstream.next({ chunkDelayMs: 50, content: 'one two three four five six' });
    const controller = new AbortController();
    const res = await chat({ stream: true });
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
    controller.abort();
    await new Promise((r) => setTimeout(r, 200));
    expect(upstream.requests[0]!.aborted).toBe(true);
  });
});
