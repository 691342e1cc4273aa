import type { ImagePriceRow, PriceSheet } from '../domain/billing/billing.types';
import { mediaPricesOf, priceSheetOf } from '../domain/catalogue/model-prices';
import { builder } from './builder';
import { ModelRef } from './catalogue.schema';
import { ModelPriceRef } from './catalogue-prices.schema';
import { MEDIA_PRICE_DESCRIPTIONS } from './catalogue-media-price-inputs.schema';
import type { GraphQLContext } from './context';

// Media products (images, speech synthesis): the prices a model and a price version add to the
// token prices, each in its own unit.

const ImagePriceRowRef = builder.objectRef<ImagePriceRow>('ImagePriceRow').implement({
  description: 'One size and quality of a model\'s images.',
  fields: (t) => ({
    size: t.exposeString('size'),
    quality: t.exposeString('quality'),
    price: t.expose('price', { type: 'BigInt', description: 'Quota units per image.' }),
    outputTokens: t.exposeInt('outputTokens', { description: 'The most image output tokens one such image is billed.' }),
  }),
});

const current = async (model: { id: number }, ctx: GraphQLContext): Promise<PriceSheet> =>
  priceSheetOf(await ModelPriceRef.getDataloader(ctx).load(model.id));

builder.objectFields(ModelRef, (t) => ({
  imagePrices: t.field({ type: [ImagePriceRowRef], description: MEDIA_PRICE_DESCRIPTIONS.imagePrices, resolve: async (m, _a, ctx) => mediaPricesOf(await current(m, ctx)).imagePrices }),
  imageInputPrice: t.field({ type: 'BigInt', description: MEDIA_PRICE_DESCRIPTIONS.imageInputPrice, resolve: async (m, _a, ctx) => mediaPricesOf(await current(m, ctx)).imageInputPrice }),
  characterPrice: t.field({ type: 'BigInt', description: MEDIA_PRICE_DESCRIPTIONS.characterPrice, resolve: async (m, _a, ctx) => mediaPricesOf(await current(m, ctx)).characterPrice }),
}));

builder.objectFields(ModelPriceRef, (t) => ({
  imagePrices: t.field({ type: [ImagePriceRowRef], description: MEDIA_PRICE_DESCRIPTIONS.imagePrices, resolve: (p) => mediaPricesOf(priceSheetOf(p)).imagePrices }),
  imageInputPrice: t.field({ type: 'BigInt', description: MEDIA_PRICE_DESCRIPTIONS.imageInputPrice, resolve: (p) => mediaPricesOf(priceSheetOf(p)).imageInputPrice }),
  characterPrice: t.field({ type: 'BigInt', description: MEDIA_PRICE_DESCRIPTIONS.characterPrice, resolve: (p) => mediaPricesOf(priceSheetOf(p)).characterPrice }),
}));
