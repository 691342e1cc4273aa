import { parseDataUrl } from '../../../lib/data-url';
import { gatewayErrors } from '../../gateway-error';
import { refuseSeveralChoices, toolCallArguments } from '../openai-shape';
import type { ChatMessage, ChatRequestBody, ContentPart, UpstreamHttpRequest, UpstreamTarget } from '../types';
import {
  ANTHROPIC_VERSION,
  type AnthropicImageBlock,
  type AnthropicMessage,
  type AnthropicRequest,
  type AnthropicRequestBlock,
  type AnthropicTextBlock,
  type AnthropicToolChoice,
  type AnthropicToolResultBlock,
} from './wire';

/**
 * Channels may be configured with the bare host (`https://api.anthropic.com`, as Anthropic's
 * docs write it) or with `/v1` (as OpenAI-style base URLs are written); both reach `/v1/messages`.
 */
export function anthropicMessagesUrl(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return base.endsWith('/v1') ? `${base}/messages` : `${base}/v1/messages`;
}

export function buildAnthropicChatRequest(body: ChatRequestBody, target: UpstreamTarget, options: { stream: boolean }): UpstreamHttpRequest {
  const payload = toAnthropicRequest(body, target, options.stream);
  return {
    method: 'POST',
    url: anthropicMessagesUrl(target.baseUrl),
    headers: {
      'content-type': 'application/json',
      'x-api-key': target.apiKey,
      'anthropic-version': ANTHROPIC_VERSION,
      accept: options.stream ? 'text/event-stream' : 'application/json',
    },
    body: JSON.stringify(payload),
  };
}

export function toAnthropicRequest(body: ChatRequestBody, target: UpstreamTarget, stream: boolean): AnthropicRequest {
  refuseSeveralChoices(body, 'Anthropic');
  const system: string[] = [];
  const messages: AnthropicMessage[] = [];
  // Anthropic wants user and assistant turns to alternate: neighbours of one role become one turn.
  const append = (role: AnthropicMessage['role'], blocks: AnthropicRequestBlock[]) => {
    if (blocks.length === 0) return;
    const last = messages[messages.length - 1];
    if (last?.role === role) last.content.push(...blocks);
    else messages.push({ role, content: blocks });
  };

  body.messages.forEach((message, i) => {
    switch (message.role) {
      case 'system':
      case 'developer': {
        const text = systemText(message, i);
        if (text) system.push(text);
        break;
      }
      case 'user':
        append('user', contentBlocks(message.content, `messages[${i}].content`));
        break;
      case 'assistant':
        append('assistant', assistantBlocks(message, i));
        break;
      case 'tool':
        append('user', [toolResultBlock(message, i)]);
        break;
    }
  });

  const request: AnthropicRequest = {
    model: target.upstreamModel,
    max_tokens: body.max_completion_tokens ?? body.max_tokens ?? target.maxOutputTokens,
    messages,
  };
  if (system.length) request.system = system.join('\n\n');
  if (body.stop != null) request.stop_sequences = typeof body.stop === 'string' ? [body.stop] : body.stop;
  // OpenAI's range is 0..2, Anthropic's 0..1: an OpenAI client's valid 1.5 should not become a 400.
  if (body.temperature != null) request.temperature = Math.min(1, Math.max(0, body.temperature));
  if (body.top_p != null) request.top_p = body.top_p;
  if (body.tools?.length) {
    request.tools = body.tools.map((t) => ({
      name: t.function.name,
      ...(t.function.description ? { description: t.function.description } : {}),
      input_schema: t.function.parameters ?? { type: 'object', properties: {} },
    }));
    const choice = toolChoice(body);
    if (choice) request.tool_choice = choice;
  }
  if (typeof body.user === 'string' && body.user) request.metadata = { user_id: body.user };
  if (stream) request.stream = true;
  return request;
}

function toolChoice(body: ChatRequestBody): AnthropicToolChoice | undefined {
  const serial = body.parallel_tool_calls === false ? { disable_parallel_tool_use: true } : {};
  const choice = body.tool_choice;
  if (choice === 'none') return { type: 'none' };
  if (choice === 'required') return { type: 'any', ...serial };
  if (choice && typeof choice === 'object') return { type: 'tool', name: choice.function.name, ...serial };
  if (choice === 'auto' || body.parallel_tool_calls === false) return { type: 'auto', ...serial };
  return undefined;
}

function systemText(message: ChatMessage, i: number): string {
  if (typeof message.content === 'string') return message.content;
  if (!message.content) return '';
  return message.content
    .map((part, j) => {
      if (part.type !== 'text') throw gatewayErrors.invalidRequest('System messages may only contain text.', `messages[${i}].content[${j}]`);
      return part.text;
    })
    .join('\n');
}

function contentBlocks(content: ChatMessage['content'], param: string): Array<AnthropicTextBlock | AnthropicImageBlock> {
  if (content == null) return [];
  // Anthropic rejects empty text blocks, which OpenAI clients send freely (e.g. content: "").
  if (typeof content === 'string') return content ? [{ type: 'text', text: content }] : [];
  return content.flatMap((part, j) => partBlock(part, `${param}[${j}]`));
}

function partBlock(part: ContentPart, param: string): Array<AnthropicTextBlock | AnthropicImageBlock> {
  switch (part.type) {
    case 'text':
      return part.text ? [{ type: 'text', text: part.text }] : [];
    case 'image_url':
      return [imageBlock(part.image_url.url, param)];
    case 'input_audio':
      throw gatewayErrors.invalidRequest('This model does not accept audio input.', param);
  }
}

function imageBlock(url: string, param: string): AnthropicImageBlock {
  const data = parseDataUrl(url);
  if (data) {
    if (!data.base64) throw gatewayErrors.invalidRequest('Image data URLs must be base64-encoded.', param);
    return { type: 'image', source: { type: 'base64', media_type: data.mediaType, data: data.data } };
  }
  if (/^https?:\/\//i.test(url)) return { type: 'image', source: { type: 'url', url } };
  throw gatewayErrors.invalidRequest('Image URLs must be http(s) or base64 data URLs.', param);
}

function assistantBlocks(message: ChatMessage, i: number): AnthropicRequestBlock[] {
  const blocks: AnthropicRequestBlock[] = contentBlocks(message.content, `messages[${i}].content`);
  message.tool_calls?.forEach((call, j) => {
    blocks.push({
      type: 'tool_use',
      id: call.id,
      name: call.function.name,
      input: toolCallArguments(call.function.arguments, `messages[${i}].tool_calls[${j}].function.arguments`),
    });
  });
  return blocks;
}

function toolResultBlock(message: ChatMessage, i: number): AnthropicToolResultBlock {
  if (!message.tool_call_id) throw gatewayErrors.invalidRequest('Tool messages need a tool_call_id.', `messages[${i}].tool_call_id`);
  const content = typeof message.content === 'string' || message.content == null
    ? message.content ?? ''
    : contentBlocks(message.content, `messages[${i}].content`);
  return { type: 'tool_result', tool_use_id: message.tool_call_id, content };
}
