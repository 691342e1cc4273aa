import type { ServerResponse } from 'node:http';
import { settleCostOf } from './settle-cost';
import { embeddingsProviderFor } from '../providers/registry';
import type { EmbeddingsAnswer } from '../providers/types';
import type { GatewayDeps } from './gateway-deps';
import { failCall, failoverPlan, targetFor, type ChatCall } from './admitted-call';
import { usageCostOf, withUsageCost } from './price-report';
import { runWithFailover, type AttemptOutcome } from './failover';
import { attemptJson, noAdapterFailure } from './json-attempt';

/**
 * An embeddings request on the pipeline: channels whose protocol has an embeddings adapter
 * (OpenAI-compatible today; the request and its answer are mapped in the provider folder),
 * failover like any JSON exchange, billed per input token at the model's input price from the
 * upstream's `usage.prompt_tokens` (the prompt estimate when an upstream reports none).
 */
export async function serveEmbeddings(deps: GatewayDeps, call: ChatCall, res: ServerResponse): Promise<void> {
  const result = await runWithFailover(
    deps,
    failoverPlan(deps, call),
    call.trace,
    async (picked): Promise<AttemptOutcome<EmbeddingsAnswer>> => {
      const provider = embeddingsProviderFor(picked.channel.protocol);
      if (!provider) return { kind: 'failed', failure: noAdapterFailure(picked.channel.protocol, 'embeddings') };
      const target = targetFor(picked, call.model);
      return attemptJson(
        deps.upstream,
        picked.channel,
        call.model.modelId,
        call.client,
        provider,
        () => provider.buildEmbeddingsRequest(call.request.raw, target),
        (json) => provider.parseEmbeddingsResponse(json, call.model.modelId),
      );
    },
  );
  if (result.kind === 'failed') return failCall(call, result);

  deps.breakers.onSuccess(result.picked.channel.id);
  const reported = { promptTokens: result.value.promptTokens || call.prompt.charge, completionTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, audioMs: 0 };
  const { billed, cost, upstreamCost } = settleCostOf(call.model, reported, { completionCap: 0 }, result.picked.group.multiplier, result.picked.channel);
  call.trace.upstreamBilled(upstreamCost);
  call.trace.billed(cost, await call.charge.settle(cost));
  call.price.onCharge(call.trace.cost);
  call.trace.promptTokens = billed.promptTokens;
  call.trace.firstToken();
  const payload = JSON.stringify(call.request.includeCost ? withUsageCost(result.value.payload, usageCostOf(call.trace.cost, call.price.rate)) : result.value.payload);
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
  res.end(payload);
}
