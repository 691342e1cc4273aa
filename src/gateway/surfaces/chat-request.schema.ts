import { z } from 'zod';
import type { ChatRequestBody } from '../providers/types';
import { gatewayErrors, type GatewayError } from '../gateway-error';

// What the gateway and its adapters (Anthropic, Gemini translators) read is checked here, at the
// edge, so an adapter only ever sees valid input and every malformed field is a 400 naming it
// (issue 12.6: `tools: "x"`, `tool_choice: {}`, a tool call without a function, an image part
// without a URL were TypeErrors and 500s). Everything else - unknown fields, unknown content-part
// types - is passed through for the upstream to judge, as OpenAI-compatible servers grow new
// fields faster than any gateway.
const PART_SCHEMAS: Record<string, z.ZodType> = {
  text: z.looseObject({ text: z.string() }),
  image_url: z.looseObject({ image_url: z.looseObject({ url: z.string().min(1), detail: z.string().optional() }) }),
  input_audio: z.looseObject({ input_audio: z.looseObject({ data: z.string(), format: z.string() }) }),
};
// Checked by its own type's schema, so the 400 names the exact field (…content[0].input_audio.format).
const contentPart = z.looseObject({ type: z.string() }).superRefine((part, ctx) => {
  const result = PART_SCHEMAS[part.type]?.safeParse(part);
  if (result && !result.success) {
    for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  }
});
const toolCall = z.looseObject({
  id: z.string().min(1),
  type: z.literal('function').optional(),
  function: z.looseObject({ name: z.string().min(1), arguments: z.string() }),
});
const message = z.looseObject({
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool']),
  content: z.union([z.string(), z.array(contentPart), z.null()]).optional(),
  name: z.string().optional(),
  tool_calls: z.array(toolCall).nullable().optional(),
  tool_call_id: z.string().optional(),
  // Thinking of an earlier turn, sent back (see providers/reasoning.ts).
  reasoning_content: z.string().nullable().optional(),
  reasoning_signature: z.string().nullable().optional(),
  redacted_reasoning: z.array(z.string()).nullable().optional(),
});
const tokenLimit = z.number().int().positive().nullable().optional();
const functionTool = z.looseObject({
  type: z.literal('function'),
  function: z.looseObject({
    name: z.string().min(1).max(128),
    description: z.string().optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
  }),
});
// Function tools are checked whole; newer OpenAI tool types (`custom`, ...) pass through to OpenAI
// channels as sent and are refused by name by adapters of other protocols.
const tool = z.looseObject({ type: z.string().min(1) }).superRefine((value, ctx) => {
  if (value.type !== 'function') return;
  const result = functionTool.safeParse(value);
  if (!result.success) for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
});
const toolChoice = z.union([
  z.enum(['none', 'auto', 'required']),
  z.looseObject({ type: z.literal('function'), function: z.looseObject({ name: z.string().min(1) }) }),
  // `allowed_tools`, `custom`...: for OpenAI channels; other adapters refuse them by name.
  z.looseObject({ type: z.string().min(1).refine((t) => t !== 'function') }),
]);

const chatRequestSchema = z.looseObject({
  model: z.string().min(1),
  messages: z.array(message).min(1),
  stream: z.boolean().nullable().optional(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).nullable().optional(),
  max_tokens: tokenLimit,
  max_completion_tokens: tokenLimit,
  // Every choice is output the reservation must cover (issue 12.2); 128 is OpenAI's own ceiling.
  n: z.number().int().min(1).max(128).nullable().optional(),
  // `best_of` (vLLM and older completion APIs) generates candidates that usage never reports: the
  // channel would pay for output nobody is charged for, so only the no-op value passes.
  best_of: z.literal(1, { error: 'best_of above 1 is not supported: its extra candidates are not reported in usage, so they cannot be billed.' }).nullable().optional(),
  tools: z.array(tool).nullable().optional(),
  tool_choice: toolChoice.nullable().optional(),
});

/** `messages[0].role`, as OpenAI names parameters in its errors. */
function paramOf(path: ReadonlyArray<PropertyKey>): string | null {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out || null;
}

function describe(issue: z.core.$ZodIssue, param: string | null): string {
  if (param === 'model' && issue.code === 'invalid_type') return 'you must provide a model parameter (a string).';
  if (param === 'messages' && issue.code === 'invalid_type') return 'you must provide a messages parameter (an array of messages).';
  return `Invalid value for '${param ?? 'body'}': ${issue.message}`;
}

export type ChatBodyResult = { ok: true; body: ChatRequestBody } | { ok: false; error: GatewayError };

export function validateChatBody(json: unknown): ChatBodyResult {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { ok: false, error: gatewayErrors.invalidRequest('The request body must be a JSON object.') };
  }
  const parsed = chatRequestSchema.safeParse(json);
  if (parsed.success) return { ok: true, body: json as ChatRequestBody };
  // model first, then messages, then the rest: the order callers fix things in.
  const issues = [...parsed.error.issues].sort((a, b) => rank(a.path[0]) - rank(b.path[0]));
  const issue = issues[0]!;
  const param = paramOf(issue.path);
  return { ok: false, error: gatewayErrors.invalidRequest(describe(issue, param), param) };
}

function rank(field: PropertyKey | undefined): number {
  return field === 'model' ? 0 : field === 'messages' ? 1 : 2;
}
