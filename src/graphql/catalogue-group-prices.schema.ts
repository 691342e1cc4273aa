import type { PriceSheet } from '../domain/billing/billing.types';
import { groupPricesFor, type GroupPrice } from '../domain/catalogue/group-prices';
import { priceSheetOf } from '../domain/catalogue/model-prices';
import { priceRowsOf, type PriceRow } from '../domain/catalogue/price-rows';
import { builder } from './builder';
import { ModelRef, VendorRef } from './catalogue.schema';
import { ModelPriceRef } from './catalogue-prices.schema';
import { LongContextPricesRef } from './price-kinds.schema';

const PriceRowRef = builder.objectRef<PriceRow>('PriceRow').implement({
  description: 'One line of a price list, so a client can show every price kind without knowing each field.',
  fields: (t) => ({
    kind: t.exposeString('kind', { description: 'Which price: INPUT, OUTPUT, CACHE_READ, CACHE_WRITE, CACHE_WRITE_1H, LONG_CONTEXT_INPUT, LONG_CONTEXT_OUTPUT, REQUEST, AUDIO_MINUTE, or a kind added later.' }),
    unit: t.exposeString('unit', { description: 'What the price is per: MILLION_TOKENS, REQUEST, AUDIO_MINUTE, or a unit added later.' }),
    price: t.expose('price', { type: 'BigInt', description: 'Quota units per unit.' }),
  }),
});

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
    rows: t.field({
      type: [PriceRowRef],
      description: 'The prices that apply (non-zero ones; a free model shows zero input and output), as generic rows for a price list.',
      resolve: (p) => priceRowsOf(p),
    }),
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
  priceRows: t.field({
    type: [PriceRowRef],
    description: 'The catalogue prices in effect now (before any group multiplier), as generic rows for a price list.',
    resolve: async (model, _args, ctx) => priceRowsOf(priceSheetOf(await ModelPriceRef.getDataloader(ctx).load(model.id))),
  }),
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
