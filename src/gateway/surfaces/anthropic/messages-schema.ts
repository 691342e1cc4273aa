import { z } from 'zod';

// Anthropic's Messages request (https://docs.anthropic.com/en/api/messages), validated whole at
// the edge. Objects are loose: fields Anthropic adds later pass through to Anthropic channels
// untouched. Content blocks are checked by their own schema when their type is known; unknown
// block types are kept for pass-through and refused by name when a request must be translated.

const cacheControl = z.looseObject({ type: z.literal('ephemeral'), ttl: z.string().optional() }).nullish();

const imageSource = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('base64'), media_type: z.string().min(1), data: z.string() }),
  z.looseObject({ type: z.literal('url'), url: z.string().min(1) }),
  z.looseObject({ type: z.literal('file'), file_id: z.string().min(1) }),
]);

const textBlock = z.looseObject({ type: z.literal('text'), text: z.string(), cache_control: cacheControl });
const imageBlock = z.looseObject({ type: z.literal('image'), source: imageSource, cache_control: cacheControl });

const BLOCKS: Record<string, z.ZodType> = {
  text: textBlock,
  image: imageBlock,
  document: z.looseObject({ type: z.literal('document'), source: z.looseObject({ type: z.string() }), cache_control: cacheControl }),
  tool_use: z.looseObject({ type: z.literal('tool_use'), id: z.string().min(1), name: z.string().min(1), input: z.record(z.string(), z.unknown()), cache_control: cacheControl }),
  tool_result: z.looseObject({
    type: z.literal('tool_result'),
    tool_use_id: z.string().min(1),
    content: z.union([z.string(), z.array(z.looseObject({ type: z.string() }))]).optional(),
    is_error: z.boolean().optional(),
    cache_control: cacheControl,
  }),
  thinking: z.looseObject({ type: z.literal('thinking'), thinking: z.string(), signature: z.string().optional() }),
  redacted_thinking: z.looseObject({ type: z.literal('redacted_thinking'), data: z.string() }),
};

/** Any block: its own schema when the type is known, else only `type` (kept for pass-through). */
const block = z.looseObject({ type: z.string().min(1) }).superRefine((value, ctx) => {
  const schema = BLOCKS[value.type];
  if (!schema) return;
  const parsed = schema.safeParse(value);
  if (parsed.success) return;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path, input: undefined });
});

const message = z.looseObject({
  role: z.enum(['user', 'assistant']),
  content: z.union([z.string(), z.array(block)]),
});

const tool = z.looseObject({
  name: z.string().min(1).max(128),
  type: z.string().optional(),
  description: z.string().optional(),
  input_schema: z.looseObject({ type: z.string() }).optional(),
  cache_control: cacheControl,
}).superRefine((value, ctx) => {
  // Client tools (no type, or `custom`) need a schema; server tools (`web_search_...`) do not.
  if ((value.type === undefined || value.type === 'custom') && !value.input_schema) {
    ctx.addIssue({ code: 'custom', message: 'Field required', path: ['input_schema'], input: undefined });
  }
});

const toolChoice = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('auto'), disable_parallel_tool_use: z.boolean().optional() }),
  z.looseObject({ type: z.literal('any'), disable_parallel_tool_use: z.boolean().optional() }),
  z.looseObject({ type: z.literal('none') }),
  z.looseObject({ type: z.literal('tool'), name: z.string().min(1), disable_parallel_tool_use: z.boolean().optional() }),
]);

const thinking = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('enabled'), budget_tokens: z.number().int().min(1) }),
  z.looseObject({ type: z.literal('disabled') }),
]);

const common = {
  model: z.string().min(1),
  messages: z.array(message).min(1),
  system: z.union([z.string(), z.array(textBlock)]).optional(),
  tools: z.array(tool).optional(),
  tool_choice: toolChoice.optional(),
  thinking: thinking.optional(),
};

export const messagesRequestSchema = z.looseObject({
  ...common,
  max_tokens: z.number().int().min(1),
  stream: z.boolean().optional(),
  temperature: z.number().min(0).max(1).optional(),
  top_p: z.number().min(0).max(1).optional(),
  top_k: z.number().int().min(0).optional(),
  stop_sequences: z.array(z.string()).optional(),
  metadata: z.looseObject({ user_id: z.string().nullish() }).optional(),
});
export type MessagesRequest = z.infer<typeof messagesRequestSchema>;

/** `POST /v1/messages/count_tokens`: the same request without the generation settings. */
export const countTokensRequestSchema = z.looseObject(common);

export type AnthropicBlock = { type: string; [field: string]: unknown };
