import { gatewayErrors } from '../../gateway-error';
import { REASONING, REDACTED_PREFIX, THINKING, type CarriedReasoning } from '../../providers/reasoning';
import type { ChatMessage, ChatRequestBody, ContentPart, ToolCall, ToolDefinition } from '../../providers/types';
import type { ResponsesItem, ResponsesRequest } from './responses-schema';
import { flatToolName } from './tool-names';

// A Responses request in the internal (chat) shape. Channels never see the Responses protocol
// itself (OpenAI-compatible servers rarely implement it), so every request is translated.
// `reasoning` items of earlier turns ride along on their assistant turn (reasoning.ts): their
// summary as thinking text, their `encrypted_content` as the signature this gateway put there.
// Deliberately dropped, as hints that change nothing the model answers: `store` (nothing is
// stored; answers say `store: false`), `include` (encrypted reasoning is always included),
// `metadata`, `truncation`, `service_tier`, `prompt_cache_key`, `safety_identifier`,
// `reasoning.summary`, `text.verbosity` on non-OpenAI channels, `client_metadata` (Codex).
// Any other field is refused by name.
// `previous_response_id` needs stored responses: refused with a 400 that says to send the history.

const KNOWN_FIELDS = new Set([
  'model', 'input', 'instructions', 'tools', 'tool_choice', 'parallel_tool_calls', 'reasoning', 'max_output_tokens', 'text', 'stream',
  'temperature', 'top_p', 'store', 'previous_response_id', 'user', 'metadata', 'include', 'truncation', 'service_tier', 'prompt_cache_key',
  'safety_identifier', 'stream_options', 'client_metadata',
]);

/** Top-level fields no channel protocol can carry (every Responses request is translated). */
export function untranslatableResponsesFields(raw: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const [field, value] of Object.entries(raw)) {
    // `background: false`, `top_logprobs: null`...: an unset or off value asks for nothing.
    if (!KNOWN_FIELDS.has(field) && value !== null && value !== false) out.push(`\`${field}\``);
  }
  return out;
}

function reasoningOfItem(item: ResponsesItem): CarriedReasoning {
  const summary = Array.isArray(item.summary) ? (item.summary as Array<{ text?: unknown }>) : [];
  const encrypted = typeof item.encrypted_content === 'string' ? item.encrypted_content : '';
  const redacted = encrypted.startsWith(REDACTED_PREFIX);
  return {
    text: summary.map((p) => (typeof p.text === 'string' ? p.text : '')).join(''),
    signature: redacted ? '' : encrypted,
    redacted: redacted ? [encrypted.slice(REDACTED_PREFIX.length)] : [],
  };
}

function merged(into: CarriedReasoning | undefined, reasoning: CarriedReasoning): CarriedReasoning {
  if (!into) return reasoning;
  return { text: into.text + reasoning.text, signature: reasoning.signature || into.signature, redacted: [...into.redacted, ...reasoning.redacted] };
}

type Part = { type: string; text?: unknown; image_url?: unknown; detail?: unknown };

function partsOf(content: string | Part[], path: string): string | ContentPart[] {
  if (typeof content === 'string') return content;
  const parts: ContentPart[] = content.map((part, j) => {
    if (part.type === 'input_text' || part.type === 'output_text') return { type: 'text', text: part.text as string };
    if (part.type === 'input_image' && typeof part.image_url === 'string') {
      return { type: 'image_url', image_url: { url: part.image_url, ...(typeof part.detail === 'string' ? { detail: part.detail } : {}) } };
    }
    throw gatewayErrors.invalidRequest(`\`${part.type}\` parts are not supported by this gateway.`, `${path}[${j}]`);
  });
  return parts.every((p) => p.type === 'text') ? parts.map((p) => (p as { text: string }).text).join('') : parts;
}

function toolDefinition(tool: { name?: string; description?: string | null; parameters?: Record<string, unknown> | null; strict?: boolean | null }, name: string): ToolDefinition {
  return {
    type: 'function',
    function: {
      name,
      ...(tool.description ? { description: tool.description } : {}),
      ...(tool.parameters ? { parameters: tool.parameters } : {}),
      ...(tool.strict != null ? { strict: tool.strict } : {}),
    },
  };
}

/**
 * Function tools, and the functions inside `namespace` tools (flattened, see tool-names.ts).
 * Hosted tools that only OpenAI's own servers run (`web_search`, `file_search`, `code_interpreter`,
 * `image_generation`, `computer_use_preview`, `mcp`...) are left out rather than refused: Codex
 * offers `web_search` on every turn, and the model may always answer without a tool, so the answer
 * stays a valid one. A request that forces a hosted tool cannot pass the schema's `tool_choice`.
 * `custom` (free-form) tools have no chat equivalent and are refused by name.
 */
function toolsOf(request: ResponsesRequest): ToolDefinition[] | undefined {
  if (!request.tools?.length) return undefined;
  const tools: ToolDefinition[] = [];
  request.tools.forEach((tool, i) => {
    if (tool.type === 'function') tools.push(toolDefinition(tool, tool.name!));
    else if (tool.type === 'namespace') {
      (tool.tools ?? []).forEach((fn, j) => {
        if (fn.type !== 'function') throw gatewayErrors.invalidRequest(`\`${fn.type}\` tools inside a namespace are not supported; use function tools.`, `tools[${i}].tools[${j}]`);
        tools.push(toolDefinition(fn, flatToolName(tool.name!, fn.name!)));
      });
    } else if (tool.type === 'custom') {
      throw gatewayErrors.invalidRequest('Custom (free-form) tools are not supported by this gateway; use function tools.', `tools[${i}]`);
    }
  });
  return tools;
}

export function responsesToInternal(request: ResponsesRequest): ChatRequestBody {
  if (request.previous_response_id) {
    throw gatewayErrors.invalidRequest('previous_response_id is not supported: this gateway stores no responses. Send the whole conversation in `input`.', 'previous_response_id');
  }
  const messages: ChatMessage[] = [];
  // A reasoning item belongs to the assistant turn it stands in: the one just written, or the next.
  let pending: CarriedReasoning | undefined;
  const assistant = (message: ChatMessage): ChatMessage => {
    if (pending) message[REASONING] = merged(message[REASONING], pending);
    pending = undefined;
    return message;
  };
  if (request.instructions) messages.push({ role: 'system', content: request.instructions });
  if (typeof request.input === 'string') messages.push({ role: 'user', content: request.input });
  else {
    (request.input as ResponsesItem[]).forEach((item, i) => {
      const path = `input[${i}]`;
      switch (item.type ?? 'message') {
        case 'message': {
          const role = item.role as ChatMessage['role'];
          const content = partsOf(item.content as string | Part[], `${path}.content`);
          if (role === 'assistant') messages.push(assistant({ role, content: typeof content === 'string' ? content : content.map((p) => (p as { text?: string }).text ?? '').join('') }));
          else messages.push({ role, content });
          break;
        }
        case 'function_call': {
          const call: ToolCall = { id: item.call_id as string, type: 'function', function: { name: typeof item.namespace === 'string' ? flatToolName(item.namespace, item.name as string) : (item.name as string), arguments: item.arguments as string } };
          const last = messages[messages.length - 1];
          // Parallel calls arrive as neighbouring items; chat carries them on one assistant message.
          if (last?.role === 'assistant') {
            (last.tool_calls ??= []).push(call);
            assistant(last);
          } else messages.push(assistant({ role: 'assistant', content: null, tool_calls: [call] }));
          break;
        }
        case 'function_call_output': {
          const output = item.output as string | Part[];
          messages.push({ role: 'tool', tool_call_id: item.call_id as string, content: typeof output === 'string' ? output : partsOf(output, `${path}.output`) as string });
          break;
        }
        case 'reasoning': {
          const reasoning = reasoningOfItem(item);
          const last = messages[messages.length - 1];
          if (last?.role === 'assistant') last[REASONING] = merged(last[REASONING], reasoning);
          else pending = merged(pending, reasoning);
          break;
        }
        default:
          throw gatewayErrors.invalidRequest(`Input items of type \`${item.type}\` are not supported by this gateway.`, path);
      }
    });
  }
  if (messages.length === 0) throw gatewayErrors.invalidRequest('input must contain at least one message.', 'input');

  const body: ChatRequestBody = { model: request.model, messages };
  if (request.stream) body.stream = true;
  if (request.max_output_tokens != null) body.max_completion_tokens = request.max_output_tokens;
  if (request.temperature != null) body.temperature = request.temperature;
  if (request.top_p != null) body.top_p = request.top_p;
  if (request.user) body.user = request.user;
  const tools = toolsOf(request);
  if (tools?.length) {
    body.tools = tools;
    const choice = request.tool_choice;
    if (choice) body.tool_choice = typeof choice === 'string' ? choice : { type: 'function', function: { name: choice.name } };
    if (request.parallel_tool_calls != null) body.parallel_tool_calls = request.parallel_tool_calls;
  }
  if (request.reasoning?.effort) body[THINKING] = { budgetTokens: null, effort: request.reasoning.effort };
  if (typeof request.text?.verbosity === 'string') body.verbosity = request.text.verbosity;
  const format = request.text?.format;
  if (format && format.type !== 'text') {
    body.response_format = format.type === 'json_object'
      ? { type: 'json_object' }
      : { type: 'json_schema', json_schema: { name: format.name, schema: format.schema, ...(format.strict != null ? { strict: format.strict } : {}), ...(format.description ? { description: format.description } : {}) } };
  }
  return body;
}
