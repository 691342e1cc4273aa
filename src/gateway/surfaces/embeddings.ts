import { z } from 'zod';
import { gatewayErrors } from '../gateway-error';
import { requireObject } from './anthropic';
import { chatSurface } from './chat-surface';
import type { Surface, SurfaceRequest } from './surface';
import { firstIssue } from './zod-issues';

const embeddingsRequestSchema = z.looseObject({
  model: z.string().min(1),
  input: z.union([z.string(), z.array(z.string()).min(1).max(2048)]),
  encoding_format: z.enum(['float', 'base64']).optional(),
  dimensions: z.number().int().min(1).optional(),
  user: z.string().optional(),
});

/**
 * `POST /v1/embeddings` (OpenAI's shape, to OpenAI-compatible channels). The inputs become user
 * messages of the internal request only so the pipeline's prompt estimate sizes the reserve;
 * the caller's body goes upstream as it came except `model`. Token-id inputs (arrays of
 * integers) are refused with a 400: the gateway could not size their reserve honestly.
 */
export const embeddingsSurface: Surface = {
  name: 'embeddings',
  streamFormat: chatSurface.streamFormat,
  parse(json): SurfaceRequest {
    const raw = requireObject(json);
    const parsed = embeddingsRequestSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = firstIssue(parsed.error);
      const hint = issue.field.startsWith('input') ? ' (a string or an array of strings; token-id arrays are not supported)' : '';
      throw gatewayErrors.invalidRequest(`Invalid value for '${issue.field}'${hint}: ${issue.message.slice(issue.field.length + 2)}`, issue.field);
    }
    const inputs = typeof parsed.data.input === 'string' ? [parsed.data.input] : parsed.data.input;
    return { body: { model: parsed.data.model, messages: inputs.map((content) => ({ role: 'user' as const, content })) }, stream: false, raw };
  },
  renderJson: (completion) => completion,
  streamEncoder: chatSurface.streamEncoder,
  renderError: chatSurface.renderError,
};
