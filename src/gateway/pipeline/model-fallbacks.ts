import { maxCostOf } from '../../domain/billing/pricing';
import type { PriceMultiplier } from '../../domain/billing/billing.types';
import type { CatalogueEntry } from '../../domain/catalogue/catalogue.types';
import { canFallBack } from '../../domain/catalogue/model-fallbacks';
import type { RouteGroup } from '../../domain/groups/group.types';
import { checkModelAccess, type AccessFacts } from '../../domain/groups/model-access';
import type { ChatRequestBody } from '../providers/types';
import type { SurfaceRequest } from '../surfaces/surface';
import type { ChatCall } from './admitted-call';
import type { FailoverResult } from './failover';
import type { ChannelSnapshot } from '../../domain/routing/channel.types';
import { imageRuleFor, servingProtocols } from './image-rule';
import { refuseSwitchedOff, serverToolHold } from './input-hold';
import { completionAllowance, estimatePrompt, type PromptEstimate } from './token-estimate';

/** One model a request may be served by, with what its hold and its bill need. */
export interface ModelCandidate {
  model: CatalogueEntry;
  route: RouteGroup[];
  prompt: PromptEstimate;
  completionCap: number;
  /** The most a request can cost on this model (its prompt, output cap and server tools, at the dearest group). */
  maxCost: bigint;
}

/** `auto` may be served by any group on its route: hold enough for the dearest. */
export function dearest(route: readonly RouteGroup[]): PriceMultiplier {
  return route.reduce((a, g) => (g.multiplier.num * a.den > a.num * g.multiplier.den ? g.multiplier : a), route[0]!.multiplier);
}

/** `channels`: the routing snapshot, for which protocols may serve the model (how its images are held). */
export function candidateFor(model: CatalogueEntry, route: RouteGroup[], request: SurfaceRequest, body: ChatRequestBody, channels: ChannelSnapshot): ModelCandidate {
  const inputs = request.inputs;
  if (inputs) refuseSwitchedOff(inputs, model);
  const prompt = estimatePrompt(body, inputs, model.contextLength, imageRuleFor(model, servingProtocols(channels, model.modelId, route)));
  const completionCap = completionAllowance(body, model, request.outputChoices ?? 1);
  const multiplier = dearest(route);
  const maxCost = maxCostOf(model.prices, { promptTokens: prompt.reserve, maxCompletionTokens: completionCap, audioMs: 0 }, multiplier) + serverToolHold(inputs, model, multiplier);
  return { model, route, prompt, completionCap, maxCost };
}

/**
 * The models to try after `primary`, in order: the caller's own list (OpenRouter's `models`), else
 * the model's configured chain. Each must pass the caller's access checks now (group, tier and
 * subscription, the key's allow-lists) and be a chat model of the primary's tier, so the hold,
 * taken from that tier's bucket, pays for whichever serves; a model that fails any of this, or
 * cannot take this request (an input it refuses, no output limit), is left out silently.
 */
export async function fallbackCandidates(
  facts: AccessFacts, primary: CatalogueEntry, request: SurfaceRequest, body: ChatRequestBody, channels: ChannelSnapshot,
): Promise<ModelCandidate[]> {
  const chain = request.fallbackModels ?? primary.fallbacks;
  const seen = new Set([primary.modelId]);
  const candidates: ModelCandidate[] = [];
  for (const modelId of chain) {
    if (seen.has(modelId)) continue;
    seen.add(modelId);
    const access = await checkModelAccess(facts, modelId);
    if (!access.ok || !canFallBack(primary, access.model)) continue;
    try {
      candidates.push(candidateFor(access.model, access.route, request, body, channels));
    } catch {
      // This model cannot take the request as it is; the next one may.
    }
  }
  return candidates;
}

/** The call as it is made on another model: its routes, estimates, and the `model` its answer names. */
function callOn(call: ChatCall, candidate: ModelCandidate): ChatCall {
  return {
    ...call, model: candidate.model, route: candidate.route, prompt: candidate.prompt, completionCap: candidate.completionCap,
    responseContext: { ...call.responseContext, model: candidate.model.modelId },
  };
}

/** Whether nothing usable reached the caller and the upstreams, not the request, were at fault. */
function nextModelMayServe<T>(result: FailoverResult<T>): boolean {
  return result.kind === 'failed' && result.error !== null && (result.outcome === 'UPSTREAM_ERROR' || result.outcome === 'UPSTREAM_TIMEOUT' || result.outcome === 'NO_CHANNEL');
}

/**
 * Runs the call on its model, then on each fallback while every channel of the previous one
 * failed before a usable byte. Returns the result and the call it came from (the model that
 * served bills the request and names it in the answer and the usage row).
 */
export async function runWithModelFallbacks<T>(call: ChatCall, run: (call: ChatCall) => Promise<FailoverResult<T>>): Promise<{ result: FailoverResult<T>; call: ChatCall }> {
  let result = await run(call);
  for (const candidate of call.fallbacks ?? []) {
    if (!nextModelMayServe(result)) break;
    const next = callOn(call, candidate);
    call.trace.modelId = candidate.model.modelId;
    result = await run(next);
    if (result.kind === 'served') return { result, call: next };
  }
  // Every model failed: the request is recorded under the model the caller asked for.
  if (result.kind === 'failed') call.trace.modelId = call.model.modelId;
  return { result, call };
}
