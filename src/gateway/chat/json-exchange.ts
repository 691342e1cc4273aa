import type { ServerResponse } from 'node:http';
import { chatProviderFor } from '../providers/registry';
import type { ChatCompletion, Usage } from '../providers/types';
import { AttemptControl } from '../upstream/attempt-control';
import { failureFromError, openUpstream } from '../upstream/upstream-call';
import type { GatewayDeps } from './chat-deps';
import { settleCall, targetFor, type ChatCall } from './chat-call';
import { runWithFailover, type AttemptOutcome } from './failover';
import { estimateDelivered } from './token-estimate';

type JsonAnswer = { completion: ChatCompletion; usage: Usage };

function completionBytes(completion: ChatCompletion): number {
  let bytes = 0;
  for (const choice of completion.choices) {
    const m = choice.message;
    if (typeof m?.content === 'string') bytes += Buffer.byteLength(m.content);
    if (m?.tool_calls) bytes += Buffer.byteLength(JSON.stringify(m.tool_calls));
  }
  return bytes;
}

/** Non-streaming: the whole upstream answer is read before the caller sees a byte, so any failure may fail over. */
export async function serveJson(deps: GatewayDeps, call: ChatCall, res: ServerResponse): Promise<void> {
  const result = await runWithFailover(
    deps,
    { modelId: call.model.modelId, route: call.route, maxAttempts: deps.config.routing.maxAttempts },
    call.trace,
    async (picked): Promise<AttemptOutcome<JsonAnswer>> => {
      const provider = chatProviderFor(picked.channel.protocol);
      if (!provider) return { kind: 'failed', failure: { kind: 'ERROR', status: null, message: `no adapter for protocol ${picked.channel.protocol}`, retryable: true, keyInvalid: false } };
      const control = new AttemptControl(picked.channel, call.client);
      try {
        const request = provider.buildChatRequest(call.body, targetFor(picked.channel, call.model), { stream: false });
        const opened = await openUpstream(deps.upstream, provider, picked.channel, request, control, { firstByteOnHeaders: true });
        if (!opened.ok) return { kind: 'failed', failure: opened.failure };
        let json: unknown;
        try {
          json = await opened.response.body.json();
        } catch (err) {
          return { kind: 'failed', failure: failureFromError(err, control) };
        }
        try {
          return { kind: 'served', value: provider.parseChatResponse(json, call.responseContext) };
        } catch (err) {
          return { kind: 'failed', failure: { kind: 'ERROR', status: 200, message: (err as Error).message, retryable: true, keyInvalid: false } };
        }
      } finally {
        control.dispose();
      }
    },
  );

  if (result.kind === 'failed') {
    await call.charge.release();
    if (!result.error) return call.trace.clientGone();
    call.trace.fail(result.error, result.outcome);
    throw result.error;
  }
  deps.breakers.onSuccess(result.picked.channel.id);
  const { completion, usage } = result.value;
  await settleCall(call, result.picked.group, usage, estimateDelivered(completionBytes(completion), 1));
  call.trace.firstToken();
  const payload = JSON.stringify(completion);
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
  res.end(payload);
}
