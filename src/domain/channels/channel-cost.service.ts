import type { EntityManager } from '@mikro-orm/postgresql';
import { CatalogueModel, Channel, ChannelPrice, type IChannel, type IChannelPrice } from '../../db/entities';
import type { ChangeBus } from '../../lib/change-bus';
import type { Logger } from '../../lib/logger';
import { parseMultiplier } from '../billing/pricing';
import {
  applyPricePatch, checkPricePatch, effectiveTime, priceColumnsOf, priceSheetOf, pricesInEffect, ZERO_PRICES, type PriceChange, type PricePatch,
} from '../catalogue/model-prices';
import { invalid, notFound, ok, toEntityId, type Outcome } from '../domain-result';

export interface ChannelCostDeps {
  em: EntityManager;
  changeBus: ChangeBus;
  /** Every cost-basis change is written to the operator log with who made it (the audit trail of channel changes). */
  logger: Logger;
  actorId: number | null;
}

/** A factor of the catalogue price: 0 (an upstream that costs nothing, e.g. the operator's own) to 10, at most 4 places. */
function parseCostFactor(text: string): string | null {
  const trimmed = text.trim();
  if (!/^\d{1,2}(\.\d{1,4})?$/.test(trimmed)) return null;
  const factor = parseMultiplier(trimmed);
  return factor.num > 10n * factor.den ? null : trimmed;
}

async function liveChannel(em: EntityManager, channelId: string | number): Promise<IChannel | null> {
  const id = toEntityId(channelId);
  return id === null ? null : em.findOne(Channel, { id, deletedAt: null });
}

/**
 * Sets the channel's cost basis as a factor of the catalogue price ("0.3": the upstream charges
 * 30% of list); null: the catalogue price. Models with a price list of their own on this channel
 * keep being priced by it.
 */
export async function setChannelCostMultiplier(deps: ChannelCostDeps, channelId: string | number, multiplier: string | null): Promise<Outcome<IChannel>> {
  const factor = multiplier === null ? null : parseCostFactor(multiplier);
  if (multiplier !== null && factor === null) return invalid('multiplier', 'Use a decimal from 0 to 10 with at most 4 places, e.g. "0.3".');
  const channel = await liveChannel(deps.em, channelId);
  if (!channel) return notFound('Channel');
  const before = channel.costMultiplier ?? null;
  channel.costMultiplier = factor;
  await deps.em.flush();
  deps.logger.info('channel cost basis changed', { channelId: channel.id, actorId: deps.actorId, change: 'multiplier', before, after: factor });
  await deps.changeBus.publish({ topic: 'channel', id: String(channel.id) });
  return ok(channel);
}

/**
 * A new version of the channel's own price for one model, effective now or later. Absent prices
 * carry over from the channel's version in effect then, else from the catalogue's price.
 */
export async function setChannelModelCost(
  deps: ChannelCostDeps, channelId: string | number, modelId: string, patch: PricePatch, change: PriceChange,
): Promise<Outcome<IChannelPrice>> {
  const problem = checkPricePatch(patch);
  if (problem) return problem;
  const at = effectiveTime(change, new Date());
  if (!at.ok) return at;
  const channel = await liveChannel(deps.em, channelId);
  if (!channel) return notFound('Channel');
  const model = await deps.em.findOne(CatalogueModel, { modelId });
  if (!model) return notFound(`Model ${modelId}`);
  if (!channel.models.includes(modelId)) return invalid('modelId', `The channel does not serve ${modelId}.`);
  const own = await deps.em.findOne(
    ChannelPrice, { channel: channel.id, modelId, effectiveAt: { $lte: at.value } }, { orderBy: { effectiveAt: 'desc', id: 'desc' } },
  );
  const catalogue = own ? undefined : (await pricesInEffect(deps.em, [model.id], at.value)).get(model.id);
  const base = own ? priceSheetOf(own) : catalogue ? priceSheetOf(catalogue) : ZERO_PRICES;
  const version = deps.em.create(ChannelPrice, {
    channel, modelId, effectiveAt: at.value, ...priceColumnsOf(applyPricePatch(base, patch)), memo: change.memo ?? '', createdBy: deps.actorId,
  });
  await deps.em.flush();
  deps.logger.info('channel cost basis changed', { channelId: channel.id, actorId: deps.actorId, change: 'price list', modelId, priceId: version.id, effectiveAt: at.value.toISOString() });
  await deps.changeBus.publish({ topic: 'channel', id: String(channel.id) });
  return ok(version);
}

/** Every version of the channel's own prices, by model, newest effective time first. */
export function channelCostPrices(em: EntityManager, channelId: number): Promise<IChannelPrice[]> {
  return em.find(ChannelPrice, { channel: channelId }, { orderBy: { modelId: 'asc', effectiveAt: 'desc', id: 'desc' } });
}

/** Removes a version that has not taken effect yet; one in effect or past is history and stays. */
export async function withdrawChannelModelCost(deps: ChannelCostDeps, priceId: string | number): Promise<Outcome<IChannelPrice>> {
  const id = toEntityId(priceId);
  const version = id === null ? null : await deps.em.findOne(ChannelPrice, id);
  if (!version) return notFound('Channel price');
  if (version.effectiveAt.getTime() <= Date.now()) return invalid('priceId', 'This price is already in effect or past; set a new price instead.');
  deps.em.remove(version);
  await deps.em.flush();
  deps.logger.info('channel cost basis changed', { channelId: version.channel.id, actorId: deps.actorId, change: 'price withdrawn', priceId: version.id });
  await deps.changeBus.publish({ topic: 'channel', id: String(version.channel.id) });
  return ok(version);
}
