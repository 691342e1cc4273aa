import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { chatProviderFor } from '../providers/registry';
import { SseWriter } from '../sse/sse-writer';
import { AttemptControl } from '../upstream/attempt-control';
import { openUpstream } from '../upstream/upstream-call';
import type { GatewayDeps } from './chat-deps';
import { failCall, settleCall, targetFor, type ChatCall } from './chat-call';
import { runWithFailover, type AttemptOutcome } from './failover';
import { noAdapterFailure } from './json-attempt';
import { relayStream, type StreamRelayResult } from './stream-relay';
import { estimateDelivered } from './token-estimate';

const DONE = 'data: [DONE]\n\n';

function errorEvent(message: string, code: 'upstream_error' | 'upstream_timeout' | 'server_shutting_down'): string {
  return `data: ${JSON.stringify({ error: { message, type: 'upstream_error', param: null, code } })}\n\n`;
}

/**
 * Streaming: fails over only until the first byte reaches the caller; after that the stream is
 * this channel's, and a failure ends it with an error event and `[DONE]`. Whatever happens,
 * the charge (upstream usage, else an estimate of what was delivered) is settled before the
 * response ends.
 */
export async function serveStream(deps: GatewayDeps, call: ChatCall, res: ServerResponse): Promise<void> {
  const writer = new SseWriter(res, deps.config.gateway.sseKeepAliveMs);
  const includeUsage = call.body.stream_options?.include_usage === true;
  const result = await runWithFailover(
    deps,
    { modelId: call.model.modelId, route: call.route, maxAttempts: deps.config.routing.maxAttempts },
    call.trace,
    async (picked): Promise<AttemptOutcome<StreamRelayResult>> => {
      const provider = chatProviderFor(picked.channel.protocol);
      if (!provider) return { kind: 'failed', failure: noAdapterFailure(picked.channel.protocol, 'chat') };
      const control = new AttemptControl(picked.channel, call.client, call.charge);
      try {
        const request = provider.buildChatRequest(call.body, targetFor(picked, call.model), { stream: true });
        const opened = await openUpstream(deps.upstream, provider, picked.channel, request, control, { firstByteOnHeaders: false });
        // Nothing reaches the caller before its reserve has succeeded; a refusal throws here.
        await control.excusing(call.charge.admitted);
        if (!opened.ok) return { kind: 'failed', failure: opened.failure };
        const relayed = await relayStream(opened.response.body as Readable, provider.createStreamMapper(call.responseContext), writer, control, {
          includeUsage,
          onFirstToken: () => call.trace.firstToken(),
        });
        if (relayed.status === 'FAILED_BEFORE_COMMIT') {
          writer.stop(); // no keep-alive may commit the response while the next channel is tried
          return { kind: 'failed', failure: relayed.failure! };
        }
        return { kind: 'served', value: relayed };
      } finally {
        control.dispose();
      }
    },
  );

  if (result.kind === 'failed') {
    writer.stop();
    // Nothing sent yet (or nobody to send to): a plain JSON error, exactly as for JSON requests.
    if (!writer.committed || !result.error) return failCall(call, result);
    // A keep-alive already committed the response (so the reserve had succeeded): end it with an error event.
    await call.charge.release();
    call.trace.fail(result.error, result.outcome);
    writer.end(errorEvent(result.error.message, result.error.status === 504 ? 'upstream_timeout' : 'upstream_error') + DONE);
    return;
  }

  const relayed = result.value;
  const channelId = result.picked.channel.id;
  const delivered = relayed.contentChunks > 0 ? estimateDelivered(relayed.deliveredBytes, relayed.contentChunks) : 0;
  await settleCall(call, result.picked.group, relayed.usage, delivered);
  switch (relayed.status) {
    case 'COMPLETED':
      deps.breakers.onSuccess(channelId);
      writer.end(DONE);
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
        writer.end(errorEvent('The gateway is shutting down; the answer was cut short. Retry the request.', 'server_shutting_down') + DONE);
        return;
      }
      deps.breakers.onFailure(channelId, failure.message);
      const timeout = failure.kind === 'TIMEOUT';
      const code = timeout ? 'upstream_timeout' : 'upstream_error';
      call.trace.errorCode = code;
      writer.end(errorEvent(timeout ? 'The upstream stopped answering mid-stream.' : 'The upstream failed mid-stream.', code) + DONE);
    }
  }
}
