import { anthropicChatProvider } from '../../../src/gateway/providers/anthropic';
import { anthropicMessagesUrl } from '../../../src/gateway/providers/anthropic/request';
import type { ChatRequestBody, UpstreamTarget } from '../../../src/gateway/providers/types';
import { GatewayError } from '../../../src/gateway/gateway-error';

const target: UpstreamTarget = { baseUrl: 'https://api.anthropic.com', apiKey: 'sk-ant-test', upstreamModel: 'claude-sonnet-4-5-20250929', maxOutputTokens: 64000 };

function build(body: Partial<ChatRequestBody>, stream = false) {
  const request = anthropicChatProvider.buildChatRequest({ model: 'claude-sonnet-4.5', messages: [], ...body } as ChatRequestBody, target, { stream });
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

describe('Anthropic request building', () => {
  it('posts to /v1/messages with the key, version and content-type headers', () => {
    const { request } = build({ messages: [{ role: 'user', content: 'hi' }] });
    expect(request.method).toBe('POST');
    expect(request.url).toBe('https://api.anthropic.com/v1/messages');
    expect(request.headers).toMatchObject({ 'x-api-key': 'sk-ant-test', 'anthropic-version': '2023-06-01', 'content-type': 'application/json' });
    expect(request.headers.authorization).toBeUndefined();
  });

  it('accepts a base URL with or without /v1 and trailing slashes', () => {
    expect(anthropicMessagesUrl('https://api.anthropic.com/')).toBe('https://api.anthropic.com/v1/messages');
    expect(anthropicMessagesUrl('https://proxy.example/anthropic/v1')).toBe('https://proxy.example/anthropic/v1/messages');
    expect(anthropicMessagesUrl('https://proxy.example/anthropic/v1/')).toBe('https://proxy.example/anthropic/v1/messages');
  });

  it('lifts system and developer messages into `system` and maps the sampling options', () => {
    const { payload } = build({
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'developer', content: [{ type: 'text', text: 'Answer in French.' }] },
        { role: 'user', content: 'Hello' },
      ],
      temperature: 1.7,
      top_p: 0.9,
      stop: 'END',
      max_tokens: 100,
      user: 'user-123',
    }, true);
    expect(payload).toEqual({
      model: 'claude-sonnet-4-5-20250929',
      max_tokens: 100,
      system: 'Be brief.\n\nAnswer in French.',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }],
      stop_sequences: ['END'],
      temperature: 1, // OpenAI allows up to 2, Anthropic up to 1
      top_p: 0.9,
      metadata: { user_id: 'user-123' },
      stream: true,
    });
  });

  it('takes max_completion_tokens over max_tokens, and the model cap when neither is given', () => {
    expect(build({ messages: [{ role: 'user', content: 'x' }], max_tokens: 10, max_completion_tokens: 20 }).payload.max_tokens).toBe(20);
    expect(build({ messages: [{ role: 'user', content: 'x' }] }).payload.max_tokens).toBe(64000);
    expect(build({ messages: [{ role: 'user', content: 'x' }], stop: ['a', 'b'] }).payload.stop_sequences).toEqual(['a', 'b']);
  });

  it('maps a tool conversation: tool_use blocks with parsed input, tool results as user tool_result blocks', () => {
    const { payload } = build({
      messages: [
        { role: 'user', content: 'Weather in Paris and Rome?' },
        {
          role: 'assistant',
          content: 'Let me check.',
          tool_calls: [
            { id: 'toolu_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
            { id: 'toolu_2', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Rome"}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'toolu_1', content: '18°C' },
        { role: 'tool', tool_call_id: 'toolu_2', content: [{ type: 'text', text: '25°C' }] },
        { role: 'user', content: 'Thanks. And tomorrow?' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'toolu_3', type: 'function', function: { name: 'noop', arguments: '' } }] },
      ],
    });
    expect(payload.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Weather in Paris and Rome?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Let me check.' },
          { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
          { type: 'tool_use', id: 'toolu_2', name: 'get_weather', input: { city: 'Rome' } },
        ],
      },
      {
        // consecutive tool results and the next user turn become one user message
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_1', content: '18°C' },
          { type: 'tool_result', tool_use_id: 'toolu_2', content: [{ type: 'text', text: '25°C' }] },
          { type: 'text', text: 'Thanks. And tomorrow?' },
        ],
      },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_3', name: 'noop', input: {} }] },
    ]);
  });

  it('merges consecutive user messages and drops empty text Anthropic would reject', () => {
    const { payload } = build({ messages: [{ role: 'user', content: 'a' }, { role: 'user', content: '' }, { role: 'user', content: [{ type: 'text', text: 'b' }] }, { role: 'assistant', content: '' }] });
    expect(payload.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }] }]);
  });

  it('maps data: images to base64 sources and http images to url sources', () => {
    const { payload } = build({
      messages: [{
        role: 'user',
        content: [
          { type: 'text', text: 'Compare' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
          { type: 'image_url', image_url: { url: 'https://example.com/cat.jpg', detail: 'high' } },
        ],
      }],
    });
    expect(payload.messages).toEqual([{
      role: 'user',
      content: [
        { type: 'text', text: 'Compare' },
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
        { type: 'image', source: { type: 'url', url: 'https://example.com/cat.jpg' } },
      ],
    }]);
  });

  it('maps tools and every tool_choice form', () => {
    const tools: ChatRequestBody['tools'] = [
      { type: 'function', function: { name: 'get_weather', description: 'Weather by city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } },
      { type: 'function', function: { name: 'ping' } },
    ];
    const messages: ChatRequestBody['messages'] = [{ role: 'user', content: 'x' }];
    const { payload } = build({ messages, tools });
    expect(payload.tools).toEqual([
      { name: 'get_weather', description: 'Weather by city', input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
      { name: 'ping', input_schema: { type: 'object', properties: {} } },
    ]);
    expect(payload.tool_choice).toBeUndefined();
    expect(build({ messages, tools, tool_choice: 'auto' }).payload.tool_choice).toEqual({ type: 'auto' });
    expect(build({ messages, tools, tool_choice: 'none' }).payload.tool_choice).toEqual({ type: 'none' });
    expect(build({ messages, tools, tool_choice: 'required' }).payload.tool_choice).toEqual({ type: 'any' });
    expect(build({ messages, tools, tool_choice: { type: 'function', function: { name: 'ping' } } }).payload.tool_choice).toEqual({ type: 'tool', name: 'ping' });
    expect(build({ messages, tools, parallel_tool_calls: false }).payload.tool_choice).toEqual({ type: 'auto', disable_parallel_tool_use: true });
    expect(build({ messages, tool_choice: 'auto' }).payload.tool_choice).toBeUndefined(); // no tools, no choice
  });

  it('refuses what Anthropic cannot take with a 400 naming the field', () => {
    const audio = buildError({ messages: [{ role: 'user', content: [{ type: 'input_audio', input_audio: { data: 'AAAA', format: 'wav' } }] }] });
    expect(audio).toMatchObject({ status: 400, param: 'messages[0].content[0]' });
    const args = buildError({ messages: [{ role: 'assistant', content: null, tool_calls: [{ id: 't', type: 'function', function: { name: 'f', arguments: '[1,2]' } }] }] });
    expect(args).toMatchObject({ status: 400, param: 'messages[0].tool_calls[0].function.arguments' });
    expect(buildError({ messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'ftp://x/y.png' } }] }] }).status).toBe(400);
  });
});
