import type { MeteredUsage } from '../../domain/billing/billing.types';
import type { PickedChannel } from '../../domain/routing/channel-picker';
import type { ImageUsage, SpeechUsage } from '../providers/media-request';
import type { GatewayDeps } from './gateway-deps';
import type { MediaCall } from './media-admission';
import { settleCostOf } from './settle-cost';

const NO_TOKENS = { promptTokens: 0, completionTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, audioMs: 0 };

/** Images delivered, at the size and quality the upstream made (else as asked), with their token usage when reported. */
export function imageUsage(call: MediaCall, delivered: { images: number; size?: string; quality?: string; usage: ImageUsage | null }): MeteredUsage {
  if (call.media.kind !== 'image') throw new Error('not an image call');
  const size = delivered.size ?? call.media.size;
  const quality = delivered.quality ?? call.media.quality;
  const u = delivered.usage;
  return {
    ...NO_TOKENS,
    promptTokens: u ? u.textInputTokens : 0,
    completionTokens: u ? u.outputTokens : 0,
    media: { images: delivered.images, ...(size ? { imageSize: size } : {}), ...(quality ? { imageQuality: quality } : {}), imageInputTokens: u?.imageInputTokens ?? 0 },
  };
}

/**
 * Speech: every character of the input once the audio has started (a character-priced upstream
 * bills the whole input); tokens as reported, else the input's estimate and no output (a stream
 * cut before the upstream's final event reported nothing to bill its audio by).
 */
export function speechUsage(call: MediaCall, usage: SpeechUsage | null): MeteredUsage {
  if (call.media.kind !== 'speech') throw new Error('not a speech call');
  return {
    ...NO_TOKENS,
    promptTokens: usage ? usage.inputTokens : call.promptCharge,
    completionTokens: usage?.outputTokens ?? 0,
    media: { characters: call.media.characters },
  };
}

/**
 * Prices the report within what was held (settleCostOf, the one rule: the charge at the group's
 * multiplier, the upstream cost at the serving channel's cost basis), settles once, tells the
 * caller (price headers, when they have not left yet) and fills the usage row's units.
 */
export async function settleMedia(deps: Pick<GatewayDeps, 'chargeAnomalies'>, call: MediaCall, picked: PickedChannel, reported: MeteredUsage): Promise<void> {
  const { billed, cost, completionOverCap, upstreamCost } = settleCostOf(call.model, reported, call.limits, picked.group.multiplier, picked.channel);
  const trace = call.trace;
  trace.upstreamBilled(upstreamCost);
  const channelId = trace.attempts.at(-1)?.channelId;
  if (completionOverCap > 0) {
    deps.chargeAnomalies.recordCompletionOverCap({ requestId: trace.requestId, channelId: channelId ?? null, reported: reported.completionTokens, cap: call.limits.completionCap });
  }
  trace.billed(cost, await call.charge.settle(cost, channelId));
  call.price.onCharge(trace.cost);
  trace.promptTokens = billed.promptTokens + (billed.media?.imageInputTokens ?? 0);
  trace.completionTokens = billed.completionTokens;
  trace.images = billed.media?.images ?? 0;
  trace.characters = billed.media?.characters ?? 0;
}
