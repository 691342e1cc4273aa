import {
  MODALITIES, MODEL_STATUSES, MODEL_TIERS, MODEL_TYPES, Vendor, type ICatalogueModel, type IVendor,
} from '../db/entities';
import { findModel, findModels, groupBySeries, type ModelSeries } from '../domain/catalogue/catalogue-query';
import { builder } from './builder';

export const ModelTypeEnum = builder.enumType('ModelType', { values: MODEL_TYPES });
export const ModelTierEnum = builder.enumType('ModelTier', { values: MODEL_TIERS });
export const ModalityEnum = builder.enumType('Modality', {
  values: MODALITIES,
  description: 'What a model takes in or gives back; EMBEDDING is a vector.',
});
export const ModelStatusEnum = builder.enumType('ModelStatus', {
  values: MODEL_STATUSES,
  description: 'HIDDEN models are callable only by id and listed only to admins.',
});

export const VendorRef = builder.loadableObjectRef<IVendor, number>('Vendor', {
  load: (ids, ctx) => ctx.em.find(Vendor, { id: { $in: ids } }),
  sort: (vendor) => vendor.id,
});

VendorRef.implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    slug: t.exposeString('slug', { description: 'Stable key used in filters and group permissions.' }),
  }),
});

export const ModelRef = builder.objectRef<ICatalogueModel>('Model').implement({
  description: 'A catalogue model. Prices (the version in effect now) are quota units: per 1M tokens, per request, per audio minute.',
  fields: (t) => ({
    id: t.exposeID('id'),
    modelId: t.exposeString('modelId', { description: 'The case-sensitive name callers send as `model`.' }),
    vendor: t.field({ type: VendorRef, resolve: (m) => m.vendor.id }),
    series: t.exposeString('series'),
    type: t.field({ type: ModelTypeEnum, resolve: (m) => m.type }),
    tier: t.field({ type: ModelTierEnum, resolve: (m) => m.tier }),
    contextLength: t.exposeInt('contextLength'),
    maxOutputTokens: t.exposeInt('maxOutputTokens'),
    inputModalities: t.field({ type: [ModalityEnum], resolve: (m) => m.inputModalities }),
    outputModalities: t.field({ type: [ModalityEnum], resolve: (m) => m.outputModalities }),
    status: t.field({ type: ModelStatusEnum, resolve: (m) => m.status }),
    description: t.exposeString('description'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const ModelSeriesRef = builder.objectRef<ModelSeries>('ModelSeries').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    vendor: t.field({ type: VendorRef, resolve: (s) => s.vendorId }),
    models: t.field({ type: [ModelRef], resolve: (s) => s.models }),
  }),
});

const ModelFilterInput = builder.inputType('ModelFilter', {
  fields: (t) => ({
    vendor: t.string({ description: 'Vendor slug, e.g. `openai`.' }),
    series: t.string(),
    type: t.field({ type: ModelTypeEnum }),
    tier: t.field({ type: ModelTierEnum }),
    statuses: t.field({ type: [ModelStatusEnum], description: 'Admins only; others always see ACTIVE and DEPRECATED.' }),
  }),
});

builder.queryFields((t) => ({
  vendors: t.field({
    type: [VendorRef],
    description: 'Every vendor in the catalogue.',
    authScopes: { public: true },
    resolve: (_root, _args, ctx) => ctx.em.find(Vendor, {}, { orderBy: { name: 'asc' } }),
  }),
  models: t.field({
    type: [ModelRef],
    description: 'Catalogue models, ordered by vendor, series and id.',
    authScopes: { public: true },
    args: { filter: t.arg({ type: ModelFilterInput }) },
    resolve: (_root, { filter }, ctx) => findModels(ctx.em, filter ?? {}, ctx.viewer?.role === 'ADMIN'),
  }),
  model: t.field({
    type: ModelRef,
    nullable: true,
    description: 'One model by its identifier.',
    authScopes: { public: true },
    args: { modelId: t.arg.string({ required: true }) },
    resolve: (_root, { modelId }, ctx) => findModel(ctx.em, modelId, ctx.viewer?.role === 'ADMIN'),
  }),
  catalogue: t.field({
    type: [ModelSeriesRef],
    description: 'The catalogue grouped by vendor and series, for a pricing page.',
    authScopes: { public: true },
    args: { filter: t.arg({ type: ModelFilterInput }) },
    resolve: async (_root, { filter }, ctx) => groupBySeries(await findModels(ctx.em, filter ?? {}, ctx.viewer?.role === 'ADMIN')),
  }),
}));
