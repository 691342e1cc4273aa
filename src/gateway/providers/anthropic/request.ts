import { parseDataUrl } from '../../../lib/data-url';
import { gatewayErrors } from '../../gateway-error';
import { CHAT_FIELDS_CARRIED, refuseSeveralChoices, refuseUncarried, toolCallArguments } from '../openai-shape';
import { budgetOf, carriedReasoningOf, thinkingOf } from '../reasoning';
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
import { trimTrailingSlashes } from '../../../lib/linear-text';

/**
 * Channels may be configured with the bare host (`https://api.anthropic.com`, as Anthropic's
 * docs write it) or with `/v1` (as OpenAI-style base URLs are written); both reach `/v1/messages`.
 */
export function anthropicMessagesUrl(baseUrl: string): string {
  const base = trimTrailingSlashes(baseUrl);
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

const CARRIED = new Set<string>(CHAT_FIELDS_CARRIED);

export function toAnthropicRequest(body: ChatRequestBody, target: UpstreamTarget, stream: boolean): AnthropicRequest {
  refuseSeveralChoices(body, 'Anthropic');
  refuseUncarried(body, CARRIED, 'Anthropic');
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
  const thinking = thinkingOf(body);
  if (thinking) request.thinking = { type: 'enabled', budget_tokens: thinkingBudget(budgetOf(thinking), request.max_tokens, 'reasoning_effort') };
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

/** Anthropic's minimum thinking budget; the budget must also stay below `max_tokens`. */
const MIN_THINKING_BUDGET = 1_024;

function thinkingBudget(wanted: number, maxTokens: number, param: string): number {
  const budget = Math.max(MIN_THINKING_BUDGET, Math.min(wanted, maxTokens - 1));
  if (budget >= maxTokens) {
    throw gatewayErrors.invalidRequest(`Thinking needs a max_tokens above ${MIN_THINKING_BUDGET} on this model's Anthropic channel (it was ${maxTokens}).`, param);
  }
  return budget;
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
    default:
      throw gatewayErrors.invalidRequest(`\`${(part as { type: string }).type}\` content parts cannot be carried to this model's Anthropic channel.`, param);
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

/**
 * An earlier turn's signed thinking goes back first in its assistant turn, as Anthropic requires
 * when the turn continues a tool loop with thinking on; unsigned thinking (another vendor's) is
 * not Anthropic's to read and is left out.
 */
function reasoningBlocks(message: ChatMessage): AnthropicRequestBlock[] {
  const reasoning = carriedReasoningOf(message);
  if (!reasoning) return [];
  const blocks: AnthropicRequestBlock[] = [];
  if (reasoning.signature) blocks.push({ type: 'thinking', thinking: reasoning.text, signature: reasoning.signature });
  for (const data of reasoning.redacted) blocks.push({ type: 'redacted_thinking', data });
  return blocks;
}

function assistantBlocks(message: ChatMessage, i: number): AnthropicRequestBlock[] {
  const blocks: AnthropicRequestBlock[] = [...reasoningBlocks(message), ...contentBlocks(message.content, `messages[${i}].content`)];
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
