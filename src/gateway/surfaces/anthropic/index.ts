import { gatewayErrors } from '../../gateway-error';
import type { Surface, SurfaceRequest } from '../surface';
import { firstIssue } from '../zod-issues';
import { anthropicErrorBody } from './errors';
import { renderAnthropicMessage } from './from-internal';
import { countTokensRequestSchema, messagesRequestSchema, type MessagesRequest } from './messages-schema';
import { anthropicPassthrough } from './passthrough';
import { createAnthropicStreamSplicer } from '../../providers/anthropic/stream-splice';
import { AnthropicStreamEncoder } from './stream-encoder';
import { anthropicInputs } from './inputs';
import { anthropicToInternal } from './to-internal';

const PING = `event: ping\ndata: {"type": "ping"}\n\n`;

export function requireObject(json: unknown): Record<string, unknown> {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw gatewayErrors.invalidRequest('The request body must be a JSON object.');
  return json as Record<string, unknown>;
}

/** `POST /v1/messages`: Anthropic's Messages API, as Claude Code and the Anthropic SDKs call it. */
export const anthropicSurface: Surface = {
  name: 'messages',
  streamFormat: () => ({ contentType: 'text/event-stream; charset=utf-8', keepAlive: PING }),
  passthrough: anthropicPassthrough,
  streamSplice: { protocol: 'ANTHROPIC', create: (_request, ctx) => createAnthropicStreamSplicer(ctx) },
  parse(json): SurfaceRequest {
    const raw = requireObject(json);
    const parsed = messagesRequestSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = firstIssue(parsed.error);
      throw gatewayErrors.invalidRequest(issue.message, issue.field);
    }
    const request = parsed.data as MessagesRequest;
    const { body, untranslatable } = anthropicToInternal(request);
    return { body, stream: request.stream === true, raw, untranslatable, inputs: anthropicInputs(request) };
  },
  renderJson: renderAnthropicMessage,
  streamEncoder: (_request, ctx) => new AnthropicStreamEncoder(ctx),
  renderError: anthropicErrorBody,
};

/** `POST /v1/messages/count_tokens` → `{"input_tokens": n}`. */
export const anthropicTokenCount = {
  parse(json: unknown) {
    const parsed = countTokensRequestSchema.safeParse(requireObject(json));
    if (!parsed.success) {
      const issue = firstIssue(parsed.error);
      throw gatewayErrors.invalidRequest(issue.message, issue.field);
    }
    return anthropicToInternal({ ...parsed.data, max_tokens: 1 } as MessagesRequest).body;
  },
  render: (tokens: number) => ({ input_tokens: tokens }),
};
