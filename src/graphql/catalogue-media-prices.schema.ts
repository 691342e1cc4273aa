import type { PriceSheet } from '../domain/billing/billing.types';
import { mediaPricesOf, priceSheetOf } from '../domain/catalogue/model-prices';
import { builder } from './builder';
import { ModelRef } from './catalogue.schema';
import { ModelPriceRef } from './catalogue-prices.schema';
import { MEDIA_PRICE_DESCRIPTIONS } from './catalogue-media-price-inputs.schema';
import type { GraphQLContext } from './context';
import { ImagePriceRowRef } from './price-kinds.schema';

// Media products (images, speech synthesis): the prices a model adds to its token prices, each in
// its own unit, from the version in effect. A price version's own media fields are in price-kinds.schema.ts.

const current = async (model: { id: number }, ctx: GraphQLContext): Promise<PriceSheet> =>
  priceSheetOf(await ModelPriceRef.getDataloader(ctx).load(model.id));

builder.objectFields(ModelRef, (t) => ({
  imagePrices: t.field({ type: [ImagePriceRowRef], description: MEDIA_PRICE_DESCRIPTIONS.imagePrices, resolve: async (m, _a, ctx) => mediaPricesOf(await current(m, ctx)).imagePrices }),
  imageInputPrice: t.field({ type: 'BigInt', description: MEDIA_PRICE_DESCRIPTIONS.imageInputPrice, resolve: async (m, _a, ctx) => mediaPricesOf(await current(m, ctx)).imageInputPrice }),
  characterPrice: t.field({ type: 'BigInt', description: MEDIA_PRICE_DESCRIPTIONS.characterPrice, resolve: async (m, _a, ctx) => mediaPricesOf(await current(m, ctx)).characterPrice }),
}));
