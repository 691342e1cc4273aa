import { costOf, UNIT_MULTIPLIER } from '../../../src/domain/billing/pricing';
import { createChannel, usageCharges } from '../../support/data-plane-fixtures';
import { PROTOCOLS, RECORDED, TEXT, THINKING, TOOL, type RecordedTurn } from '../../support/matrix-fixtures';
import { answerOfJson, answerOfStream, expectedAnswer, parseSse, SURFACES, type SurfaceKind } from '../../support/surface-answers';
import { expectChargedOnce, newCaller, seedPrices, vendorTestbed, waitForUsageLog } from '../../support/vendor-fixtures';

// Every inbound surface x every channel protocol, JSON and stream, through the real app: the
// upstream answers with a recorded vendor turn (thinking with its signature, text, a tool call,
// usage with cache and reasoning tokens), written in pieces that split lines and UTF-8
// characters; the caller reads exactly what the upstream said, the ledger holds exactly the
// catalogue price of the usage the upstream reported, and the tool result goes back to the
// upstream in its own protocol with the vendor's signature. Every-offset splitting is done at
// the mapper level (test/unit/providers/matrix-streams.test.ts); here a few split points suffice.

const START = 1_000_000n;
const RESULT = '21°C, sunny';
const bed = vendorTestbed();

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON read in tests

const SCHEMA = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };

/** The bytes in pieces, cut inside lines and (for the emoji) inside a UTF-8 character. */
function pieces(text: string): Uint8Array[] {
  const bytes = Buffer.from(text, 'utf8');
  const emoji = bytes.indexOf(Buffer.from('👋', 'utf8'));
  const cuts = [...new Set([7, emoji >= 0 ? emoji + 2 : 11, Math.floor(bytes.length / 2) + 1, bytes.length - 3])].sort((a, b) => a - b);
  let from = 0;
  const out: Uint8Array[] = [];
  for (const cut of [...cuts, bytes.length]) {
    out.push(bytes.subarray(from, cut));
    from = cut;
  }
  return out;
}

function firstTurn(surface: SurfaceKind, model: string, stream: boolean): { path: string; body: Json } {
  const user = 'Weather in Zürich?';
  switch (surface) {
    case 'chat':
      return {
        path: '/v1/chat/completions',
        body: {
          model, stream, ...(stream ? { stream_options: { include_usage: true } } : {}), max_tokens: 1000,
          messages: [{ role: 'user', content: user }], tools: [{ type: 'function', function: { name: TOOL.name, parameters: SCHEMA } }],
        },
      };
    case 'messages':
      return { path: '/v1/messages', body: { model, stream, max_tokens: 1000, messages: [{ role: 'user', content: user }], tools: [{ name: TOOL.name, input_schema: SCHEMA }] } };
    case 'responses':
      return { path: '/v1/responses', body: { model, stream, max_output_tokens: 1000, input: user, tools: [{ type: 'function', name: TOOL.name, parameters: SCHEMA }] } };
    case 'gemini':
      return {
        path: `/v1beta/models/${model}:${stream ? 'streamGenerateContent?alt=sse' : 'generateContent'}`,
        body: { contents: [{ role: 'user', parts: [{ text: user }] }], generationConfig: { maxOutputTokens: 1000 }, tools: [{ functionDeclarations: [{ name: TOOL.name, parametersJsonSchema: SCHEMA }] }] },
      };
  }
}

/** The next turn as each surface's clients write it: the answer as received, then the tool's result. */
function secondTurn(surface: SurfaceKind, first: Json, answer: Json): Json {
  switch (surface) {
    case 'chat': {
      const message = answer.choices[0].message;
      return { ...first, messages: [...first.messages, message, { role: 'tool', tool_call_id: message.tool_calls[0].id, content: RESULT }] };
    }
    case 'messages': {
      const toolUse = (answer.content as Json[]).find((b) => b.type === 'tool_use')!;
      return { ...first, messages: [...first.messages, { role: 'assistant', content: answer.content }, { role: 'user', content: [{ type: 'tool_result', tool_use_id: toolUse.id, content: RESULT }] }] };
    }
    case 'responses': {
      const call = (answer.output as Json[]).find((i) => i.type === 'function_call')!;
      return { ...first, input: [{ role: 'user', content: first.input }, ...answer.output, { type: 'function_call_output', call_id: call.call_id, output: RESULT }] };
    }
    case 'gemini': {
      const content = answer.candidates[0].content;
      const call = (content.parts as Json[]).find((p) => p.functionCall)!.functionCall;
      return { ...first, contents: [...first.contents, content, { role: 'user', parts: [{ functionResponse: { name: call.name, ...(call.id ? { id: call.id } : {}), response: { result: RESULT } } }] }] };
    }
  }
}

function headersFor(surface: SurfaceKind, key: string): Record<string, string> {
  const base = { 'content-type': 'application/json' };
  if (surface === 'messages') return { ...base, 'x-api-key': key, 'anthropic-version': '2023-06-01' };
  if (surface === 'gemini') return { ...base, 'x-goog-api-key': key };
  return { ...base, authorization: `Bearer ${key}` };
}

async function call(surface: SurfaceKind, key: string, path: string, body: Json): Promise<Response> {
  return fetch(`${bed.app.url}${path}`, { method: 'POST', headers: headersFor(surface, key), body: JSON.stringify(body) });
}

async function channelFor(protocol: keyof typeof RECORDED): Promise<void> {
  await createChannel(bed.app, { baseUrl: protocol === 'OPENAI' ? bed.main.openAIBaseUrl : bed.main.url, protocol, models: [RECORDED[protocol].model] });
}

function priced(recorded: RecordedTurn): bigint {
  return costOf(seedPrices(recorded.model), { ...recorded.usage, audioMs: 0 }, UNIT_MULTIPLIER);
}

/** The tool result and the vendor's signature reached the upstream in its own protocol, tied to the call. */
function expectToolResultSent(protocol: keyof typeof RECORDED, surface: SurfaceKind, sent: Json, recorded: RecordedTurn): void {
  if (protocol === 'OPENAI') {
    const assistant = (sent.messages as Json[]).find((m) => m.role === 'assistant')!;
    const tool = (sent.messages as Json[]).find((m) => m.role === 'tool')!;
    expect(assistant.tool_calls[0]).toMatchObject({ id: tool.tool_call_id, function: { name: TOOL.name } });
    expect(JSON.parse(assistant.tool_calls[0].function.arguments)).toEqual(TOOL.args);
    expect(tool.content).toContain(RESULT);
    // Translated history never carries the gateway's own vocabulary to an OpenAI channel.
    if (surface !== 'chat') expect(Object.keys(assistant).filter((k) => k.startsWith('reasoning') || k.startsWith('redacted'))).toEqual([]);
  } else if (protocol === 'ANTHROPIC') {
    const assistant = (sent.messages as Json[]).find((m) => m.role === 'assistant')!;
    const blocks = assistant.content as Json[];
    expect(blocks[0]).toEqual({ type: 'thinking', thinking: THINKING, signature: recorded.signature });
    const toolUse = blocks.find((b) => b.type === 'tool_use')!;
    expect(toolUse).toMatchObject({ name: TOOL.name, input: TOOL.args });
    const result = (sent.messages as Json[]).at(-1)!.content.find((b: Json) => b.type === 'tool_result');
    expect(result).toMatchObject({ tool_use_id: toolUse.id });
    expect(JSON.stringify(result.content)).toContain(RESULT);
  } else {
    const model = (sent.contents as Json[]).find((c) => c.role === 'model')!;
    const callPart = (model.parts as Json[]).find((p) => p.functionCall)!;
    expect(callPart).toMatchObject({ functionCall: { name: TOOL.name, args: TOOL.args }, thoughtSignature: recorded.signature });
    const response = (sent.contents as Json[]).at(-1)!.parts.find((p: Json) => p.functionResponse).functionResponse;
    expect(response.name).toBe(TOOL.name);
    expect(JSON.stringify(response.response)).toContain(RESULT);
  }
}

describe.each(SURFACES)('%s surface', (surface) => {
  describe.each(PROTOCOLS)('on a %s channel', (protocol) => {
    const recorded = RECORDED[protocol];
    const expected = expectedAnswer(surface, { thinking: THINKING, signature: recorded.signature, text: TEXT, toolCallId: recorded.toolCallId, tool: TOOL, usage: recorded.usage });
    const withoutUpstreamIds = (answer: ReturnType<typeof answerOfJson>) => {
      if (recorded.toolCallId) return answer;
      for (const c of answer.calls) if (surface !== 'gemini' || c.id !== null) (expect(c.id).toEqual(expect.any(String)), (c.id = null));
      return answer;
    };

    it('JSON: the caller reads what the upstream said, pays its catalogue price, and the tool result goes back', async () => {
      const { userId, key } = await newCaller(bed.app, START);
      await channelFor(protocol);
      bed.main.next({ rawEvents: pieces(recorded.json), headers: { 'content-type': 'application/json' } });
      const first = firstTurn(surface, recorded.model, false);
      const res = await call(surface, key, first.path, first.body);
      expect(res.status).toBe(200);
      const answer = (await res.json()) as Json;
      expect(withoutUpstreamIds(answerOfJson(surface, answer))).toEqual(expected);

      const requestId = res.headers.get('x-request-id')!;
      await expectChargedOnce(bed.app, userId, { before: START, cost: priced(recorded), requestId });
      expect(await waitForUsageLog(bed.app, requestId)).toMatchObject({ surface: surface === 'chat' ? 'chat.completions' : surface, outcome: 'SUCCESS', promptTokens: 1200, completionTokens: 80, cachedTokens: 200 });

      const next = await call(surface, key, first.path, secondTurn(surface, first.body, answer));
      expect(next.status).toBe(200);
      expectToolResultSent(protocol, surface, bed.main.requests[1]!.body as Json, recorded);
    });

    it('stream: the caller reads what the upstream said and pays its catalogue price', async () => {
      const { userId, key } = await newCaller(bed.app, START);
      await channelFor(protocol);
      bed.main.next({ rawEvents: pieces(recorded.stream) });
      const first = firstTurn(surface, recorded.model, true);
      const res = await call(surface, key, first.path, first.body);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/event-stream');
      expect(withoutUpstreamIds(answerOfStream(surface, await res.text()))).toEqual(expected);
      await expectChargedOnce(bed.app, userId, { before: START, cost: priced(recorded), requestId: res.headers.get('x-request-id')! });
    });
  });
});

/** A stream cut after "Let me check " on each surface: the caller keeps what it got, ends with the surface's error event, and pays for that. */
describe.each([
  ['chat', 'ANTHROPIC'],
  ['messages', 'OPENAI'],
  ['responses', 'GEMINI'],
  ['gemini', 'OPENAI'],
] as const)('a %s stream from a %s channel cut midway', (surface, protocol) => {
  it('ends with an error in the surface\'s shape and is charged for what was delivered', async () => {
    const recorded = RECORDED[protocol];
    const { userId, key } = await newCaller(bed.app, START);
    await channelFor(protocol);
    const cut = recorded.stream.indexOf('👋');
    const end = recorded.stream.lastIndexOf('\n', cut) + 1;
    bed.main.next({ rawEvents: pieces(recorded.stream.slice(0, end)) });
    const first = firstTurn(surface, recorded.model, true);
    const res = await call(surface, key, first.path, first.body);
    expect(res.status).toBe(200);
    const text = await res.text();
    const events = parseSse(text).filter((e) => e.data !== '[DONE]').map((e) => JSON.parse(e.data) as Json);
    const last = events.at(-1)!;
    if (surface === 'chat') expect(last).toMatchObject({ error: { type: 'upstream_error' } });
    if (surface === 'messages') expect(last).toMatchObject({ type: 'error', error: { type: 'api_error' } });
    if (surface === 'responses') expect(last).toMatchObject({ type: 'response.failed', response: { status: 'failed' } });
    if (surface === 'gemini') expect(last).toMatchObject({ error: { code: 502, status: 'INTERNAL' } });
    expect(JSON.stringify(events)).toContain('Let me check');

    const requestId = res.headers.get('x-request-id')!;
    const row = await waitForUsageLog(bed.app, requestId);
    expect(row).toMatchObject({ outcome: 'UPSTREAM_FAILED_MID_STREAM' });
    expect(row.completionTokens).toBeGreaterThan(0);
    expect(row.completionTokens).toBeLessThan(recorded.usage.completionTokens);
    const cost = costOf(seedPrices(recorded.model), { promptTokens: row.promptTokens, completionTokens: row.completionTokens, cacheReadTokens: 0, cacheWriteTokens: 0, audioMs: 0 }, UNIT_MULTIPLIER);
    expect(cost).toBeGreaterThan(0n);
    await expectChargedOnce(bed.app, userId, { before: START, cost, requestId });
    expect(await usageCharges(bed.app, userId)).toHaveLength(1);
  });
});
