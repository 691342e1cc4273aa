import type { UsageOutcome } from '../../db/entities';
import type { MeteredUsage } from '../../domain/billing/billing.types';
import type { CatalogueEntry } from '../../domain/catalogue/catalogue.types';
import type { RouteGroup } from '../../domain/groups/group.types';
import type { AffinityStore } from '../../domain/routing/affinity-store';
import type { PickedChannel } from '../../domain/routing/channel-picker';
import type { GatewayError } from '../gateway-error';
import type { ChatRequestBody, ResponseContext, UpstreamTarget, Usage } from '../providers/types';
import type { Surface, SurfaceRequest, SurfaceRequestInfo } from '../surfaces/surface';
import type { ChargeOnce } from './charge-once';
import type { GatewayDeps } from './gateway-deps';
import { settleCostOf } from './settle-cost';
import type { ClientConnection } from './client-connection';
import type { RequestTrace } from './request-trace';
import type { Config } from '../../config';
import { affinitySessionOf } from './affinity-session';
import type { FailoverPlan } from './failover';
import type { ModelCandidate } from './model-fallbacks';
import type { PromptEstimate } from './token-estimate';
import type { PriceReport } from './price-report';

/** One admitted request: checked, reserved, ready to be sent upstream. */
export interface AdmittedCall {
  /** The caller's protocol: parses the request, renders answers, stream events and errors. */
  surface: Surface;
  info: SurfaceRequestInfo;
  request: SurfaceRequest;
  /** The request in the internal shape (`request.body`). */
  body: ChatRequestBody;
  model: CatalogueEntry;
  route: RouteGroup[];
  trace: RequestTrace;
  client: ClientConnection;
  charge: ChargeOnce;
  responseContext: ResponseContext;
  /** Tells the caller what the request costs (response headers). */
  price: PriceReport;
}

/** A chat completion; its prompt estimate bills a reply the upstream never counted. */
export interface ChatCall extends AdmittedCall {
  prompt: PromptEstimate;
  /** The completion tokens the hold covers: the output cap the upstream receives times the choices. */
  completionCap: number;
  /** Models tried in order when every channel of `model` failed before a usable byte (the hold covers the dearest). */
  fallbacks?: ModelCandidate[];
}

/** No channel served: the hold is released and the caller gets the error (nobody, if it left). */
export async function failCall(call: AdmittedCall, result: { error: GatewayError | null; outcome: UsageOutcome }): Promise<void> {
  await call.charge.admitted;
  await call.charge.release();
  call.price.onCharge(0n);
  if (!result.error) return call.trace.clientGone();
  call.trace.fail(result.error, result.outcome);
  throw result.error;
}

/**
 * Which channels may serve this call, how many tries failover gets, and for chat models its
 * prompt-cache session (embeddings and transcriptions have no prompt cache to keep warm).
 */
export function failoverPlan(deps: { config: Pick<Config, 'routing'>; affinity: Pick<AffinityStore, 'enabled'> | undefined }, call: AdmittedCall): FailoverPlan {
  const { maxAttempts, affinity } = deps.config.routing;
  const plan: FailoverPlan = { modelId: call.model.modelId, model: call.model, route: call.route, maxAttempts };
  const chat = call.model.type === 'CHAT' || call.model.type === 'REASONING';
  if (!chat || !deps.affinity?.enabled() || !call.trace.key) return plan;
  const input = { raw: call.request.raw, body: call.body, userId: call.trace.key.userId, modelId: call.model.modelId };
  const session = affinitySessionOf(input, affinity.prefixBytes);
  return session ? { ...plan, session } : plan;
}

/** Where, with which of its keys, and as what a channel is called for this model. */
export function targetFor({ channel, key }: PickedChannel, model: CatalogueEntry): UpstreamTarget {
  return {
    baseUrl: channel.baseUrl,
    apiKey: key?.apiKey ?? '',
    upstreamModel: channel.modelMapping[model.modelId] ?? model.modelId,
    maxOutputTokens: model.maxOutputTokens,
    reasons: model.type === 'REASONING',
  };
}

/** Whether the upstream counted anything: then its report is billed and no estimate is needed. */
export function hasCounts(usage: Usage | undefined): usage is Usage {
  return !!usage && (usage.promptTokens > 0 || usage.completionTokens > 0);
}

/**
 * Prices what happened (settleCostOf: the report within the context length and the held output
 * cap), settles the full cost before anything final reaches the caller, and records it; returns
 * what was billed (the stream's final usage event tells the caller exactly that).
 * Without upstream usage the bill is an estimate of what was delivered (`completionEstimate`);
 * when nothing was delivered and the upstream never counted, nothing is charged.
 */
export async function settleCall(
  deps: Pick<GatewayDeps, 'chargeAnomalies'>, call: ChatCall, picked: PickedChannel, usage: Usage | undefined, completionEstimate: number,
): Promise<Usage | undefined> {
  let metered: MeteredUsage | undefined;
  if (hasCounts(usage)) {
    metered = { ...usage, audioMs: 0 };
  } else if (completionEstimate > 0) {
    metered = { promptTokens: call.prompt.charge, completionTokens: completionEstimate, cacheReadTokens: 0, cacheWriteTokens: 0, audioMs: 0 };
  }
  const channelId = call.trace.attempts.at(-1)?.channelId;
  const priced = metered ? settleCostOf(call.model, metered, { completionCap: call.completionCap }, picked.group.multiplier, picked.channel) : undefined;
  if (priced && usage && priced.completionOverCap > 0) {
    deps.chargeAnomalies.recordCompletionOverCap({
      requestId: call.trace.requestId, channelId: channelId ?? null, reported: usage.completionTokens, cap: call.completionCap,
    });
  }
  const cost = priced?.cost ?? 0n;
  const trace = call.trace;
  trace.upstreamBilled(priced?.upstreamCost ?? 0n);
  trace.billed(cost, await call.charge.settle(cost, channelId));
  call.price.onCharge(trace.cost);
  if (!priced) return undefined;
  const { audioMs: _audio, ...billed } = priced.billed;
  trace.promptTokens = billed.promptTokens;
  trace.completionTokens = billed.completionTokens;
  trace.cachedTokens = billed.cacheReadTokens;
  trace.serverToolUses = billed.serverToolUses ?? 0;
  const reasoning = usage?.reasoningTokens;
  return reasoning ? { ...billed, reasoningTokens: Math.min(reasoning, billed.completionTokens) } : billed;
}
