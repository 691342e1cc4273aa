import { anthropicMessagesUrl } from '../../providers/anthropic/request';
import { anthropicEventFor } from '../../providers/anthropic/stream-splice';
import { ANTHROPIC_VERSION } from '../../providers/anthropic/wire';
import type { SseEvent } from '../../sse/sse-decoder';
import type { PassthroughCodec } from '../surface';

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(',') : value || undefined;
}

/**
 * An Anthropic caller on an Anthropic channel: the request goes as it came (only `model` becomes
 * the channel's name for it, keys keep their order), with the caller's `anthropic-version` and
 * `anthropic-beta`; the answer comes back as Anthropic sent it, `model` set back to the
 * catalogue id. So thinking signatures, citations, server tools and whatever comes next survive.
 */
export const anthropicPassthrough: PassthroughCodec = {
  protocol: 'ANTHROPIC',
  buildRequest(request, target, info) {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'x-api-key': target.apiKey,
      'anthropic-version': header(info.req.headers['anthropic-version']) ?? ANTHROPIC_VERSION,
      accept: request.stream ? 'text/event-stream' : 'application/json',
    };
    const beta = header(info.req.headers['anthropic-beta']);
    if (beta) headers['anthropic-beta'] = beta;
    return { method: 'POST', url: anthropicMessagesUrl(target.baseUrl), headers, body: JSON.stringify({ ...request.raw, model: target.upstreamModel }) };
  },
  rewriteJson(json, ctx) {
    return json !== null && typeof json === 'object' && 'model' in json ? { ...json, model: ctx.model } : json;
  },
  rewriteEvent: (event: SseEvent, ctx) => anthropicEventFor(event, ctx.model),
  carriesFinalUsage: (event) => event.event === 'message_delta',
};
