import type { ServerResponse } from 'node:http';
import { reasoningTextOf } from '../providers/reasoning';
import { chatProviderFor } from '../providers/registry';
import type { ChatCompletion, Usage } from '../providers/types';
import { attemptCodec } from './attempt-codec';
import type { GatewayDeps } from './gateway-deps';
import { failCall, failoverPlan, hasCounts, settleCall, type ChatCall } from './admitted-call';
import { runWithFailover, type AttemptOutcome } from './failover';
import { attemptJson, noAdapterFailure } from './json-attempt';
import { estimateDelivered } from './token-estimate';
import { usageCostOf, withUsageCost } from './price-report';
import { runWithModelFallbacks } from './model-fallbacks';

type JsonAnswer = { completion: ChatCompletion; usage: Usage; payload: unknown };

function completionBytes(completion: ChatCompletion): number {
  let bytes = 0;
  for (const choice of completion.choices) {
    const m = choice.message;
    if (typeof m?.content === 'string') bytes += Buffer.byteLength(m.content);
    if (m) bytes += Buffer.byteLength(reasoningTextOf(m as unknown as Record<string, unknown>));
    if (m?.tool_calls) bytes += Buffer.byteLength(JSON.stringify(m.tool_calls));
  }
  return bytes;
}

/** Non-streaming: the whole upstream answer is read before the caller sees a byte, so any failure may fail over. */
export async function serveJson(deps: GatewayDeps, asked: ChatCall, res: ServerResponse): Promise<void> {
  const { result, call } = await runWithModelFallbacks(asked, (call) => runWithFailover(
    deps,
    failoverPlan(deps, call),
    call.trace,
    async (picked): Promise<AttemptOutcome<JsonAnswer>> => {
      const provider = chatProviderFor(picked.channel.protocol);
      if (!provider) return { kind: 'failed', failure: noAdapterFailure(picked.channel.protocol, 'chat') };
      const codec = attemptCodec(call, provider, picked);
      const outcome = await attemptJson(
        deps.upstream,
        picked.channel,
        call.model.modelId,
        call.client,
        provider,
        () => codec.build(false),
        (json) => codec.readJson(json),
      );
      return outcome;
    },
  ));

  if (result.kind === 'failed') return failCall(call, result);
  deps.breakers.onSuccess(result.picked.channel.id);
  const { completion, usage } = result.value;
  // The delivered-text estimate bills only an answer the upstream did not count: measured only then.
  await settleCall(deps, call, result.picked, usage, hasCounts(usage) ? 0 : estimateDelivered(completionBytes(completion), 1));
  call.trace.firstToken();
  const payload = JSON.stringify(call.request.includeCost ? withUsageCost(result.value.payload, usageCostOf(call.trace.cost, call.price.rate), call.surface.usageKey) : result.value.payload);
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
  res.end(payload);
}
