import { InputInventory } from '../../pipeline/input-inventory';
import type { AnthropicBlock, MessagesRequest } from './messages-schema';

// The non-text inputs of a Messages request, as Anthropic channels receive it (forwarded as it
// came). Blocks whose text the internal body carries (text, tool_use, tool_result text,
// thinking) are estimated with it; everything else is measured or named here.

const ESTIMATED = new Set(['text', 'tool_use', 'tool_result', 'thinking', 'redacted_thinking']);

type Source = { type?: unknown; media_type?: unknown; data?: unknown; content?: unknown };

function source(inputs: InputInventory, param: string, block: AnthropicBlock, noun: string): void {
  const src = (block.source ?? {}) as Source;
  if (src.type === 'url') return inputs.cannotMeasure(param, 'URL', `${noun} by URL`);
  if (src.type === 'file') return inputs.cannotMeasure(param, 'FILE_ID', `${noun} by file id`);
  if (block.type === 'image' && src.type === 'base64' && typeof src.data === 'string') return inputs.imageBytes(param, Buffer.from(src.data, 'base64'));
  if (block.type === 'document' && src.type === 'text' && typeof src.data === 'string') return inputs.text(src.data);
  if (block.type === 'document' && src.type === 'content' && Array.isArray(src.content)) return blocks(inputs, `${param}.source.content`, src.content as AnthropicBlock[], false);
  // A base64 PDF: Anthropic bills each page as an image plus its text, by no fixed rule.
  if (block.type === 'document' && src.type === 'base64') return inputs.cannotMeasure(param, 'DOCUMENT', 'a PDF document');
  inputs.cannotMeasure(param, 'UNKNOWN_MEDIA', `${noun} of source type \`${String(src.type)}\``);
}

/** `textInBody`: the internal body carries these text blocks (messages, tool results), not a document's content. */
function blocks(inputs: InputInventory, path: string, list: AnthropicBlock[], textInBody = true): void {
  list.forEach((block, j) => {
    const param = `${path}[${j}]`;
    if (block.type === 'text') {
      if (!textInBody && typeof block.text === 'string') inputs.text(block.text);
    } else if (block.type === 'image') source(inputs, param, block, 'an image');
    else if (block.type === 'document') source(inputs, param, block, 'a document');
    else if (block.type === 'tool_result' && Array.isArray(block.content)) {
      blocks(inputs, `${param}.content`, block.content as AnthropicBlock[]);
    } else if (block.type === 'container_upload') inputs.cannotMeasure(param, 'FILE_ID', 'a file by id');
    else if (!ESTIMATED.has(block.type)) {
      // Inline blocks of other types (search results, earlier server-tool results): all their content is in the body.
      inputs.text(JSON.stringify(block));
    }
  });
}

/**
 * Server tools (`web_search_*`, `web_fetch_*`, `code_execution_*`...) run at Anthropic, which
 * decides how often: each use is billed at its own price, and what they bring back as input.
 */
export function anthropicInputs(request: MessagesRequest): InputInventory {
  const inputs = new InputInventory();
  request.messages.forEach((message, i) => {
    if (Array.isArray(message.content)) blocks(inputs, `messages[${i}].content`, message.content as AnthropicBlock[]);
  });
  request.tools?.forEach((tool, i) => {
    if (tool.type !== undefined && tool.type !== 'custom') inputs.serverTool(`tools[${i}]`, `the server tool \`${tool.type}\``, (tool as { max_uses?: unknown }).max_uses);
  });
  const raw = request as Record<string, unknown>;
  if (Array.isArray(raw.mcp_servers) && raw.mcp_servers.length) inputs.serverTool('mcp_servers', 'MCP servers', undefined);
  return inputs;
}
