import { geminiModelUrl } from '../../providers/gemini/request';
import type { PassthroughCodec } from '../surface';

/**
 * A Gemini caller on a Gemini channel: the body goes as it came (the model is in the URL, the
 * channel's name for it), the answer comes back as sent with `modelVersion` set to the catalogue
 * id. Streams are always asked for as SSE upstream; the surface frames them as the caller asked.
 */
export const geminiPassthrough: PassthroughCodec = {
  protocol: 'GEMINI',
  buildRequest(request, target) {
    return {
      method: 'POST',
      url: geminiModelUrl(target.baseUrl, target.upstreamModel, request.stream),
      headers: { 'content-type': 'application/json', 'x-goog-api-key': target.apiKey },
      body: JSON.stringify(request.raw),
    };
  },
  rewriteJson(json, ctx) {
    return json !== null && typeof json === 'object' && 'modelVersion' in json ? { ...json, modelVersion: ctx.model } : json;
  },
  rewriteEvent(event, ctx) {
    try {
      const parsed = JSON.parse(event.data) as Record<string, unknown>;
      if (parsed && typeof parsed === 'object' && 'modelVersion' in parsed) return JSON.stringify({ ...parsed, modelVersion: ctx.model });
    } catch {
      // the adapter reports a malformed event
    }
    return event.data;
  },
};
