import { AdminSetChannelModelCostDocument, type AdminChannelCostQuery, type ChannelPriceFieldsFragment } from '../../../generated/graphql';
import { request } from '../../lib/graphql';
import { PriceVersionForm } from './catalogue/price-version-form';

type CataloguePrices = AdminChannelCostQuery['models'][number];

/** The channel cost dialog's query: saving a price version or the factor refreshes it. */
export const channelCostQueryKey = (channelId: string) => ['admin-channel-cost', channelId];

/**
 * A new version of the channel's own price for one model, in the catalogue's price kinds, now or
 * scheduled. It starts from the channel's version in effect, else from the catalogue price, and
 * sends every kind, so what the form shows is exactly what the version holds.
 */
export function ChannelPriceForm({ channelId, modelId, current, catalogue }: {
  channelId: string; modelId: string; current: ChannelPriceFieldsFragment | null; catalogue: CataloguePrices | null;
}) {
  // The version answers every price kind (media ones included), so an edit shows what it holds;
  // the catalogue fills only a kind it lacks, and starts the form for a model without a version.
  return (
    <PriceVersionForm testId="channel-price-form" initial={current ? { ...catalogue, ...current } : catalogue} invalidate={[channelCostQueryKey(channelId)]}
      save={(input) => request(AdminSetChannelModelCostDocument, { channelId, modelId, input }).then((r) => r.setChannelModelCost)} />
  );
}
