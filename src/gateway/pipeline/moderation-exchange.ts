import type { ServerResponse } from 'node:http';
import { openAIChatProvider } from '../providers/openai/openai-provider';
import { buildOpenAIModerationRequest, parseOpenAIModeration } from '../providers/openai-media/moderation';
import { failCall, failoverPlan, targetFor } from './admitted-call';
import { runWithFailover, type AttemptOutcome } from './failover';
import type { GatewayDeps } from './gateway-deps';
import { attemptJson, noAdapterFailure } from './json-attempt';
import type { MediaCall } from './media-admission';
import { settleMedia } from './media-settle';

/** A moderation request: OpenAI-compatible channels, failover like any JSON exchange, the model's per-request price. */
export async function serveModeration(deps: GatewayDeps, call: MediaCall, res: ServerResponse): Promise<void> {
  const result = await runWithFailover(deps, failoverPlan(deps, call), call.trace, async (picked): Promise<AttemptOutcome<Record<string, unknown>>> => {
    if (picked.channel.protocol !== 'OPENAI') return { kind: 'failed', failure: noAdapterFailure(picked.channel.protocol, 'moderation') };
    const target = targetFor(picked, call.model);
    return attemptJson(deps.upstream, picked.channel, call.model.modelId, call.client, openAIChatProvider, () => buildOpenAIModerationRequest(call.request.raw, target), (json) => parseOpenAIModeration(json, call.model.modelId));
  });
  if (result.kind === 'failed') return failCall(call, result);
  deps.breakers.onSuccess(result.picked.channel.id);
  await settleMedia(deps, call, result.picked, { promptTokens: 0, completionTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, audioMs: 0 });
  call.trace.firstToken();
  const payload = JSON.stringify(result.value);
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
  res.end(payload);
}
