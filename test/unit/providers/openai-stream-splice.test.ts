import { measureChunk } from '../../../src/gateway/providers/chunk-measure';
import { createOpenAIStreamSplicer } from '../../../src/gateway/providers/openai/stream-splice';
import type { ChatCompletionChunk, SplicedEvent } from '../../../src/gateway/providers/types';
import { SseBlockSplitter } from '../../../src/gateway/sse/sse-blocks';

// Chat completions on an OpenAI channel: the upstream's events reach the caller as bytes, with
// only the model name and an unasked usage report changed. These tests hold the splice to that:
// bytes otherwise identical, whatever way the upstream's writes are cut.

const CTX = { model: 'gpt-4o-mini', requestId: 'req-1', created: 1 };

function event(json: object): string {
  return `data: ${JSON.stringify(json)}\n\n`;
}

function chunk(delta: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1700000000, model: 'vendor-mini-2024', choices: [{ index: 0, delta, finish_reason: null }], ...extra };
}

const USAGE = { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17, prompt_tokens_details: { cached_tokens: 4 } };

/** An upstream stream as OpenAI writes it when asked for usage: `"usage":null` on every chunk, then a usage chunk. */
const UPSTREAM = [
  event(chunk({ role: 'assistant', content: '' }, { usage: null })),
  event(chunk({ content: 'Hello, "world"\n' }, { usage: null })),
  event(chunk({ content: '你好 \\ é' }, { usage: null, system_fingerprint: 'fp_1' })),
  event(chunk({ reasoning_content: 'think' }, { usage: null })),
  event(chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'get', arguments: '{"a":1}' } }] }, { usage: null })),
  event({ ...chunk({}, { usage: null }), choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }),
  event({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1700000000, model: 'vendor-mini-2024', choices: [], usage: USAGE }),
  'data: [DONE]\n\n',
].join('');

interface Spliced {
  text: string;
  events: SplicedEvent[];
}

/** The whole stream through the splitter and the splicer, the body cut into the given reads. */
function run(reads: Buffer[], includeUsage: boolean): Spliced {
  const splitter = new SseBlockSplitter();
  const splicer = createOpenAIStreamSplicer(CTX, { includeUsage });
  const events: SplicedEvent[] = [];
  for (const read of reads) for (const block of splitter.push(read)) events.push(splicer.splice(block));
  const rest = splitter.end();
  if (rest) events.push(splicer.splice(Buffer.concat([rest, Buffer.from('\n\n')])));
  return { text: Buffer.concat(events.flatMap((e) => (e.bytes ? [e.bytes] : []))).toString(), events };
}

const upstreamModel = /"model":"vendor-mini-2024"/g;

it('replaces only the model name when the caller asked for usage: every other byte as the upstream sent it', () => {
  const { text, events } = run([Buffer.from(UPSTREAM)], true);
  expect(text).toBe(UPSTREAM.replace(upstreamModel, '"model":"gpt-4o-mini"'));
  expect(events.find((e) => e.usage)?.usage).toEqual({ promptTokens: 12, completionTokens: 5, cacheReadTokens: 4, cacheWriteTokens: 0 });
  expect(events.at(-1)).toMatchObject({ done: true });
});

it('drops the usage chunk and the "usage":null members the caller did not ask for, still reading the usage', () => {
  const { text, events } = run([Buffer.from(UPSTREAM)], false);
  const expected = UPSTREAM.split('\n\n')
    .filter((e) => e && !e.includes('"usage":{'))
    .map((e) => `${e.replace(upstreamModel, '"model":"gpt-4o-mini"').replace(',"usage":null', '')}\n\n`)
    .join('');
  expect(text).toBe(expected);
  expect(text).not.toContain('usage');
  expect(events.find((e) => e.usage)?.usage?.promptTokens).toBe(12);
});

it('gives the same bytes and counts however the upstream cuts its writes (every byte offset, and byte by byte)', () => {
  const whole = Buffer.from(UPSTREAM);
  for (const includeUsage of [true, false]) {
    const reference = run([whole], includeUsage);
    const measures = JSON.stringify(reference.events.map((e) => e.measure));
    const differing: number[] = [];
    for (let cut = 1; cut < whole.length; cut++) {
      const split = run([whole.subarray(0, cut), whole.subarray(cut)], includeUsage);
      if (split.text !== reference.text || JSON.stringify(split.events.map((e) => e.measure)) !== measures) differing.push(cut);
    }
    expect(differing).toEqual([]);
    const byteByByte = run([...whole].map((b) => Buffer.from([b])), includeUsage);
    expect(byteByByte.text).toBe(reference.text);
  }
});

it('measures delivered text from the bytes exactly as from the parsed chunk (escapes, multi-byte characters, tools)', () => {
  const { events } = run([Buffer.from(UPSTREAM)], true);
  const parsed = UPSTREAM.split('\n\n')
    .filter((e) => e && e !== 'data: [DONE]')
    .map((e) => measureChunk(JSON.parse(e.slice('data: '.length)) as ChatCompletionChunk));
  expect(events.slice(0, parsed.length).map((e) => e.measure)).toEqual(parsed);
  expect(parsed.reduce((sum, m) => sum + m.bytes, 0)).toBeGreaterThan(0);
});

it('takes pretty-printed JSON, CRLF line ends and multi-line data the decoding way, with the same result', () => {
  const pretty = `data: {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "vendor-mini-2024", "usage": null, "choices": [{"index": 0, "delta": {"content": "hi"}, "finish_reason": null}]}\n\n`;
  const spliced = run([Buffer.from(pretty)], false);
  expect(spliced.text).toBe(`data: {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o-mini", "choices": [{"index": 0, "delta": {"content": "hi"}, "finish_reason": null}]}\n\n`);
  expect(spliced.events[0]?.measure.bytes).toBe(2);

  const crlf = Buffer.from(`data: ${JSON.stringify(chunk({ content: 'hey' }))}\r\n\r\ndata: [DONE]\r\n\r\n`);
  for (let cut = 1; cut < crlf.length; cut++) {
    const out = run([crlf.subarray(0, cut), crlf.subarray(cut)], true);
    expect(out.events.map((e) => e.measure.bytes)).toEqual([3, 0]);
    expect(JSON.parse(out.text.split('\n\n')[0]!.slice(6))).toMatchObject({ model: 'gpt-4o-mini', choices: [{ delta: { content: 'hey' } }] });
    expect(out.events.at(-1)?.done).toBe(true);
  }

  const multiLine = `data: {"id":"c","object":"chat.completion.chunk","created":1,\ndata: "model":"x","choices":[{"index":0,"delta":{"content":"yo"},"finish_reason":null}]}\n\n`;
  const decoded = run([Buffer.from(multiLine)], true);
  expect(JSON.parse(decoded.text.slice(6))).toMatchObject({ model: 'gpt-4o-mini', choices: [{ delta: { content: 'yo' } }] });
});

it('reports an error event instead of forwarding it, and ignores what follows the end marker', () => {
  const errored = run([Buffer.from(`${event(chunk({ content: 'a' }))}data: {"error":{"message":"overloaded","type":"server_error"}}\n\n`)], true);
  expect(errored.events[1]?.error).toMatchObject({ message: expect.stringContaining('overloaded') });
  expect(errored.events[1]?.bytes).toBeUndefined();

  const after = run([Buffer.from(`data: [DONE]\n\n${event(chunk({ content: 'late' }))}`)], true);
  expect(after.events[1]).toEqual({ bytes: undefined, measure: { bytes: 0, finished: false, toolCall: false } });
});

it('drops a garbled event and keep-alive comments, as the decoding way does', () => {
  const out = run([Buffer.from(`: keep-alive\n\ndata: {not json\n\n${event(chunk({ content: 'ok' }))}`)], true);
  expect(out.text).toBe(event(chunk({ content: 'ok' })).replace(upstreamModel, '"model":"gpt-4o-mini"'));
});

/** The spliced bytes of `upstream`, the same whole, cut at every byte offset and fed byte by byte. */
function splicedEveryWay(upstream: string, includeUsage: boolean): string {
  const whole = Buffer.from(upstream);
  const reference = run([whole], includeUsage).text;
  for (let cut = 1; cut < whole.length; cut++) expect(run([whole.subarray(0, cut), whole.subarray(cut)], includeUsage).text).toBe(reference);
  expect(run([...whole].map((b) => Buffer.from([b])), includeUsage).text).toBe(reference);
  return reference;
}

it('replaces only the top-level "model" and cuts only the top-level "usage":null, not the members of nested objects before or after them', () => {
  const upstream =
    'data: {"id":"c","object":"chat.completion.chunk","created":1,"meta":{"model":"router-x","usage":{"n":1},"list":[{"model":"a"}]},' +
    '"model":"vendor-mini-2024","usage":null,"choices":[{"index":0,"delta":{"content":"hi"},"finish_reason":null,"usage":null}]}\n\n';
  expect(splicedEveryWay(upstream, true)).toBe(
    'data: {"id":"c","object":"chat.completion.chunk","created":1,"meta":{"model":"router-x","usage":{"n":1},"list":[{"model":"a"}]},' +
      '"model":"gpt-4o-mini","usage":null,"choices":[{"index":0,"delta":{"content":"hi"},"finish_reason":null,"usage":null}]}\n\n',
  );
  expect(splicedEveryWay(upstream, false)).toBe(
    'data: {"id":"c","object":"chat.completion.chunk","created":1,"meta":{"model":"router-x","usage":{"n":1},"list":[{"model":"a"}]},' +
      '"model":"gpt-4o-mini","choices":[{"index":0,"delta":{"content":"hi"},"finish_reason":null,"usage":null}]}\n\n',
  );
  const { events } = run([Buffer.from(upstream)], false);
  expect(events[0]?.usage).toBeUndefined();
  expect(events[0]?.measure).toEqual(measureChunk(JSON.parse(upstream.slice('data: '.length)) as ChatCompletionChunk));
});

it('leaves "model" and "usage" inside string values alone and replaces the member that follows them', () => {
  const upstream =
    'data: {"id":"c","object":"chat.completion.chunk","created":1,"system_fingerprint":"\\"model\\":\\"fp\\",\\"usage\\":null",' +
    '"choices":[{"index":0,"delta":{"content":"say \\"model\\": \\"x\\" model:"},"finish_reason":null}],"usage":null,"model":"vendor-mini-2024"}\n\n';
  expect(splicedEveryWay(upstream, true)).toBe(
    'data: {"id":"c","object":"chat.completion.chunk","created":1,"system_fingerprint":"\\"model\\":\\"fp\\",\\"usage\\":null",' +
      '"choices":[{"index":0,"delta":{"content":"say \\"model\\": \\"x\\" model:"},"finish_reason":null}],"usage":null,"model":"gpt-4o-mini"}\n\n',
  );
  expect(splicedEveryWay(upstream, false)).toBe(
    'data: {"id":"c","object":"chat.completion.chunk","created":1,"system_fingerprint":"\\"model\\":\\"fp\\",\\"usage\\":null",' +
      '"choices":[{"index":0,"delta":{"content":"say \\"model\\": \\"x\\" model:"},"finish_reason":null}],"model":"gpt-4o-mini"}\n\n',
  );
});
