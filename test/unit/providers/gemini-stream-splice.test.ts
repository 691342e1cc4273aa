import { createGeminiStreamSplicer } from '../../../src/gateway/providers/gemini/stream-splice';
import { GeminiStreamMapper } from '../../../src/gateway/providers/gemini/stream';
import { everyCut, runMapper, runSplicer } from '../../support/splice-harness';
import { GEMINI_ERROR_STREAM, GEMINI_SAFETY_STREAM, GEMINI_TOOL_STREAM } from './fixtures/gemini-streams';

// Gemini SSE on a Gemini channel: each GenerateContentResponse reaches the caller as Google wrote
// it, only `modelVersion` replaced; usage, delivered text, the finish and the end are read as the
// decoding way reads them, however the upstream's writes are cut.

const CTX = { model: 'gemini-flash', requestId: 'req-1', created: 1 };
const create = () => createGeminiStreamSplicer(CTX);
const expectedBytes = (upstream: string) => upstream.replaceAll('"modelVersion":"gemini-2.5-flash"', `"modelVersion":"${CTX.model}"`);

function event(json: object): string {
  return `data: ${JSON.stringify(json)}\r\n\r\n`;
}

/** Thought and text parts, usage on every event but the finishing one, a second candidate once. */
const MIXED_STREAM = [
  event({ candidates: [{ content: { parts: [{ text: 'plan \\ "quoted"', thought: true }], role: 'model' }, index: 0 }], usageMetadata: { promptTokenCount: 5, totalTokenCount: 5 }, modelVersion: 'gemini-2.5-flash' }),
  event({ candidates: [{ content: { parts: [{ text: 'é', thoughtSignature: 'c2ln' }], role: 'model' }, index: 0 }, { content: { parts: [{ text: 'other' }] }, index: 1 }], usageMetadata: { promptTokenCount: 5, candidatesTokenCount: 1, totalTokenCount: 6 }, modelVersion: 'gemini-2.5-flash' }),
  event({ candidates: [{ content: { parts: [{ text: ' world' }], role: 'model' }, groundingMetadata: { groundingSupports: [{ segment: { text: 'not delivered' } }] }, index: 0 }], usageMetadata: { promptTokenCount: 5, candidatesTokenCount: 3, totalTokenCount: 8 }, modelVersion: 'gemini-2.5-flash' }),
  event({ candidates: [{ content: { parts: [{ text: '' }], role: 'model' }, finishReason: 'STOP', index: 0 }], modelVersion: 'gemini-2.5-flash' }),
].join('');

it.each([
  ['text then a function call', GEMINI_TOOL_STREAM],
  ['a safety stop', GEMINI_SAFETY_STREAM],
  ['thoughts, two candidates, usage only before the finish', MIXED_STREAM],
])('passes %s through byte for byte except modelVersion, at every cut, counting as the decoding way', async (_name, upstream) => {
  const reference = await runMapper(new GeminiStreamMapper(CTX), upstream);
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
  expect(whole.usage).toBeDefined();
  expect(whole.usage).toEqual(reference.usage);
});

it('takes the usage of the last event that had it when the finishing event has none', () => {
  const run = runSplicer(create, [Buffer.from(MIXED_STREAM)]);
  expect(run.usage).toMatchObject({ promptTokens: 5, completionTokens: 3 });
  expect(run.totals).toMatchObject({ finished: true, bytes: Buffer.byteLength('plan \\ "quoted"é world') });
});

it('reports an error event instead of forwarding it', async () => {
  const run = runSplicer(create, [Buffer.from(GEMINI_ERROR_STREAM)]);
  expect(run.error).toBe(true);
  expect(run.text).toBe(expectedBytes(GEMINI_ERROR_STREAM.slice(0, GEMINI_ERROR_STREAM.indexOf('data: {"error"'))));
  expect((await runMapper(new GeminiStreamMapper(CTX), GEMINI_ERROR_STREAM)).error).toBe(true);
});

it('does not call a stream cut before its finish done', () => {
  const cut = GEMINI_TOOL_STREAM.slice(0, GEMINI_TOOL_STREAM.indexOf('functionCall') - 40);
  const run = runSplicer(create, [Buffer.from(cut.slice(0, cut.lastIndexOf('\r\n\r\n') + 4))]);
  expect(run.done).toBe(false);
  expect(run.usage).toBeUndefined();
});

it('takes LF framing and multi-line data the decoding way with the same counts', async () => {
  const lf = GEMINI_SAFETY_STREAM.replaceAll('\r\n', '\n');
  const reference = await runMapper(new GeminiStreamMapper(CTX), lf);
  const run = runSplicer(create, [Buffer.from(lf)]);
  expect(run.text).toBe(expectedBytes(lf));
  expect([run.totals, run.usage, run.done]).toEqual([reference.totals, reference.usage, reference.done]);
  const multi = 'data: {"candidates":[{"content":{"parts":[{"text":"ab"}]},\ndata: "finishReason":"STOP"}],"usageMetadata":{"promptTokenCount":1,"candidatesTokenCount":1},"modelVersion":"x"}\n\n';
  const decoded = runSplicer(create, [Buffer.from(multi)]);
  expect(decoded.totals).toMatchObject({ bytes: 2, finished: true });
  expect(JSON.parse(decoded.text.slice(6))).toMatchObject({ modelVersion: CTX.model });
});
