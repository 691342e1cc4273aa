import { effortOf, REASONING, THINKING, type CarriedReasoning } from '../../providers/reasoning';
import type { ChatMessage, ChatRequestBody, ContentPart, ToolCall, ToolDefinition } from '../../providers/types';
import type { AnthropicBlock, MessagesRequest } from './messages-schema';

// An Anthropic Messages request in the internal (OpenAI chat) shape, for channels of other
// protocols. What cannot be carried is listed, not dropped: the pipeline refuses it by name
// when it must translate. Thinking blocks of earlier turns ride along (reasoning.ts) so the
// vendor that signed them (a Gemini channel, through this surface) gets its signature back.
// Deliberately dropped, because they change nothing a model answers: `cache_control` (a hint;
// other vendors cache on their own, and Claude Code sends it on every request), `is_error` of a
// tool result (the result's text says it), `service_tier`.

/** Top-level fields every translation understands (the rest is refused by name). */
const KNOWN_FIELDS = new Set([
  'model', 'messages', 'system', 'max_tokens', 'stream', 'temperature', 'top_p', 'top_k', 'stop_sequences', 'metadata', 'tools', 'tool_choice', 'thinking',
  'service_tier',
]);

interface Mapping {
  untranslatable: string[];
}

function textOf(blocks: AnthropicBlock[]): string {
  return blocks.map((b) => (b.type === 'text' && typeof b.text === 'string' ? b.text : '')).join('');
}

function imagePart(block: AnthropicBlock, path: string, m: Mapping): ContentPart | undefined {
  const source = block.source as { type: string; media_type?: string; data?: string; url?: string };
  if (source.type === 'base64') return { type: 'image_url', image_url: { url: `data:${source.media_type};base64,${source.data}` } };
  if (source.type === 'url') return { type: 'image_url', image_url: { url: source.url! } };
  m.untranslatable.push(`${path}.source: image sources of type \`${source.type}\``);
  return undefined;
}

function userParts(blocks: AnthropicBlock[], path: string, m: Mapping): ContentPart[] {
  const parts: ContentPart[] = [];
  blocks.forEach((block, j) => {
    const at = `${path}[${j}]`;
    if (block.type === 'text') parts.push({ type: 'text', text: block.text as string });
    else if (block.type === 'image') {
      const part = imagePart(block, at, m);
      if (part) parts.push(part);
    } else if (block.type !== 'tool_result') m.untranslatable.push(`${at}: \`${block.type}\` blocks`);
  });
  return parts;
}

function toolResultContent(block: AnthropicBlock, path: string, m: Mapping): string {
  const content = block.content as string | AnthropicBlock[] | undefined;
  if (content === undefined || typeof content === 'string') return content ?? '';
  content.forEach((inner, k) => {
    if (inner.type !== 'text') m.untranslatable.push(`${path}.content[${k}]: \`${inner.type}\` blocks in a tool result`);
  });
  return textOf(content);
}

function userMessages(content: string | AnthropicBlock[], path: string, m: Mapping): ChatMessage[] {
  if (typeof content === 'string') return [{ role: 'user', content }];
  // Tool results answer the previous assistant turn, so they come first, as OpenAI's tool messages.
  const out: ChatMessage[] = [];
  content.forEach((block, j) => {
    if (block.type === 'tool_result') {
      out.push({ role: 'tool', tool_call_id: block.tool_use_id as string, content: toolResultContent(block, `${path}[${j}]`, m) });
    }
  });
  const parts = userParts(content, path, m);
  if (parts.length) out.push({ role: 'user', content: parts.every((p) => p.type === 'text') ? parts.map((p) => (p as { text: string }).text).join('') : parts });
  return out;
}

function assistantMessage(content: string | AnthropicBlock[], path: string, m: Mapping): ChatMessage {
  if (typeof content === 'string') return { role: 'assistant', content };
  let text = '';
  const toolCalls: ToolCall[] = [];
  const reasoning: CarriedReasoning = { text: '', signature: '', redacted: [] };
  content.forEach((block, j) => {
    if (block.type === 'text') text += block.text as string;
    else if (block.type === 'tool_use') {
      toolCalls.push({ id: block.id as string, type: 'function', function: { name: block.name as string, arguments: JSON.stringify(block.input) } });
    } else if (block.type === 'thinking') {
      reasoning.text += block.thinking as string;
      if (typeof block.signature === 'string' && block.signature) reasoning.signature = block.signature;
    } else if (block.type === 'redacted_thinking') reasoning.redacted.push(block.data as string);
    else m.untranslatable.push(`${path}[${j}]: \`${block.type}\` blocks`);
  });
  const message: ChatMessage = { role: 'assistant', content: text === '' && toolCalls.length ? null : text, ...(toolCalls.length ? { tool_calls: toolCalls } : {}) };
  if (reasoning.text || reasoning.signature || reasoning.redacted.length) message[REASONING] = reasoning;
  return message;
}

function toolsOf(request: MessagesRequest, m: Mapping): ToolDefinition[] | undefined {
  if (!request.tools?.length) return undefined;
  const tools: ToolDefinition[] = [];
  request.tools.forEach((t, i) => {
    if (t.type !== undefined && t.type !== 'custom') {
      m.untranslatable.push(`tools[${i}]: Anthropic server tools (\`${t.type}\`)`);
      return;
    }
    tools.push({ type: 'function', function: { name: t.name, ...(t.description ? { description: t.description } : {}), parameters: t.input_schema as Record<string, unknown> } });
  });
  return tools;
}

function toolChoiceOf(request: MessagesRequest): Partial<ChatRequestBody> {
  const choice = request.tool_choice;
  if (!choice) return {};
  const serial = 'disable_parallel_tool_use' in choice && choice.disable_parallel_tool_use === true ? { parallel_tool_calls: false } : {};
  switch (choice.type) {
    case 'auto':
      return { tool_choice: 'auto', ...serial };
    case 'any':
      return { tool_choice: 'required', ...serial };
    case 'none':
      return { tool_choice: 'none' };
    case 'tool':
      return { tool_choice: { type: 'function', function: { name: choice.name } }, ...serial };
  }
}

export function anthropicToInternal(request: MessagesRequest): { body: ChatRequestBody; untranslatable: string[] } {
  const m: Mapping = { untranslatable: [] };
  for (const field of Object.keys(request)) if (!KNOWN_FIELDS.has(field)) m.untranslatable.push(`\`${field}\``);

  const messages: ChatMessage[] = [];
  if (request.system !== undefined) {
    const system = typeof request.system === 'string' ? request.system : textOf(request.system as AnthropicBlock[]);
    if (system) messages.push({ role: 'system', content: system });
  }
  request.messages.forEach((message, i) => {
    const content = message.content as string | AnthropicBlock[];
    if (message.role === 'user') messages.push(...userMessages(content, `messages[${i}].content`, m));
    else messages.push(assistantMessage(content, `messages[${i}].content`, m));
  });

  const body: ChatRequestBody = { model: request.model, messages, max_tokens: request.max_tokens };
  if (request.stream) body.stream = true;
  if (request.temperature !== undefined) body.temperature = request.temperature;
  if (request.top_p !== undefined) body.top_p = request.top_p;
  // `top_k` is left out: a sampling preference chat completions has no field for (as Gemini's topK).
  if (request.stop_sequences?.length) body.stop = request.stop_sequences;
  const tools = toolsOf(request, m);
  if (tools?.length) Object.assign(body, { tools }, toolChoiceOf(request));
  if (request.metadata?.user_id) body.user = request.metadata.user_id;
  if (request.thinking?.type === 'enabled') body[THINKING] = { budgetTokens: request.thinking.budget_tokens, effort: effortOf(request.thinking.budget_tokens) };
  return { body, untranslatable: m.untranslatable };
}
