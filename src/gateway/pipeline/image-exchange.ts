import type { ServerResponse } from 'node:http';
import type { ImageResult } from '../providers/media-request';
import { imageProviderFor } from '../providers/registry';
import { failCall, failoverPlan, targetFor } from './admitted-call';
import { runWithFailover, type AttemptOutcome } from './failover';
import type { GatewayDeps } from './gateway-deps';
import { attemptJson, noAdapterFailure } from './json-attempt';
import type { MediaCall } from './media-admission';
import { imageUsage, settleMedia } from './media-settle';
import { usageCostOf, withUsageCost } from './price-report';

/**
 * An image generation or edit answered as one JSON body: read whole before the caller sees a
 * byte (so any failure fails over), billed by the images delivered at the size and quality made,
 * and by the token usage a token-priced model reports.
 */
export async function serveImages(deps: GatewayDeps, call: MediaCall, res: ServerResponse): Promise<void> {
  const media = call.media;
  if (media.kind !== 'image') throw new Error('not an image call');
  const result = await runWithFailover(deps, failoverPlan(deps, call), call.trace, async (picked): Promise<AttemptOutcome<ImageResult>> => {
    const provider = imageProviderFor(picked.channel.protocol);
    if (!provider) return { kind: 'failed', failure: noAdapterFailure(picked.channel.protocol, 'image') };
    const target = targetFor(picked, call.model);
    return attemptJson(deps.upstream, picked.channel, call.model.modelId, call.client, provider, () => provider.buildImageRequest(media, call.request.raw, target), (json) => provider.parseImageResponse(json, media));
  });
  if (result.kind === 'failed') return failCall(call, result);
  deps.breakers.onSuccess(result.picked.channel.id);
  await settleMedia(deps, call, result.picked, imageUsage(call, result.value));
  call.trace.firstToken();
  const answer = result.value.payload;
  const payload = JSON.stringify(call.request.includeCost ? withUsageCost(answer, usageCostOf(call.trace.cost, call.price.rate)) : answer);
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
  res.end(payload);
}
