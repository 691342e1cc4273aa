import type { MediaUsage, MeteredUsage, PriceMultiplier } from '../../domain/billing/billing.types';
import { costOf, serverToolCostOf } from '../../domain/billing/pricing';
import type { CatalogueEntry } from '../../domain/catalogue/catalogue.types';
import type { ChannelInfo } from '../../domain/routing/channel.types';
import { upstreamCostOf } from '../../domain/routing/cost-basis';

/** What the request held output for: the cap the upstream received times the choices; null when none was held (a transcription). */
export interface SettleLimits {
  completionCap: number | null;
  /** The most audio the request's input can hold (its measured duration and slack); null: no audio held. */
  audioMsCap?: number | null;
  /** Media requests: the images and characters the request held for (absent: no cap). */
  imagesCap?: number;
  charactersCap?: number;
}

export interface SettleCost {
  /** The usage the charge is priced from: the upstream's report within the limits. */
  billed: MeteredUsage;
  cost: bigint;
  /** Completion tokens reported above the held cap (0: none); an upstream anomaly, never charged. */
  completionOverCap: number;
  /** Audio reported above the measured input's bound (0: none); an upstream anomaly, never charged. */
  audioOverCap: number;
  /** What the serving channel's upstream bills the operator for the same report (0 without a channel). */
  upstreamCost: bigint;
}

function whole(n: number | undefined): number {
  return n !== undefined && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/**
 * Images and characters are charged up to what the request held for: an upstream that reports
 * more images than `n`, or more characters than the input has, is an anomaly the caller never
 * asked for. Image input tokens are input, charged as reported like prompt tokens.
 */
function cappedMedia(media: MediaUsage, limits: SettleLimits): MediaUsage {
  const cap = (n: number | undefined, limit: number | undefined) => (limit === undefined ? whole(n) : Math.min(whole(n), whole(limit)));
  return { ...media, images: cap(media.images, limits.imagesCap), characters: cap(media.characters, limits.charactersCap), imageInputTokens: whole(media.imageInputTokens) };
}

/**
 * The one rule every surface prices an upstream's usage report by, before the settle (DESIGN §3):
 * prompt tokens are charged as reported, above the estimate too, but never beyond the model's
 * context length (no upstream reads more); completion tokens are charged up to the output cap the
 * request held for, and what is reported above it is an upstream anomaly the caller never asked
 * for. Cached tokens are part of the prompt, so they are kept within it. Audio the gateway
 * measured (a transcription's file) bounds its own charge the same way: no upstream hears more
 * of a file than the file holds.
 *
 * The upstream cost is priced here too, from the same report but without those limits (the
 * upstream bills what it reports, whatever the caller is charged) and at the serving channel's
 * cost basis instead of the catalogue price times the group's multiplier: the one place that
 * puts a request's revenue and its cost side by side.
 */
export function settleCostOf(
  model: Pick<CatalogueEntry, 'modelId' | 'prices' | 'contextLength'> & { serverToolUsePrice?: bigint }, reported: MeteredUsage, limits: SettleLimits, multiplier: PriceMultiplier,
  channel: Pick<ChannelInfo, 'cost'> | null,
): SettleCost {
  const reportedPrompt = whole(reported.promptTokens);
  const promptTokens = model.contextLength > 0 ? Math.min(reportedPrompt, model.contextLength) : reportedPrompt;
  const cacheReadTokens = Math.min(whole(reported.cacheReadTokens), promptTokens);
  const cacheWriteTokens = Math.min(whole(reported.cacheWriteTokens), promptTokens - cacheReadTokens);
  const cacheWrite1hTokens = Math.min(whole(reported.cacheWrite1hTokens), cacheWriteTokens);
  const reportedCompletion = whole(reported.completionTokens);
  const completionTokens = limits.completionCap === null ? reportedCompletion : Math.min(reportedCompletion, whole(limits.completionCap));
  const reportedAudio = whole(reported.audioMs);
  const audioMs = limits.audioMsCap == null ? reportedAudio : Math.min(reportedAudio, whole(limits.audioMsCap));
  // Audio tokens (realtime) are parts of the counts above and stay within them; search units are as reported.
  const audioPromptTokens = Math.min(whole(reported.audioPromptTokens), promptTokens - cacheReadTokens - cacheWriteTokens);
  const audioCompletionTokens = Math.min(whole(reported.audioCompletionTokens), completionTokens);
  const searchUnits = whole(reported.searchUnits);
  // Server-tool uses are charged as reported, like prompt tokens: the upstream ran them and bills
  // each one. Uses beyond those held are the overrun rule's (gw_settle takes the part of the cost
  // above the hold from the unreserved balance, and records what it cannot cover).
  const serverToolUses = whole(reported.serverToolUses);
  const billed: MeteredUsage = {
    promptTokens, completionTokens, cacheReadTokens, cacheWriteTokens, audioMs,
    ...(cacheWrite1hTokens ? { cacheWrite1hTokens } : {}),
    ...(audioPromptTokens ? { audioPromptTokens } : {}),
    ...(audioCompletionTokens ? { audioCompletionTokens } : {}),
    ...(searchUnits ? { searchUnits } : {}),
    ...(serverToolUses ? { serverToolUses } : {}),
    ...(reported.media ? { media: cappedMedia(reported.media, limits) } : {}),
  };
  return {
    billed, cost: costOf(model.prices, billed, multiplier) + serverToolCostOf(serverToolUses, model.serverToolUsePrice ?? 0n, multiplier), completionOverCap: reportedCompletion - completionTokens, audioOverCap: reportedAudio - audioMs,
    upstreamCost: channel ? upstreamCostOf(channel.cost, model, reported) : 0n,
  };
}

/**
 * An attempt the upstream answered (200) whose stream then broke before anything usable reached
 * the caller: the caller is not charged (the next channel is tried), but vendors bill the input
 * they read. Its cost is the usage the upstream reported, else the prompt estimate's input alone.
 */
export function brokenAttemptUpstreamCost(
  model: Pick<CatalogueEntry, 'modelId' | 'prices'> & { serverToolUsePrice?: bigint }, channel: Pick<ChannelInfo, 'cost'>, reported: MeteredUsage | undefined, promptEstimate: number,
): bigint {
  const usage = reported && (reported.promptTokens > 0 || reported.completionTokens > 0)
    ? reported
    : { promptTokens: promptEstimate, completionTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, audioMs: 0 };
  return upstreamCostOf(channel.cost, model, usage);
}
