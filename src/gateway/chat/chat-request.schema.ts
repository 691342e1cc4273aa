import { z } from 'zod';
import type { ChatRequestBody } from '../providers/types';
import { gatewayErrors, type GatewayError } from '../gateway-error';

// Only what the gateway itself relies on is checked; every other field (and every unknown
// content-part type) is passed through for the upstream to judge, as OpenAI-compatible
// servers grow new fields faster than any gateway.
const contentPart = z.looseObject({ type: z.string() });
const message = z.looseObject({
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool']),
  content: z.union([z.string(), z.array(contentPart), z.null()]).optional(),
});
const tokenLimit = z.number().int().positive().nullable().optional();

const chatRequestSchema = z.looseObject({
  model: z.string().min(1),
  messages: z.array(message).min(1),
  stream: z.boolean().nullable().optional(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).nullable().optional(),
  max_tokens: tokenLimit,
  max_completion_tokens: tokenLimit,
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
