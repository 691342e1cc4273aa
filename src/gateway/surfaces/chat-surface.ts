import { validateChatBody } from './chat-request.schema';
import { gatewayErrors, type GatewayError } from '../gateway-error';
import { createOpenAIStreamSplicer } from '../providers/openai/stream-splice';
import { usageChunkOf } from '../providers/openai-shape';
import type { ChatCompletionChunk, Usage } from '../providers/types';
import { chatInputs } from './chat-inputs';
import type { Surface, SurfaceStreamEncoder } from './surface';
import type { UsageCost } from '../pipeline/price-report';

const DONE = 'data: [DONE]\n\n';
/** The usage a final event reports when the upstream reported none. */
export const NO_USAGE: Usage = { promptTokens: 0, completionTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };

function withCost(chunk: ChatCompletionChunk, cost: UsageCost): ChatCompletionChunk {
  return { ...chunk, usage: { ...chunk.usage, ...cost } as ChatCompletionChunk['usage'] };
}

/**
 * `POST /v1/chat/completions`: the internal representation is this surface's own wire format,
 * so requests go to OpenAI channels as they came (providers/openai) and answers come back as
 * the adapters produced them. The upstream's usage chunk is always requested and only
 * forwarded when the caller asked (`stream_options.include_usage`). On an OpenAI channel the
 * stream's events pass through as bytes, spliced where they must change (streamSplice).
 */
export const chatSurface: Surface = {
  name: 'chat.completions',
  streamFormat: () => ({ contentType: 'text/event-stream; charset=utf-8', keepAlive: ': keep-alive\n\n' }),
  parse(json) {
    const validated = validateChatBody(json);
    if (!validated.ok) throw validated.error;
    // OpenRouter's `usage: { include: true }` asks the gateway for the charge; no upstream knows it.
    const { usage, ...body } = validated.body as typeof validated.body & { usage?: unknown };
    const includeCost = typeof usage === 'object' && usage !== null && (usage as { include?: unknown }).include === true;
    const fallbackModels = callerFallbacks(body);
    return { body, stream: body.stream === true, raw: body, outputChoices: body.n ?? 1, inputs: chatInputs(body), includeCost, ...(fallbackModels ? { fallbackModels } : {}) };
  },
  streamSplice: {
    protocol: 'OPENAI',
    create: (request, ctx) => createOpenAIStreamSplicer(ctx, { includeUsage: request.body.stream_options?.include_usage === true }),
  },
  renderJson: (completion) => completion,
  streamEncoder(request, ctx): SurfaceStreamEncoder {
    const includeUsage = request.body.stream_options?.include_usage === true;
    return {
      chunk(chunk: ChatCompletionChunk): string {
        if (!includeUsage) {
          if (chunk.choices.length === 0 && chunk.usage) return '';
          if ('usage' in chunk) delete chunk.usage;
        }
        return `data: ${JSON.stringify(chunk)}\n\n`;
      },
      // With the charge asked for (OpenRouter's `usage.include`), a last usage chunk carries it:
      // the upstream's own usage chunk has passed already, before the charge was known.
      finish: (usage: Usage | undefined, _heldTail: string | undefined, cost?: UsageCost) =>
        (cost ? `data: ${JSON.stringify(withCost(usageChunkOf(ctx, usage ?? NO_USAGE), cost))}\n\n` : '') + DONE,
      error: (err: GatewayError) =>
        `data: ${JSON.stringify({ error: { message: err.message, type: 'upstream_error', param: null, code: err.code } })}\n\n${DONE}`,
    };
  },
  renderError: (err) => ({ status: err.status, body: err.toBody() }),
};

/**
 * OpenRouter's `models`: the models to try after `model`, in order, when it fails. Taken out of the
 * body (no upstream knows it); each one is checked against the caller's access when it is tried.
 */
function callerFallbacks(body: Record<string, unknown>): string[] | undefined {
  if (!('models' in body)) return undefined;
  const models = body.models;
  delete body.models;
  if (models === null || models === undefined) return undefined;
  if (!Array.isArray(models) || models.length > 5 || !models.every((m) => typeof m === 'string' && m.length > 0 && m.length <= 128)) {
    throw gatewayErrors.invalidRequest('`models` must be a list of at most 5 model ids, tried in order after `model`.', 'models');
  }
  return models as string[];
}
