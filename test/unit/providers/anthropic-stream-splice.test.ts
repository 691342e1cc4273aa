import { createAnthropicStreamSplicer } from '../../../src/gateway/providers/anthropic/stream-splice';
import { AnthropicStreamMapper } from '../../../src/gateway/providers/anthropic/stream';
import { everyCut, runMapper, runSplicer } from '../../support/splice-harness';
import { ANTHROPIC_MAX_TOKENS_STREAM, ANTHROPIC_OVERLOADED_STREAM, ANTHROPIC_TOOL_STREAM } from './fixtures/anthropic-streams';

// Messages on an Anthropic channel: the upstream's events reach the caller as bytes, only
// message_start's `message.model` replaced by the catalogue id; usage, the delivered text and the
// end are read as the decoding way reads them, however the upstream's writes are cut.

const CTX = { model: 'claude-sonnet-4-5', requestId: 'req-1', created: 1 };
const create = () => createAnthropicStreamSplicer(CTX);

/** The upstream's bytes with only message_start's model replaced. */
function expectedBytes(upstream: string): string {
  return upstream.replace(/("type":"message_start","message":\{[^\n]*?"model":)"[^"\n]*"/, `$1"${CTX.model}"`);
}

it.each([
  ['text and tool calls', ANTHROPIC_TOOL_STREAM],
  ['max_tokens with an unknown event type', ANTHROPIC_MAX_TOKENS_STREAM],
])('passes %s through byte for byte except the model, at every cut, counting as the decoding way', async (_name, upstream) => {
  const reference = await runMapper(new AnthropicStreamMapper(CTX), upstream);
  const expected = expectedBytes(upstream);
  expect(expected).not.toBe(upstream);
  const differing: number[] = [];
  for (const reads of everyCut(Buffer.from(upstream))) {
    const run = runSplicer(create, reads);
    if (run.text !== expected || JSON.stringify([run.totals, run.usage, run.done]) !== JSON.stringify([reference.totals, reference.usage, reference.done])) differing.push(reads.length);
  }
  expect(differing).toEqual([]);
  const whole = runSplicer(create, [Buffer.from(upstream)]);
  expect(whole.done).toBe(true);
  expect(whole.usage).toEqual(reference.usage);
  expect(whole.totals.bytes).toBeGreaterThan(0);
  // The end marker comes last, flagged, so the relay can hold it back until the charge is settled.
  expect(whole.events.at(-1)).toMatchObject({ done: true, bytes: Buffer.from('event: message_stop\ndata: {"type":"message_stop"}\n\n') });
});

it('reads the usage Anthropic reports (prompt and cache counts at message_start, output at message_delta)', () => {
  const run = runSplicer(create, [Buffer.from(ANTHROPIC_TOOL_STREAM)]);
  expect(run.usage).toMatchObject({ promptTokens: 312, completionTokens: 42, cacheReadTokens: 200, cacheWriteTokens: 100 });
  expect(run.totals).toMatchObject({ finished: true, toolCall: true });
});

it('reports an error event instead of forwarding it, after passing what came before', async () => {
  const run = runSplicer(create, [Buffer.from(ANTHROPIC_OVERLOADED_STREAM)]);
  expect(run.error).toBe(true);
  expect(run.events.at(-1)?.error).toMatchObject({ retryable: true });
  expect(run.text).not.toContain('overloaded');
  expect(run.text).toBe(expectedBytes(ANTHROPIC_OVERLOADED_STREAM.slice(0, ANTHROPIC_OVERLOADED_STREAM.indexOf('event: error'))));
  expect((await runMapper(new AnthropicStreamMapper(CTX), ANTHROPIC_OVERLOADED_STREAM)).error).toBe(true);
});

it('takes events in other forms (CRLF line ends, several data lines, no event line) and counts them alike', async () => {
  const crlf = ANTHROPIC_MAX_TOKENS_STREAM.replaceAll('\n', '\r\n');
  const reference = await runMapper(new AnthropicStreamMapper(CTX), crlf);
  for (const reads of everyCut(Buffer.from(crlf)).slice(0, 200)) {
    const run = runSplicer(create, reads);
    expect([run.totals, run.usage, run.done]).toEqual([reference.totals, reference.usage, reference.done]);
    expect(run.text).toContain(`"model":"${CTX.model}"`);
    expect(run.text).toContain('"text":"Once upon"');
  }
  const split = 'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,\ndata: "delta":{"type":"text_delta","text":"ab"}}\n\n';
  expect(runSplicer(create, [Buffer.from(split)]).events[0]?.measure.bytes).toBe(2);
  const unnamed = 'data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"abc"}}\n\n';
  expect(runSplicer(create, [Buffer.from(unnamed)]).events[0]?.measure.bytes).toBe(3);
});

it('leaves "model" inside text and nested objects alone, and measures escaped text by what it stands for', () => {
  const upstream =
    'event: message_start\ndata: {"type":"message_start","message":{"id":"m","meta":{"model":"x"},"model":"claude-x","content":[],"usage":{"input_tokens":1,"output_tokens":1}}}\n\n' +
    'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"\\"model\\": \\u00e9\\n"}}\n\n';
  const run = runSplicer(create, [Buffer.from(upstream)]);
  expect(run.text).toBe(upstream.replace('"model":"claude-x"', `"model":"${CTX.model}"`));
  expect(run.events[1]?.measure.bytes).toBe(Buffer.byteLength('"model": é\n'));
});
