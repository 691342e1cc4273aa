import { CatalogueModel, type ICatalogueModel, type ModelType } from '../../db/entities';
import { invalid, notFound, ok, type Outcome } from '../domain-result';
import type { CatalogueDeps } from './catalogue-admin.service';

export const MAX_FALLBACKS = 5;
const CHAT_TYPES: ReadonlySet<ModelType> = new Set(['CHAT', 'REASONING']);

/** Whether a model may stand in for another in a fallback chain (callers' `models` are held to the same rule). */
export function canFallBack(from: { type: ModelType; tier: string; modelId: string }, to: { type: ModelType; tier: string; modelId: string }): boolean {
  return to.modelId !== from.modelId && CHAT_TYPES.has(from.type) && CHAT_TYPES.has(to.type) && to.tier === from.tier;
}

/**
 * Sets the models tried, in order, when every channel of `modelId` failed before a usable byte.
 * Only chat models of the same tier: a fallback is paid from the bucket the request's hold is in
 * (free quota or a subscription), so a chain never crosses tiers (and so never reaches a tier the
 * caller may not use). Each request's own access checks still apply to each model at call time.
 */
export async function setModelFallbacks({ em, changeBus }: CatalogueDeps, modelId: string, fallbacks: readonly string[]): Promise<Outcome<ICatalogueModel>> {
  const model = await em.findOne(CatalogueModel, { modelId });
  if (!model) return notFound(`Model ${modelId}`);
  const chain = fallbacks.map((f) => f.trim());
  if (chain.length > MAX_FALLBACKS) return invalid('fallbacks', `Use at most ${MAX_FALLBACKS} fallbacks.`);
  if (new Set(chain).size !== chain.length) return invalid('fallbacks', 'Name each fallback once.');
  if (chain.length && !CHAT_TYPES.has(model.type)) return invalid('fallbacks', 'Only chat and reasoning models have fallbacks.');
  const found = chain.length ? await em.find(CatalogueModel, { modelId: { $in: chain } }) : [];
  const byId = new Map(found.map((m) => [m.modelId, m]));
  for (const id of chain) {
    const target = byId.get(id);
    if (!target) return invalid('fallbacks', `Unknown model id: ${id}.`);
    if (id === modelId) return invalid('fallbacks', 'A model cannot fall back to itself.');
    if (!CHAT_TYPES.has(target.type)) return invalid('fallbacks', `${id} is not a chat or reasoning model.`);
    if (target.tier !== model.tier) return invalid('fallbacks', `${id} is in the ${target.tier} tier, ${modelId} in ${model.tier}: a chain stays in one tier.`);
  }
  model.fallbacks = chain;
  await em.flush();
  await changeBus.publish({ topic: 'catalogue', id: model.modelId });
  return ok(model);
}
