import type { ServerResponse } from 'node:http';
import { settleCostOf } from './settle-cost';
import { malformedUpstream } from '../providers/openai-shape';
import { openAIChatProvider } from '../providers/openai/openai-provider';
import { openAIUrl } from '../providers/openai/request';
import { toUsage } from '../providers/openai/usage';
import type { OpenAIUsageBlock } from '../providers/types';
import type { GatewayDeps } from './gateway-deps';
import { failCall, failoverPlan, targetFor, type ChatCall } from './admitted-call';
import { runWithFailover, type AttemptOutcome } from './failover';
import { attemptJson, noAdapterFailure } from './json-attempt';

interface EmbeddingsAnswer {
  payload: Record<string, unknown>;
  promptTokens: number;
}

/**
 * An embeddings request on the pipeline: OpenAI-compatible channels only (the caller's body with
 * the channel's model name), failover like any JSON exchange, billed per input token at the
 * model's input price from the upstream's `usage.prompt_tokens` (the prompt estimate when an
 * upstream reports none).
 */
export async function serveEmbeddings(deps: GatewayDeps, call: ChatCall, res: ServerResponse): Promise<void> {
  const result = await runWithFailover(
    deps,
    failoverPlan(deps, call),
    call.trace,
    async (picked): Promise<AttemptOutcome<EmbeddingsAnswer>> => {
      if (picked.channel.protocol !== 'OPENAI') return { kind: 'failed', failure: noAdapterFailure(picked.channel.protocol, 'embeddings') };
      const target = targetFor(picked, call.model);
      const outcome = await attemptJson(
        deps.upstream,
        picked.channel,
        call.model.modelId,
        call.client,
        openAIChatProvider,
        () => ({
          method: 'POST',
          url: openAIUrl(target.baseUrl, '/embeddings'),
          headers: { 'content-type': 'application/json', accept: 'application/json', ...(target.apiKey ? { authorization: `Bearer ${target.apiKey}` } : {}) },
          body: JSON.stringify({ ...call.request.raw, model: target.upstreamModel }),
        }),
        (json) => {
          if (typeof json !== 'object' || json === null || !Array.isArray((json as { data?: unknown }).data)) throw malformedUpstream('embeddings list');
          const payload: Record<string, unknown> = { ...(json as Record<string, unknown>), model: call.model.modelId };
          return { payload, promptTokens: toUsage(payload.usage as OpenAIUsageBlock | undefined).promptTokens };
        },
      );
      return outcome;
    },
  );
  if (result.kind === 'failed') return failCall(call, result);

  deps.breakers.onSuccess(result.picked.channel.id);
  const reported = { promptTokens: result.value.promptTokens || call.prompt.charge, completionTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, audioMs: 0 };
  const { billed, cost } = settleCostOf(call.model, reported, { completionCap: 0 }, result.picked.group.multiplier);
  call.trace.billed(cost, await call.charge.settle(cost));
  call.trace.promptTokens = billed.promptTokens;
  call.trace.firstToken();
  const payload = JSON.stringify(result.value.payload);
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
  res.end(payload);
}
