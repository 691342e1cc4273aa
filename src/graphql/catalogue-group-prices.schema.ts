import type { PriceSheet } from '../domain/billing/billing.types';
import { groupPricesFor, type GroupPrice } from '../domain/catalogue/group-prices';
import { priceSheetOf } from '../domain/catalogue/model-prices';
import { builder } from './builder';
import { ModelRef, VendorRef } from './catalogue.schema';
import { LongContextPricesRef, ModelPriceRef } from './catalogue-prices.schema';

const PriceSheetRef = builder.objectRef<PriceSheet>('PriceSheet').implement({
  description: 'Prices in quota units: per 1M tokens, per request, per audio minute.',
  fields: (t) => ({
    inputPrice: t.expose('inputPrice', { type: 'BigInt' }),
    outputPrice: t.expose('outputPrice', { type: 'BigInt' }),
    cacheReadPrice: t.expose('cacheReadPrice', { type: 'BigInt', nullable: true, description: 'Null: priced as ordinary input.' }),
    cacheWritePrice: t.expose('cacheWritePrice', { type: 'BigInt', nullable: true, description: '5-minute cache writes. Null: priced as ordinary input.' }),
    cacheWrite1hPrice: t.expose('cacheWrite1hPrice', { type: 'BigInt', nullable: true, description: '1-hour cache writes. Null: priced as a 5-minute write.' }),
    longContext: t.field({ type: LongContextPricesRef, nullable: true, description: 'Prices for a whole request whose prompt is above the threshold.', resolve: (p) => p.longContext }),
    requestPrice: t.expose('requestPrice', { type: 'BigInt' }),
    audioMinutePrice: t.expose('audioMinutePrice', { type: 'BigInt' }),
  }),
});

const GroupPriceRef = builder.objectRef<GroupPrice>('GroupPrice').implement({
  description: 'A model\'s prices through one group: catalogue prices x the group\'s multiplier, rounded up.',
  fields: (t) => ({
    group: t.exposeString('group'),
    multiplier: t.exposeString('multiplier', { description: 'Exact decimal, e.g. "1.5000".' }),
    prices: t.field({ type: PriceSheetRef, resolve: (g) => g.prices }),
  }),
});

builder.objectFields(ModelRef, (t) => ({
  groupPrices: t.field({
    type: [GroupPriceRef],
    description:
      'What the viewer pays for this model in each group they may use that permits it (anonymous: open groups; admins: all). ' +
      '`auto` is priced at the group that serves the request.',
    resolve: async (model, _args, ctx) => {
      const [groups, vendor, price] = await Promise.all([
        ctx.services.groups.get(),
        VendorRef.getDataloader(ctx).load(model.vendor.id),
        ModelPriceRef.getDataloader(ctx).load(model.id),
      ]);
      const viewer = ctx.viewer ? { userId: ctx.viewer.id, admin: ctx.viewer.role === 'ADMIN' } : null;
      return groupPricesFor(groups, viewer, { modelId: model.modelId, tier: model.tier, vendorSlug: vendor.slug }, priceSheetOf(price));
    },
  }),
}));
