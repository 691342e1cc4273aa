import { z } from 'zod';

// The Anthropic Messages API as far as the gateway uses it
// (https://docs.anthropic.com/en/api/messages, .../messages-streaming, .../errors).
// Requests are typed by hand (we build them); everything we read is narrowed with zod.

export const ANTHROPIC_VERSION = '2023-06-01';

export type AnthropicImageSource =
  | { type: 'base64'; media_type: string; data: string }
  | { type: 'url'; url: string };

export type AnthropicTextBlock = { type: 'text'; text: string };
export type AnthropicImageBlock = { type: 'image'; source: AnthropicImageSource };
export type AnthropicToolUseBlock = { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> };
export type AnthropicToolResultBlock = {
  type: 'tool_result';
  tool_use_id: string;
  content: string | Array<AnthropicTextBlock | AnthropicImageBlock>;
};

export type AnthropicThinkingBlock = { type: 'thinking'; thinking: string; signature: string };
export type AnthropicRedactedThinkingBlock = { type: 'redacted_thinking'; data: string };

export type AnthropicRequestBlock =
  | AnthropicTextBlock | AnthropicImageBlock | AnthropicToolUseBlock | AnthropicToolResultBlock | AnthropicThinkingBlock | AnthropicRedactedThinkingBlock;

export interface AnthropicMessage {
  role: 'user' | 'assistant';
  content: AnthropicRequestBlock[];
}

export interface AnthropicTool {
  name: string;
  description?: string;
  input_schema: Record<string, unknown>;
}

export type AnthropicToolChoice =
  | { type: 'auto' | 'any'; disable_parallel_tool_use?: boolean }
  | { type: 'tool'; name: string; disable_parallel_tool_use?: boolean }
  | { type: 'none' };

export interface AnthropicRequest {
  model: string;
  max_tokens: number;
  messages: AnthropicMessage[];
  system?: string;
  stop_sequences?: string[];
  temperature?: number;
  top_p?: number;
  tools?: AnthropicTool[];
  tool_choice?: AnthropicToolChoice;
  metadata?: { user_id: string };
  thinking?: { type: 'enabled'; budget_tokens: number };
  stream?: boolean;
}

const count = z.number().int().nonnegative();

export const anthropicUsageSchema = z.object({
  input_tokens: count.nullish(),
  output_tokens: count.nullish(),
  cache_creation_input_tokens: count.nullish(),
  cache_read_input_tokens: count.nullish(),
  /** The cache writes by duration; their sum is `cache_creation_input_tokens`. */
  cache_creation: z.object({ ephemeral_5m_input_tokens: count.nullish(), ephemeral_1h_input_tokens: count.nullish() }).nullish(),
  /**
   * Server-tool uses by kind (`web_search_requests`, `web_fetch_requests`, and any `*_requests`
   * Anthropic adds), each billed per use; streams repeat the running totals.
   */
  server_tool_use: z.record(z.string(), z.unknown()).nullish(),
});
export type AnthropicUsage = z.infer<typeof anthropicUsageSchema>;

const responseBlockSchema = z.union([
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('tool_use'), id: z.string(), name: z.string(), input: z.record(z.string(), z.unknown()) }),
  z.object({ type: z.literal('thinking'), thinking: z.string(), signature: z.string().nullish() }),
  z.object({ type: z.literal('redacted_thinking'), data: z.string() }),
  // server tool blocks and whatever comes next: not part of a chat message.
  z.object({ type: z.string() }),
]);

// Only what the mapping needs is required: Anthropic-compatible endpoints of other vendors
// (a common kind of channel) leave out fields Anthropic itself always sends.
export const anthropicMessageSchema = z.object({
  id: z.string().optional(),
  type: z.literal('message').optional(),
  role: z.literal('assistant').optional(),
  content: z.array(responseBlockSchema),
  stop_reason: z.string().nullish(),
  stop_sequence: z.string().nullish(),
  usage: anthropicUsageSchema,
});
export type AnthropicResponse = z.infer<typeof anthropicMessageSchema>;

export const anthropicErrorBodySchema = z.object({
  type: z.literal('error').optional(),
  error: z.object({ type: z.string(), message: z.string() }),
});

export const anthropicStreamEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('message_start'),
    message: z.object({ id: z.string().optional(), usage: anthropicUsageSchema.nullish() }),
  }),
  z.object({
    type: z.literal('content_block_start'),
    index: count,
    content_block: z.union([
      z.object({ type: z.literal('text'), text: z.string() }),
      z.object({ type: z.literal('tool_use'), id: z.string(), name: z.string() }),
      z.object({ type: z.literal('thinking'), thinking: z.string().nullish(), signature: z.string().nullish() }),
      z.object({ type: z.literal('redacted_thinking'), data: z.string() }),
      z.object({ type: z.string() }),
    ]),
  }),
  z.object({
    type: z.literal('content_block_delta'),
    index: count,
    delta: z.union([
      z.object({ type: z.literal('text_delta'), text: z.string() }),
      z.object({ type: z.literal('input_json_delta'), partial_json: z.string() }),
      z.object({ type: z.literal('thinking_delta'), thinking: z.string() }),
      z.object({ type: z.literal('signature_delta'), signature: z.string() }),
      z.object({ type: z.string() }),
    ]),
  }),
  z.object({ type: z.literal('content_block_stop'), index: count }),
  z.object({
    type: z.literal('message_delta'),
    delta: z.object({ stop_reason: z.string().nullish(), stop_sequence: z.string().nullish() }),
    usage: anthropicUsageSchema.nullish(),
  }),
  z.object({ type: z.literal('message_stop') }),
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('error'), error: z.object({ type: z.string(), message: z.string() }) }),
]);
export type AnthropicStreamEvent = z.infer<typeof anthropicStreamEventSchema>;

/** The event types this adapter understands; others (new ones Anthropic adds) are skipped. */
export const KNOWN_STREAM_EVENTS = new Set([
  'message_start', 'content_block_start', 'content_block_delta', 'content_block_stop',
  'message_delta', 'message_stop', 'ping', 'error',
]);
