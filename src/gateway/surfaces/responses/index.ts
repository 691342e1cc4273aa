import { gatewayErrors } from '../../gateway-error';
import { chatSurface } from '../chat-surface';
import { requireObject } from '../anthropic';
import type { Surface, SurfaceRequest } from '../surface';
import { firstIssue } from '../zod-issues';
import { renderResponse } from './from-internal';
import { responsesInputs } from './inputs';
import { responsesRequestSchema } from './responses-schema';
import { ResponsesStreamEncoder } from './stream-encoder';
import { responsesToInternal, untranslatableResponsesFields } from './to-internal';

/**
 * `POST /v1/responses`: OpenAI's Responses API, as Codex CLI and the OpenAI SDKs call it. Every
 * channel protocol is reached through translation (see to-internal.ts); errors are OpenAI's.
 */
export const responsesSurface: Surface = {
  name: 'responses',
  streamFormat: () => ({ contentType: 'text/event-stream; charset=utf-8', keepAlive: ': keep-alive\n\n' }),
  parse(json): SurfaceRequest {
    const raw = requireObject(json);
    const parsed = responsesRequestSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = firstIssue(parsed.error);
      throw gatewayErrors.invalidRequest(`Invalid value for '${issue.field}': ${issue.message.slice(issue.field.length + 2)}`, issue.field);
    }
    return {
      body: responsesToInternal(parsed.data), stream: parsed.data.stream === true, raw, untranslatable: untranslatableResponsesFields(raw), inputs: responsesInputs(parsed.data),
    };
  },
  renderJson: renderResponse,
  streamEncoder: (request, ctx) => new ResponsesStreamEncoder(ctx, request),
  renderError: chatSurface.renderError,
};
