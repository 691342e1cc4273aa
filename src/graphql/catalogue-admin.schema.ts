import {
  createModel, createVendor, deprecateModel, updateModel, updateVendor, type CatalogueDeps,
} from '../domain/catalogue/catalogue-admin.service';
import { builder } from './builder';
import type { GraphQLContext } from './context';
import { AlreadyExistsError, InputValidationError, NotFoundError } from './errors.schema';
import { ModalityEnum, ModelRef, ModelStatusEnum, ModelTierEnum, ModelTypeEnum, VendorRef } from './catalogue.schema';
import { unwrap } from './outcome';
import { priceInputFields } from './catalogue-prices.schema';
import { REFUSED_INPUTS_DESCRIPTION, SERVER_TOOL_USE_PRICE_DESCRIPTION, UnmeasuredInputEnum } from './catalogue-inputs.schema';

const deps = (ctx: GraphQLContext): CatalogueDeps => ({ em: ctx.em, changeBus: ctx.services.changeBus });

const CreateVendorInput = builder.inputType('CreateVendorInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    slug: t.string({ required: true, description: 'Lower-case key; cannot change later.' }),
  }),
});

const UpdateVendorInput = builder.inputType('UpdateVendorInput', {
  fields: (t) => ({ name: t.string({ required: true }) }),
});

export const CreateModelInput = builder.inputType('CreateModelInput', {
  fields: (t) => ({
    modelId: t.string({ required: true, description: 'Case-sensitive, e.g. `gemini-2.5-flash-lite`; cannot change later.' }),
    vendor: t.string({ required: true, description: 'Vendor slug.' }),
    series: t.string({ required: true }),
    type: t.field({ type: ModelTypeEnum, required: true }),
    tier: t.field({ type: ModelTierEnum, required: true }),
    ...priceInputFields(t, ''),
    contextLength: t.int(),
    maxOutputTokens: t.int(),
    inputModalities: t.field({ type: [ModalityEnum], description: 'Default [TEXT].' }),
    outputModalities: t.field({ type: [ModalityEnum], description: 'Default [TEXT].' }),
    refusedInputs: t.field({ type: [UnmeasuredInputEnum], description: REFUSED_INPUTS_DESCRIPTION }),
    serverToolUsePrice: t.field({ type: 'BigInt', description: SERVER_TOOL_USE_PRICE_DESCRIPTION }),
    status: t.field({ type: ModelStatusEnum }),
    description: t.string(),
  }),
});

const UpdateModelInput = builder.inputType('UpdateModelInput', {
  description: 'Absent fields stay as they are; a price field records a new price version effective now.',
  fields: (t) => ({
    series: t.string(),
    type: t.field({ type: ModelTypeEnum }),
    tier: t.field({ type: ModelTierEnum }),
    ...priceInputFields(t),
    contextLength: t.int(),
    maxOutputTokens: t.int(),
    inputModalities: t.field({ type: [ModalityEnum], description: 'Default [TEXT].' }),
    outputModalities: t.field({ type: [ModalityEnum], description: 'Default [TEXT].' }),
    refusedInputs: t.field({ type: [UnmeasuredInputEnum], description: REFUSED_INPUTS_DESCRIPTION }),
    serverToolUsePrice: t.field({ type: 'BigInt', description: SERVER_TOOL_USE_PRICE_DESCRIPTION }),
    status: t.field({ type: ModelStatusEnum }),
    description: t.string(),
  }),
});

const writeErrors = [InputValidationError, AlreadyExistsError] as const;

builder.mutationFields((t) => ({
  createVendor: t.field({
    type: VendorRef,
    authScopes: { admin: true },
    args: { input: t.arg({ type: CreateVendorInput, required: true }) },
    errors: { types: [...writeErrors], directResult: true, union: { name: 'CreateVendorResult' } },
    resolve: async (_root, { input }, ctx) => unwrap(await createVendor(deps(ctx), input)),
  }),
  updateVendor: t.field({
    type: VendorRef,
    authScopes: { admin: true },
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: UpdateVendorInput, required: true }) },
    errors: { types: [...writeErrors, NotFoundError], directResult: true, union: { name: 'UpdateVendorResult' } },
    resolve: async (_root, { id, input }, ctx) => unwrap(await updateVendor(deps(ctx), id, input)),
  }),
  createModel: t.field({
    type: ModelRef,
    authScopes: { admin: true },
    args: { input: t.arg({ type: CreateModelInput, required: true }) },
    errors: { types: [...writeErrors], directResult: true, union: { name: 'CreateModelResult' } },
    resolve: async (_root, { input }, ctx) => unwrap(await createModel(deps(ctx), input)),
  }),
  updateModel: t.field({
    type: ModelRef,
    authScopes: { admin: true },
    args: { modelId: t.arg.string({ required: true }), input: t.arg({ type: UpdateModelInput, required: true }) },
    errors: { types: [InputValidationError, NotFoundError], directResult: true, union: { name: 'UpdateModelResult' } },
    resolve: async (_root, { modelId, input }, ctx) => unwrap(await updateModel(deps(ctx), modelId, input)),
  }),
  deprecateModel: t.field({
    type: ModelRef,
    description: 'Keeps the model listed and callable, marked DEPRECATED.',
    authScopes: { admin: true },
    args: { modelId: t.arg.string({ required: true }) },
    errors: { types: [NotFoundError], directResult: true, union: { name: 'DeprecateModelResult' } },
    resolve: async (_root, { modelId }, ctx) => unwrap(await deprecateModel(deps(ctx), modelId)),
  }),
}));
