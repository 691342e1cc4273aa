import { CatalogueModel, PRICE_CHANGE_KINDS, type IModelPrice } from '../db/entities';
import type { PriceSheet } from '../domain/billing/billing.types';
import {
  applyVendorDiscount, priceHistory, priceSheetOf, pricesInEffect, setModelPrice, withdrawScheduledPrice,
  type PriceDeps, type VendorDiscount,
} from '../domain/catalogue/model-prices';
import { builder } from './builder';
import { mediaPriceInputFields } from './catalogue-media-price-inputs.schema';
import { ModelRef } from './catalogue.schema';
import type { GraphQLContext } from './context';
import { InputValidationError, NotFoundError } from './errors.schema';
import { unwrap } from './outcome';
import { LongContextPricesRef, PRICE_DESCRIPTIONS, priceVersionFields } from './price-kinds.schema';

const deps = (ctx: GraphQLContext): PriceDeps => ({ em: ctx.em, changeBus: ctx.services.changeBus, actorId: ctx.viewer?.id ?? null });

export const PriceChangeKindEnum = builder.enumType('PriceChangeKind', {
  values: PRICE_CHANGE_KINDS,
  description: 'INITIAL: the first price of a model; SET: an admin change; VENDOR_DISCOUNT: part of a vendor-wide factor.',
});

/** Keyed by catalogue model row id: the version in effect now, one query for a whole page of models. */
export const ModelPriceRef = builder.loadableObjectRef<IModelPrice, number>('ModelPrice', {
  load: async (modelIds, ctx) => {
    const current = await pricesInEffect(ctx.em, modelIds, new Date());
    return modelIds.map((id) => current.get(id) ?? new Error(`model ${id} has no price in effect`));
  },
});

export const LongContextPriceInput = builder.inputType('LongContextPriceInput', {
  description: 'A long-context tier; it replaces the whole tier the model had.',
  fields: (t) => ({
    threshold: t.int({ required: true, description: 'Prompt tokens above which the tier applies.' }),
    inputPrice: t.field({ type: 'BigInt', required: true }),
    outputPrice: t.field({ type: 'BigInt', required: true }),
    cacheReadPrice: t.field({ type: 'BigInt', description: 'Null or absent: the tier\'s input price.' }),
    cacheWritePrice: t.field({ type: 'BigInt', description: 'Null or absent: the tier\'s input price.' }),
    cacheWrite1hPrice: t.field({ type: 'BigInt', description: 'Null or absent: the tier\'s 5-minute write price.' }),
  }),
});

ModelPriceRef.implement({
  description: 'One version of a model\'s prices, in effect from `effectiveAt` until the next version\'s.',
  fields: (t) => ({
    id: t.exposeID('id'),
    modelId: t.string({
      resolve: async (p, _args, ctx) => p.model.modelId ?? (await ctx.em.findOneOrFail(CatalogueModel, p.model.id)).modelId,
    }),
    effectiveAt: t.expose('effectiveAt', { type: 'DateTime' }),
    ...priceVersionFields(t),
    kind: t.field({ type: PriceChangeKindEnum, resolve: (p) => p.kind }),
    memo: t.exposeString('memo'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const current = async (model: { id: number }, ctx: GraphQLContext): Promise<PriceSheet> =>
  priceSheetOf(await ModelPriceRef.getDataloader(ctx).load(model.id));

builder.objectFields(ModelRef, (t) => ({
  inputPrice: t.field({ type: 'BigInt', description: PRICE_DESCRIPTIONS.inputPrice, resolve: async (m, _a, ctx) => (await current(m, ctx)).inputPrice }),
  outputPrice: t.field({ type: 'BigInt', description: PRICE_DESCRIPTIONS.outputPrice, resolve: async (m, _a, ctx) => (await current(m, ctx)).outputPrice }),
  cacheReadPrice: t.field({
    type: 'BigInt', nullable: true, description: PRICE_DESCRIPTIONS.cacheReadPrice, resolve: async (m, _a, ctx) => (await current(m, ctx)).cacheReadPrice,
  }),
  cacheWritePrice: t.field({
    type: 'BigInt', nullable: true, description: PRICE_DESCRIPTIONS.cacheWritePrice, resolve: async (m, _a, ctx) => (await current(m, ctx)).cacheWritePrice,
  }),
  cacheWrite1hPrice: t.field({
    type: 'BigInt', nullable: true, description: PRICE_DESCRIPTIONS.cacheWrite1hPrice, resolve: async (m, _a, ctx) => (await current(m, ctx)).cacheWrite1hPrice,
  }),
  longContext: t.field({
    type: LongContextPricesRef, nullable: true, description: PRICE_DESCRIPTIONS.longContext, resolve: async (m, _a, ctx) => (await current(m, ctx)).longContext,
  }),
  requestPrice: t.field({ type: 'BigInt', description: PRICE_DESCRIPTIONS.requestPrice, resolve: async (m, _a, ctx) => (await current(m, ctx)).requestPrice }),
  audioMinutePrice: t.field({
    type: 'BigInt', description: PRICE_DESCRIPTIONS.audioMinutePrice, resolve: async (m, _a, ctx) => (await current(m, ctx)).audioMinutePrice,
  }),
  searchUnitPrice: t.field({
    type: 'BigInt', description: PRICE_DESCRIPTIONS.searchUnitPrice, resolve: async (m, _a, ctx) => (await current(m, ctx)).searchUnitPrice ?? 0n,
  }),
  audioInputPrice: t.field({
    type: 'BigInt', nullable: true, description: PRICE_DESCRIPTIONS.audioInputPrice, resolve: async (m, _a, ctx) => (await current(m, ctx)).audioInputPrice ?? null,
  }),
  audioOutputPrice: t.field({
    type: 'BigInt', nullable: true, description: PRICE_DESCRIPTIONS.audioOutputPrice, resolve: async (m, _a, ctx) => (await current(m, ctx)).audioOutputPrice ?? null,
  }),
  priceEffectiveAt: t.field({
    type: 'DateTime',
    description: 'Since when the prices above are in effect.',
    resolve: async (m, _a, ctx) => (await ModelPriceRef.getDataloader(ctx).load(m.id)).effectiveAt,
  }),
}));

type InputFields = Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0];

/** The price fields of model inputs (create, update, set price); `cacheNote` tells how null acts. */
export function priceInputFields(t: InputFields, cacheNote = ' Send null to clear.') {
  return {
    inputPrice: t.field({ type: 'BigInt', description: PRICE_DESCRIPTIONS.inputPrice }),
    outputPrice: t.field({ type: 'BigInt', description: PRICE_DESCRIPTIONS.outputPrice }),
    cacheReadPrice: t.field({ type: 'BigInt', description: `${PRICE_DESCRIPTIONS.cacheReadPrice}${cacheNote}` }),
    cacheWritePrice: t.field({ type: 'BigInt', description: `${PRICE_DESCRIPTIONS.cacheWritePrice}${cacheNote}` }),
    cacheWrite1hPrice: t.field({ type: 'BigInt', description: `${PRICE_DESCRIPTIONS.cacheWrite1hPrice}${cacheNote}` }),
    longContext: t.field({ type: LongContextPriceInput, description: `${PRICE_DESCRIPTIONS.longContext}${cacheNote}` }),
    requestPrice: t.field({ type: 'BigInt', description: PRICE_DESCRIPTIONS.requestPrice }),
    audioMinutePrice: t.field({ type: 'BigInt', description: PRICE_DESCRIPTIONS.audioMinutePrice }),
    searchUnitPrice: t.field({ type: 'BigInt', description: PRICE_DESCRIPTIONS.searchUnitPrice }),
    audioInputPrice: t.field({ type: 'BigInt', description: `${PRICE_DESCRIPTIONS.audioInputPrice}${cacheNote}` }),
    audioOutputPrice: t.field({ type: 'BigInt', description: `${PRICE_DESCRIPTIONS.audioOutputPrice}${cacheNote}` }),
    ...mediaPriceInputFields(t),
  };
}

const SetModelPriceInput = builder.inputType('SetModelPriceInput', {
  description: 'Absent prices carry over from the version in effect at `effectiveAt`.',
  fields: (t) => ({
    ...priceInputFields(t),
    effectiveAt: t.field({ type: 'DateTime', description: 'Default now; not in the past (past requests keep their prices).' }),
    memo: t.string(),
  }),
});

const VendorDiscountInput = builder.inputType('VendorDiscountInput', {
  fields: (t) => ({
    vendor: t.string({ required: true, description: 'Vendor slug.' }),
    factor: t.string({ required: true, description: 'Decimal above 0, at most 10, e.g. "0.8" for 20 % off; prices round up.' }),
    effectiveAt: t.field({ type: 'DateTime', description: 'Default now; not in the past.' }),
    memo: t.string(),
  }),
});

const VendorDiscountRef = builder.objectRef<VendorDiscount>('VendorDiscount').implement({
  description: 'A vendor-wide price factor, recorded as one VENDOR_DISCOUNT version per model of the vendor.',
  fields: (t) => ({
    vendor: t.exposeString('vendor'),
    factor: t.exposeString('factor'),
    effectiveAt: t.expose('effectiveAt', { type: 'DateTime' }),
    prices: t.field({ type: [ModelPriceRef], resolve: (d) => d.versions }),
  }),
});

interface PriceHistory { modelId: string; versions: IModelPrice[] }
const ModelPriceHistoryRef = builder.objectRef<PriceHistory>('ModelPriceHistory').implement({
  fields: (t) => ({
    modelId: t.exposeString('modelId'),
    prices: t.field({ type: [ModelPriceRef], description: 'Newest effective time first, scheduled versions included.', resolve: (h) => h.versions }),
  }),
});

builder.queryFields((t) => ({
  modelPriceHistory: t.field({
    type: ModelPriceHistoryRef,
    authScopes: { admin: true },
    args: { modelId: t.arg.string({ required: true }) },
    errors: { types: [NotFoundError], directResult: true, union: { name: 'ModelPriceHistoryResult' } },
    resolve: async (_root, { modelId }, ctx) => ({ modelId, versions: unwrap(await priceHistory(ctx.em, modelId)) }),
  }),
}));

builder.mutationFields((t) => ({
  setModelPrice: t.field({
    type: ModelPriceRef,
    description: 'Records a new price version for a model, effective now or at a later time.',
    authScopes: { admin: true },
    args: { modelId: t.arg.string({ required: true }), input: t.arg({ type: SetModelPriceInput, required: true }) },
    errors: { types: [InputValidationError, NotFoundError], directResult: true, union: { name: 'SetModelPriceResult' } },
    resolve: async (_root, { modelId, input }, ctx) => {
      const { effectiveAt, memo, ...prices } = input;
      return unwrap(await setModelPrice(deps(ctx), modelId, prices, { effectiveAt, memo }));
    },
  }),
  applyVendorDiscount: t.field({
    type: VendorDiscountRef,
    description: 'Every model of a vendor at factor x its price, effective now or later (all or none).',
    authScopes: { admin: true },
    args: { input: t.arg({ type: VendorDiscountInput, required: true }) },
    errors: { types: [InputValidationError, NotFoundError], directResult: true, union: { name: 'ApplyVendorDiscountResult' } },
    resolve: async (_root, { input }, ctx) => unwrap(await applyVendorDiscount(deps(ctx), input.vendor, input.factor, input)),
  }),
  withdrawScheduledPrice: t.field({
    type: ModelPriceRef,
    description: 'Removes a price version that has not taken effect yet.',
    authScopes: { admin: true },
    args: { priceId: t.arg.id({ required: true }) },
    errors: { types: [InputValidationError, NotFoundError], directResult: true, union: { name: 'WithdrawScheduledPriceResult' } },
    resolve: async (_root, { priceId }, ctx) => unwrap(await withdrawScheduledPrice(deps(ctx), priceId)),
  }),
}));
