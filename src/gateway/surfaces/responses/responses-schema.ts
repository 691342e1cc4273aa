import { z } from 'zod';

// OpenAI's Responses request (https://platform.openai.com/docs/api-reference/responses/create),
// validated whole at the edge. Loose objects: fields the gateway does not use are ignored or,
// where they would change the answer, refused by name in to-internal.ts.

const inputPart = z.looseObject({ type: z.string().min(1) }).superRefine((part, ctx) => {
  const need = (field: string, ok: boolean) => {
    if (!ok) ctx.addIssue({ code: 'custom', message: `Field required for \`${part.type}\` parts`, path: [field], input: undefined });
  };
  if (part.type === 'input_text' || part.type === 'output_text') need('text', typeof part.text === 'string');
  if (part.type === 'input_image') need('image_url', typeof part.image_url === 'string' || typeof part.file_id === 'string');
});

const messageItem = z.looseObject({
  type: z.literal('message').optional(),
  role: z.enum(['user', 'assistant', 'system', 'developer']),
  content: z.union([z.string(), z.array(inputPart)]),
});
const functionCallItem = z.looseObject({
  type: z.literal('function_call'),
  call_id: z.string().min(1),
  name: z.string().min(1),
  arguments: z.string(),
});
const functionOutputItem = z.looseObject({
  type: z.literal('function_call_output'),
  call_id: z.string().min(1),
  output: z.union([z.string(), z.array(inputPart)]),
});

/** An input item: its own schema when known; other types (reasoning, item_reference...) are judged in to-internal.ts. */
const item = z.looseObject({ type: z.string().optional() }).superRefine((value, ctx) => {
  const schema = value.type === undefined || value.type === 'message' ? messageItem : value.type === 'function_call' ? functionCallItem : value.type === 'function_call_output' ? functionOutputItem : undefined;
  if (!schema) return;
  const parsed = schema.safeParse(value);
  if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path, input: undefined });
});

const functionFields = {
  name: z.string().min(1).optional(),
  description: z.string().nullish(),
  parameters: z.record(z.string(), z.unknown()).nullish(),
  strict: z.boolean().nullish(),
};
const requireName = (tool: { type: string; name?: string }, ctx: z.RefinementCtx) => {
  if ((tool.type === 'function' || tool.type === 'namespace') && !tool.name) ctx.addIssue({ code: 'custom', message: 'Field required', path: ['name'], input: undefined });
};

/** A tool: functions and Codex's `namespace` groups of functions are used; hosted tools are judged in to-internal.ts. */
const tool = z.looseObject({
  type: z.string().min(1),
  ...functionFields,
  tools: z.array(z.looseObject({ type: z.string().min(1), ...functionFields }).superRefine(requireName)).optional(),
}).superRefine(requireName);

const format = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('text') }),
  z.looseObject({ type: z.literal('json_object') }),
  z.looseObject({ type: z.literal('json_schema'), name: z.string().min(1), schema: z.record(z.string(), z.unknown()), strict: z.boolean().nullish(), description: z.string().nullish() }),
]);

export const responsesRequestSchema = z.looseObject({
  model: z.string().min(1),
  input: z.union([z.string(), z.array(item)]),
  instructions: z.string().nullish(),
  tools: z.array(tool).optional(),
  tool_choice: z.union([z.enum(['auto', 'none', 'required']), z.looseObject({ type: z.literal('function'), name: z.string().min(1) })]).optional(),
  parallel_tool_calls: z.boolean().nullish(),
  reasoning: z.looseObject({ effort: z.enum(['minimal', 'low', 'medium', 'high']).nullish(), summary: z.string().nullish() }).nullish(),
  max_output_tokens: z.number().int().min(1).nullish(),
  text: z.looseObject({ format: format.optional(), verbosity: z.string().nullish() }).nullish(),
  stream: z.boolean().nullish(),
  temperature: z.number().min(0).max(2).nullish(),
  top_p: z.number().min(0).max(1).nullish(),
  store: z.boolean().nullish(),
  previous_response_id: z.string().nullish(),
  user: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  include: z.array(z.string()).nullish(),
});
export type ResponsesRequest = z.infer<typeof responsesRequestSchema>;
export type ResponsesItem = { type?: string; [field: string]: unknown };
