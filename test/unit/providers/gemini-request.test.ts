import { GatewayError } from '../../../src/gateway/gateway-error';
import { geminiChatProvider } from '../../../src/gateway/providers/gemini';
import { toGeminiSchema } from '../../../src/gateway/providers/gemini/json-schema';
import { geminiModelUrl, REPLAYED_CALL_SIGNATURE } from '../../../src/gateway/providers/gemini/request';
import type { ChatRequestBody, UpstreamTarget } from '../../../src/gateway/providers/types';

const target: UpstreamTarget = { baseUrl: 'https://generativelanguage.googleapis.com', apiKey: 'AIza-test', upstreamModel: 'gemini-2.5-flash', maxOutputTokens: 65536 };

function build(body: Partial<ChatRequestBody>, stream = false) {
  const request = geminiChatProvider.buildChatRequest({ model: 'gemini-2.5-flash', messages: [], ...body } as ChatRequestBody, target, { stream });
  return { request, payload: JSON.parse(request.body as string) as Record<string, unknown> };
}

function buildError(body: Partial<ChatRequestBody>): GatewayError {
  try {
    build(body);
  } catch (err) {
    if (err instanceof GatewayError) return err;
    throw err;
  }
  throw new Error('expected a GatewayError');
}

describe('Gemini request building', () => {
  it('posts to generateContent, or streamGenerateContent with alt=sse, with the key header', () => {
    const json = build({ messages: [{ role: 'user', content: 'hi' }] }).request;
    expect(json.url).toBe('https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent');
    expect(json.headers).toMatchObject({ 'x-goog-api-key': 'AIza-test', 'content-type': 'application/json' });
    expect(json.url).not.toContain('key=');
    expect(build({ messages: [{ role: 'user', content: 'hi' }] }, true).request.url)
      .toBe('https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse');
  });

  it('uses a base that already names an API version as it is', () => {
    expect(geminiModelUrl('https://proxy.example/gemini/v1beta/', 'models/gemini-2.0-flash', false)).toBe('https://proxy.example/gemini/v1beta/models/gemini-2.0-flash:generateContent');
    expect(geminiModelUrl('https://proxy.example/v1', 'gemini-pro', true)).toBe('https://proxy.example/v1/models/gemini-pro:streamGenerateContent?alt=sse');
  });

  it('maps roles, systemInstruction, merged turns and the generation config', () => {
    const { payload } = build({
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'developer', content: 'Use metric units.' },
        { role: 'user', content: 'Hello' },
        { role: 'user', content: [{ type: 'text', text: 'Anyone there?' }] },
        { role: 'assistant', content: 'Yes.' },
        { role: 'user', content: 'Good.' },
      ],
      temperature: 1.5,
      top_p: 0.8,
      max_completion_tokens: 256,
      stop: ['END'],
      seed: 7,
      response_format: { type: 'json_object' },
    });
    expect(payload).toEqual({
      contents: [
        { role: 'user', parts: [{ text: 'Hello' }, { text: 'Anyone there?' }] },
        { role: 'model', parts: [{ text: 'Yes.' }] },
        { role: 'user', parts: [{ text: 'Good.' }] },
      ],
      systemInstruction: { parts: [{ text: 'Be brief.' }, { text: 'Use metric units.' }] },
      generationConfig: { temperature: 1.5, topP: 0.8, maxOutputTokens: 256, stopSequences: ['END'], seed: 7, responseMimeType: 'application/json' },
    });
  });

  it('leaves maxOutputTokens to the model when the caller sets no limit', () => {
    expect(build({ messages: [{ role: 'user', content: 'x' }] }).payload.generationConfig).toBeUndefined();
  });

  it('maps images: data URLs to inlineData; audio to inlineData', () => {
    const { payload } = build({
      messages: [{
        role: 'user',
        content: [
          { type: 'image_url', image_url: { url: 'data:image/webp;base64,UklGRg==' } },
          { type: 'input_audio', input_audio: { data: 'UklGRiQ=', format: 'wav' } },
        ],
      }],
    });
    expect(payload.contents).toEqual([{
      role: 'user',
      parts: [
        { inlineData: { mimeType: 'image/webp', data: 'UklGRg==' } },
        { inlineData: { mimeType: 'audio/wav', data: 'UklGRiQ=' } },
      ],
    }]);
  });

  it('refuses a caller URL as fileUri (issue 12.10): Gemini would fetch it with the channel\'s credentials', () => {
    expect(() => build({
      messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://example.com/a/cat.png' } }] }],
    })).toThrow(expect.objectContaining({ status: 400, param: 'messages[0].content[0]' }));
  });

  it('maps a tool conversation: functionCall parts, functionResponse parts named from the earlier call', () => {
    const { payload } = build({
      messages: [
        { role: 'user', content: 'Weather in Paris and Rome?' },
        {
          role: 'assistant', content: null,
          tool_calls: [
            { id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
            { id: 'call_b', type: 'function', function: { name: 'get_forecast', arguments: '{"city":"Rome","days":2}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_a', content: '{"celsius":18}' },
        { role: 'tool', tool_call_id: 'call_b', content: 'sunny' },
      ],
    });
    expect(payload.contents).toEqual([
      { role: 'user', parts: [{ text: 'Weather in Paris and Rome?' }] },
      {
        role: 'model',
        parts: [
          { functionCall: { name: 'get_weather', args: { city: 'Paris' } }, thoughtSignature: REPLAYED_CALL_SIGNATURE },
          { functionCall: { name: 'get_forecast', args: { city: 'Rome', days: 2 } } },
        ],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { name: 'get_weather', response: { celsius: 18 } } },
          { functionResponse: { name: 'get_forecast', response: { result: 'sunny' } } },
        ],
      },
    ]);
  });

  it('refuses a tool result whose call id no earlier assistant message made', () => {
    const err = buildError({ messages: [{ role: 'user', content: 'x' }, { role: 'tool', tool_call_id: 'call_zzz', content: '1' }] });
    expect(err).toMatchObject({ status: 400, param: 'messages[1].tool_call_id' });
  });

  it('declares tools with Gemini-safe schemas and maps tool_choice', () => {
    const tools: ChatRequestBody['tools'] = [
      {
        type: 'function',
        function: {
          name: 'search',
          description: 'Search the web',
          parameters: {
            $schema: 'http://json-schema.org/draft-07/schema#',
            type: 'object',
            additionalProperties: false,
            properties: { query: { type: 'string', minLength: 1 }, limit: { type: ['integer', 'null'] } },
            required: ['query'],
          },
        },
      },
      { type: 'function', function: { name: 'now', parameters: { type: 'object', properties: {} } } },
    ];
    const messages: ChatRequestBody['messages'] = [{ role: 'user', content: 'x' }];
    const { payload } = build({ messages, tools });
    expect(payload.tools).toEqual([{
      functionDeclarations: [
        { name: 'search', description: 'Search the web', parameters: { type: 'object', properties: { query: { type: 'string', minLength: 1 }, limit: { type: 'integer', nullable: true } }, required: ['query'] } },
        { name: 'now' }, // Gemini rejects OBJECT parameters without properties
      ],
    }]);
    expect(payload.toolConfig).toBeUndefined();
    expect(build({ messages, tools, tool_choice: 'none' }).payload.toolConfig).toEqual({ functionCallingConfig: { mode: 'NONE' } });
    expect(build({ messages, tools, tool_choice: 'required' }).payload.toolConfig).toEqual({ functionCallingConfig: { mode: 'ANY' } });
    expect(build({ messages, tools, tool_choice: { type: 'function', function: { name: 'now' } } }).payload.toolConfig)
      .toEqual({ functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['now'] } });
  });

  it('maps a json_schema response_format to responseMimeType and a converted responseSchema', () => {
    const { payload } = build({
      messages: [{ role: 'user', content: 'x' }],
      response_format: { type: 'json_schema', json_schema: { name: 'r', strict: true, schema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'], additionalProperties: false } } },
    });
    expect(payload.generationConfig).toEqual({ responseMimeType: 'application/json', responseSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } });
  });
});

describe('JSON Schema -> Gemini schema', () => {
  it('inlines $defs references, turns const/oneOf/nullable unions into what Gemini accepts', () => {
    const schema = {
      type: 'object',
      $defs: { Unit: { type: 'string', enum: ['c', 'f'], description: 'unit' } },
      properties: {
        unit: { $ref: '#/$defs/Unit' },
        kind: { const: 'weather' },
        when: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
        tags: { type: 'array', items: { type: 'string', format: 'hostname' }, uniqueItems: true },
        shape: { oneOf: [{ type: 'object', properties: { r: { type: 'number' } } }, { type: 'object', properties: { w: { type: 'number' } } }] },
        level: { type: 'integer', enum: [1, 2] },
      },
    };
    expect(toGeminiSchema(schema, 'p')).toEqual({
      type: 'object',
      properties: {
        unit: { type: 'string', enum: ['c', 'f'], description: 'unit' },
        kind: { type: 'string', enum: ['weather'] },
        when: { type: 'string', format: 'date-time', nullable: true },
        tags: { type: 'array', items: { type: 'string' } },
        shape: { anyOf: [{ type: 'object', properties: { r: { type: 'number' } } }, { type: 'object', properties: { w: { type: 'number' } } }] },
        level: { type: 'integer' },
      },
    });
  });

  it('stops inlining a recursive schema', () => {
    const schema = { $defs: { Node: { type: 'object', properties: { child: { $ref: '#/$defs/Node' } } } }, $ref: '#/$defs/Node' };
    let depth = 0;
    let node = toGeminiSchema(schema, 'p') as { properties?: { child: unknown } };
    while (node.properties) {
      node = node.properties.child as typeof node;
      depth++;
    }
    expect(depth).toBeLessThanOrEqual(8);
    expect(node).toEqual({ type: 'object' });
  });
});

describe('issue 12.4: $ref expansion is bounded', () => {
  it('refuses a small schema whose $refs expand exponentially, quickly and with a 400 naming the field', () => {
    // Each level refers to the next one four times: 4^8 nodes once inlined, from ~1 KB of JSON.
    const $defs: Record<string, unknown> = { d8: { type: 'string', description: 'x'.repeat(100) } };
    for (let i = 7; i >= 0; i--) {
      const next = { $ref: `#/$defs/d${i + 1}` };
      $defs[`d${i}`] = { type: 'object', properties: { a: next, b: next, c: next, d: next } };
    }
    const started = performance.now();
    let thrown: unknown;
    try {
      toGeminiSchema({ $ref: '#/$defs/d0', $defs }, 'tools[0].function.parameters');
    } catch (err) {
      thrown = err;
    }
    expect(performance.now() - started).toBeLessThan(500);
    expect(thrown).toMatchObject({ status: 400 });
    expect((thrown as { toBody(): unknown }).toBody()).toMatchObject({ error: { param: 'tools[0].function.parameters' } });
  });
});
