import type { z } from 'zod';
import { gatewayErrors } from '../../gateway-error';
import { chatSurface } from '../chat-surface';
import type { MediaSurfaceName, Surface, SurfaceRequest, SurfaceRequestInfo } from '../surface';
import { firstIssue } from '../zod-issues';
import type { MediaRequest } from '../../providers/media-request';

/** A zod failure as OpenAI words it: a 400 naming the field. */
export function invalidField(error: z.ZodError): never {
  const issue = firstIssue(error);
  throw gatewayErrors.invalidRequest(`Invalid value for '${issue.field}': ${issue.message.slice(issue.field.length + 2)}`, issue.field);
}

/**
 * A media surface: only a codec from the caller's request to a MediaRequest. The pipeline
 * (surface-handler, then media-admission) does the rest, as for every surface; answers are the
 * upstream's own OpenAI-shaped bodies and errors are OpenAI's shape. The chat members are never
 * called for these surfaces (a media request never reaches the chat exchanges).
 */
export function mediaSurface(
  name: MediaSurfaceName,
  parse: (json: unknown, info: SurfaceRequestInfo) => { model: string; media: MediaRequest; raw: Record<string, unknown> },
  readBody?: Surface['readBody'],
): Surface {
  return {
    name,
    streamFormat: chatSurface.streamFormat,
    ...(readBody ? { readBody } : {}),
    parse(json, info): SurfaceRequest {
      const { model, media, raw } = parse(json, info);
      const stream = media.kind === 'image' ? media.stream : media.kind === 'speech' && media.streamFormat === 'sse';
      return { body: { model, messages: [] }, stream, raw, media };
    },
    renderJson: (completion) => completion,
    streamEncoder: chatSurface.streamEncoder,
    renderError: chatSurface.renderError,
  };
}
