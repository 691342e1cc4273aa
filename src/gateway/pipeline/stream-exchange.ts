import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { gatewayErrors } from '../gateway-error';
import { chatProviderFor } from '../providers/registry';
import { SseWriter } from '../sse/sse-writer';
import { AttemptControl } from '../upstream/attempt-control';
import { openUpstream } from '../upstream/upstream-call';
import type { GatewayDeps } from './gateway-deps';
import { attemptCodec } from './attempt-codec';
import { failCall, failoverPlan, settleCall, type ChatCall } from './admitted-call';
import { redactFailure, runWithFailover, type AttemptOutcome } from './failover';
import { noAdapterFailure } from './json-attempt';
import { relaySplicedStream } from './splice-relay';
import { relayStream, type StreamRelayResult } from './stream-relay';
import { estimateDelivered } from './token-estimate';
import { runWithModelFallbacks } from './model-fallbacks';
import { brokenAttemptUpstreamCost } from './settle-cost';
import { usageCostOf } from './price-report';

/**
 * Streaming: fails over only until the first byte reaches the caller; after that the stream is
 * this channel's, and a failure ends it with an error event and `[DONE]`. Whatever happens,
 * the charge (upstream usage, else an estimate of what was delivered) is settled before the
 * response ends.
 */
export async function serveStream(deps: GatewayDeps, asked: ChatCall, res: ServerResponse): Promise<void> {
  const format = asked.surface.streamFormat(asked.info);
  const writer = new SseWriter(res, format.keepAlive === null ? 0 : deps.config.gateway.sseKeepAliveMs, format);
  // One encoder per model tried: its events name the model (nothing of a failed model reached the caller).
  let encoder = asked.surface.streamEncoder(asked.request, asked.responseContext, asked.info);
  const { result, call } = await runWithModelFallbacks(asked, (call) => {
    if (call !== asked) encoder = call.surface.streamEncoder(call.request, call.responseContext, call.info);
    return runWithFailover(
      deps,
      failoverPlan(deps, call),
      call.trace,
      async (picked): Promise<AttemptOutcome<StreamRelayResult>> => {
        const provider = chatProviderFor(picked.channel.protocol);
        if (!provider) return { kind: 'failed', failure: noAdapterFailure(picked.channel.protocol, 'chat') };
        const control = new AttemptControl(picked.channel, call.client);
        try {
          const codec = attemptCodec(call, provider, picked);
          const request = codec.build(true);
          const opened = await openUpstream(deps.upstream, provider, picked.channel, request, control, { firstByteOnHeaders: false, modelId: call.model.modelId });
          if (!opened.ok) return { kind: 'failed', failure: opened.failure };
          const onFirstToken = () => {
            call.trace.firstToken();
            call.charge.delivering();
          };
          const body = opened.response.body as Readable;
          const splicer = codec.streamSplicer?.();
          const relay = splicer
            ? await relaySplicedStream(body, splicer, writer, control, { onFirstToken })
            : await relayStream(body, codec.streamMapper(), writer, control, { encoder, onFirstToken });
          const relayed = { ...relay, usage: codec.billedUsage(relay.usage) };
          if (relayed.status === 'FAILED_BEFORE_COMMIT') {
            writer.stop(); // no keep-alive may commit the response while the next channel is tried
            const reported = relayed.usage && { ...relayed.usage, audioMs: 0 };
            call.trace.upstreamBilled(brokenAttemptUpstreamCost(call.model, picked.channel, reported, call.prompt.charge));
            return { kind: 'failed', failure: relayed.failure! };
          }
          return { kind: 'served', value: relayed };
        } finally {
          control.dispose();
        }
      },
    );
  });

  if (result.kind === 'failed') {
    writer.stop();
    // Nothing sent yet (or nobody to send to): a plain JSON error, exactly as for JSON requests.
    if (!writer.committed || !result.error) return failCall(call, result);
    // A keep-alive already committed the response (so the reserve had succeeded): end it with an error event.
    await call.charge.release();
    call.trace.fail(result.error, result.outcome);
    writer.end(encoder.error(result.error));
    return;
  }

  const relayed = result.value;
  const channelId = result.picked.channel.id;
  const delivered = relayed.contentChunks > 0 ? estimateDelivered(relayed.deliveredBytes, relayed.contentChunks) : 0;
  const billed = await settleCall(deps, call, result.picked, relayed.usage, delivered);
  // Settled above, before the final event: the charge it carries is the ledger's.
  const cost = call.request.includeCost ? usageCostOf(call.trace.cost, call.price.rate) : undefined;
  switch (relayed.status) {
    case 'COMPLETED':
      deps.breakers.onSuccess(channelId);
      writer.end(encoder.finish(billed, relayed.heldTail, cost));
      return;
    case 'CLIENT_GONE':
      deps.breakers.onInconclusive(channelId);
      writer.stop();
      call.trace.clientGone();
      return;
    default: {
      const failure = relayed.failure!;
      call.trace.outcome = 'UPSTREAM_FAILED_MID_STREAM';
      if (failure.shutdown) {
        deps.breakers.onInconclusive(channelId);
        call.trace.errorCode = 'server_shutting_down';
        writer.end(encoder.error(gatewayErrors.shuttingDown()));
        return;
      }
      deps.breakers.onFailure(channelId, redactFailure(failure, result.picked.key).message);
      const timeout = failure.kind === 'TIMEOUT';
      const code = timeout ? 'upstream_timeout' : 'upstream_error';
      call.trace.errorCode = code;
      writer.end(encoder.error(timeout ? gatewayErrors.upstreamTimeout('The upstream stopped answering mid-stream.') : gatewayErrors.upstreamError('The upstream failed mid-stream.')));
    }
  }
}
