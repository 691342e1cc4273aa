import { z } from 'zod';
import { gatewayErrors } from '../gateway-error';
import { toOpenAIUsage } from '../providers/openai-shape';
import type { ChatCompletion, ChatCompletionChunk, ChatRequestBody, ResponseContext, Usage } from '../providers/types';
import { requireObject } from './anthropic';
import { chatSurface, NO_USAGE } from './chat-surface';
import type { UsageCost } from '../pipeline/price-report';
import type { Surface, SurfaceRequest, SurfaceStreamEncoder } from './surface';
import { firstIssue } from './zod-issues';

const DONE = 'data: [DONE]\n\n';
/** The legacy API's own default: a caller that sends no max_tokens gets (and is held for) 16. */
const DEFAULT_MAX_TOKENS = 16;

const optionalNumber = z.number().nullish();
/**
 * Strict: the legacy fields a chat model cannot honour (`echo`, `logprobs`, `suffix`, `best_of`
 * above 1) and any field this surface does not know are a 400 naming them, never dropped.
 */
const completionsRequestSchema = z.strictObject({
  model: z.string().min(1),
  prompt: z.union([z.string(), z.array(z.string()).length(1, 'one prompt per request (arrays of several prompts are not supported)')]),
  max_tokens: z.number().int().min(1).nullish(),
  temperature: optionalNumber,
  top_p: optionalNumber,
  n: z.number().int().min(1).max(128).nullish(),
  stream: z.boolean().nullish(),
  stream_options: z.object({ include_usage: z.boolean().optional() }).nullish(),
  stop: z.union([z.string(), z.array(z.string()).max(4)]).nullish(),
  presence_penalty: optionalNumber,
  frequency_penalty: optionalNumber,
  logit_bias: z.record(z.string(), z.number()).nullish(),
  seed: z.number().int().nullish(),
  user: z.string().optional(),
  echo: z.literal(false, 'echo is not supported (chat models do not return the prompt)').nullish(),
  logprobs: z.null('logprobs is not supported on /v1/completions').optional(),
  suffix: z.null('suffix is not supported (chat models do not insert text)').optional(),
  best_of: z.literal(1, 'best_of above 1 is not supported').nullish(),
});

function textCompletionId(ctx: ResponseContext): string {
  return `cmpl-${ctx.requestId}`;
}

/**
 * `POST /v1/completions`, OpenAI's legacy text-completion API, for clients that still call it:
 * the prompt becomes the one user message of a chat request (so the model answers it rather than
 * continuing it, as other gateways do), and the answer comes back as `text_completion` objects,
 * JSON or SSE. Everything else (admission, hold, routing, settlement, usage row) is the pipeline's.
 */
export const completionsSurface: Surface = {
  name: 'completions',
  streamFormat: chatSurface.streamFormat,
  parse(json): SurfaceRequest {
    const parsed = completionsRequestSchema.safeParse(requireObject(json));
    if (!parsed.success) {
      const issue = firstIssue(parsed.error);
      const unknownKeys = parsed.error.issues[0]?.code === 'unrecognized_keys' ? parsed.error.issues[0].keys : [];
      const field = unknownKeys[0] ?? issue.field;
      const message = unknownKeys.length ? `Unrecognized request argument supplied: ${unknownKeys.join(', ')}` : `Invalid value for '${field}': ${issue.message.slice(issue.field.length + 2)}`;
      throw gatewayErrors.invalidRequest(message, field);
    }
    const { prompt, echo: _echo, logprobs: _logprobs, suffix: _suffix, best_of: _bestOf, ...fields } = parsed.data;
    const body: ChatRequestBody = { ...fields, stream: fields.stream ?? false, max_tokens: fields.max_tokens ?? DEFAULT_MAX_TOKENS, messages: [{ role: 'user', content: typeof prompt === 'string' ? prompt : prompt[0]! }] };
    for (const key of Object.keys(body)) if (body[key] === null || body[key] === undefined) delete body[key];
    return { body, stream: body.stream === true, raw: body, outputChoices: body.n ?? 1 };
  },
  renderJson(completion: ChatCompletion, _usage, ctx) {
    return {
      id: textCompletionId(ctx),
      object: 'text_completion',
      created: completion.created,
      model: completion.model,
      choices: completion.choices.map((choice) => ({ text: choice.message.content ?? '', index: choice.index, logprobs: null, finish_reason: choice.finish_reason })),
      usage: completion.usage,
    };
  },
  streamEncoder(request, ctx): SurfaceStreamEncoder {
    const includeUsage = request.body.stream_options?.include_usage === true;
    const event = (choices: unknown[], usage?: unknown) =>
      `data: ${JSON.stringify({ id: textCompletionId(ctx), object: 'text_completion', created: ctx.created, model: ctx.model, choices, ...(usage ? { usage } : {}) })}\n\n`;
    return {
      chunk(chunk: ChatCompletionChunk): string {
        if (chunk.choices.length === 0) return chunk.usage && includeUsage ? event([], chunk.usage) : '';
        const choices = chunk.choices
          .filter((c) => (c.delta.content ?? '') !== '' || c.finish_reason)
          .map((c) => ({ text: c.delta.content ?? '', index: c.index, logprobs: null, finish_reason: c.finish_reason }));
        return choices.length ? event(choices) : '';
      },
      // A caller who asked for the charge (x-gateway-usage-cost) gets one more usage event carrying
      // it, as on chat completions: the upstream's usage chunk has gone by before the settle.
      finish: (usage: Usage | undefined, _heldTail: string | undefined, cost?: UsageCost) =>
        (cost ? event([], { ...toOpenAIUsage(usage ?? NO_USAGE), ...cost }) : '') + DONE,
      error: (err) => `data: ${JSON.stringify({ error: { message: err.message, type: 'upstream_error', param: null, code: err.code } })}\n\n${DONE}`,
    };
  },
  renderError: chatSurface.renderError,
};
