import type { PickedChannel } from '../../domain/routing/channel-picker';
import { gatewayErrors } from '../gateway-error';
import type { ChatCompletion, ChatProvider, StreamMapper, StreamSplicer, UpstreamHttpRequest, Usage } from '../providers/types';
import type { ChatCall } from './admitted-call';
import { targetFor } from './admitted-call';

/** What one attempt on one channel sends and how it reads the answer, for the caller's surface. */
export interface AttemptCodec {
  build(stream: boolean): UpstreamHttpRequest;
  /** The upstream's JSON answer: what the caller gets, what it cost (usage), and what it delivered. */
  readJson(json: unknown): { payload: unknown; usage: Usage; completion: ChatCompletion };
  streamMapper(): StreamMapper;
  /** Present when the caller's and the channel's protocol let the stream pass through as spliced bytes (undefined: not this request's). */
  streamSplicer?(): StreamSplicer | undefined;
  /** The upstream's report with the server-tool uses the vendor bills per request added (a stream's report is read by the relay). */
  billedUsage(usage: Usage | undefined): Usage | undefined;
}

/** At least `perRequest` server-tool uses on a report (a report that counts more keeps its count). */
function withUsesPerRequest(usage: Usage | undefined, perRequest: number): Usage | undefined {
  if (!usage || perRequest <= (usage.serverToolUses ?? 0)) return usage;
  return { ...usage, serverToolUses: perRequest };
}

/**
 * Same protocol on both sides (an Anthropic caller on an Anthropic channel, a Gemini caller on a
 * Gemini channel): the caller's body goes upstream as it came except `model`, and the answer comes
 * back as the upstream sent it except `model`, so whatever a vendor adds is never lost. The
 * channel's adapter still reads the answer, for usage and the end of the stream. Otherwise the
 * adapter translates from and to the internal shape, and the surface renders it.
 */
export function attemptCodec(call: ChatCall, provider: ChatProvider, picked: PickedChannel): AttemptCodec {
  const channel = picked.channel;
  const target = targetFor(picked, call.model);
  const ctx = call.responseContext;
  const passthrough = call.surface.passthrough?.protocol === channel.protocol ? call.surface.passthrough : undefined;
  const splice = call.surface.streamSplice?.protocol === channel.protocol ? call.surface.streamSplice : undefined;
  const streamSplicer = splice ? { streamSplicer: () => splice.create(call.request, ctx, call.info) } : {};
  if (passthrough) {
    return {
      build: () => passthrough.buildRequest(call.request, target, call.info),
      readJson(json) {
        const { completion, usage } = provider.parseChatResponse(json, ctx);
        return { payload: passthrough.rewriteJson(json, ctx), usage, completion };
      },
      // The caller's own body went upstream: its vendor's report counts every use.
      billedUsage: (usage) => usage,
      streamMapper() {
        const inner = provider.createStreamMapper(ctx);
        const holds = call.request.includeCost === true && passthrough.carriesFinalUsage;
        return {
          push: (event) => ({ ...inner.push(event), raw: passthrough.rewriteEvent(event, ctx), ...(holds && holds(event) ? { holdRaw: true } : {}) }),
          end: () => ({ ...inner.end(), raw: '' }),
        };
      },
      // A caller who asked for the charge in the final usage gets the parsed pass-through above,
      // which holds the vendor's event carrying the final usage back until the charge is settled
      // and writes the charge into it; the splice forwards that event's bytes as they come.
      ...(call.request.includeCost === true ? {} : streamSplicer),
    };
  }
  const untranslatable = call.request.untranslatable ?? [];
  const usesPerRequest = provider.serverToolUsesPerRequest?.(call.body) ?? 0;
  return {
    build(stream) {
      if (untranslatable.length) {
        throw gatewayErrors.invalidRequest(
          `This model is served by a ${channel.protocol} channel, which cannot carry: ${untranslatable.join('; ')}. Remove them, or use a model served in the ${call.surface.name} protocol.`,
        );
      }
      return provider.buildChatRequest(call.body, target, { stream });
    },
    readJson(json) {
      const parsed = provider.parseChatResponse(json, ctx);
      const usage = withUsesPerRequest(parsed.usage, usesPerRequest)!;
      return { payload: call.surface.renderJson(parsed.completion, usage, ctx, call.request), usage, completion: parsed.completion };
    },
    billedUsage: (usage) => withUsesPerRequest(usage, usesPerRequest),
    streamMapper: () => provider.createStreamMapper(ctx),
    ...streamSplicer,
  };
}
