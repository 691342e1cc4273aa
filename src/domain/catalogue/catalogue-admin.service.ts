import type { EntityManager } from '@mikro-orm/postgresql';
import {
  CatalogueModel, Vendor, type ICatalogueModel, type IVendor, type Modality, type ModelStatus, type ModelTier, type ModelType, type UnmeasuredInput,
} from '../../db/entities';
import type { ChangeBus } from '../../lib/change-bus';
import { isUniqueViolation } from '../../lib/pg-errors';
import { alreadyExists, invalid, notFound, ok, toEntityId, type CommonFailure, type Outcome } from '../domain-result';
import {
  applyPricePatch, checkPricePatch, hasPriceFields, priceSheetOf, pricesInEffect, recordPrice, ZERO_PRICES, type PricePatch,
} from './model-prices';

export interface CatalogueDeps {
  em: EntityManager;
  changeBus: ChangeBus;
}

/** Model facts, and prices: a price field records a new price version effective now. */
export interface ModelPatch extends PricePatch {
  series?: string | null;
  type?: ModelType | null;
  tier?: ModelTier | null;
  contextLength?: number | null;
  maxOutputTokens?: number | null;
  inputModalities?: Modality[] | null;
  outputModalities?: Modality[] | null;
  refusedInputs?: UnmeasuredInput[] | null;
  serverToolUsePrice?: bigint | null;
  status?: ModelStatus | null;
  description?: string | null;
}

export interface NewModel extends ModelPatch {
  modelId: string;
  vendor: string;
  series: string;
  type: ModelType;
  tier: ModelTier;
}

// `<family>-<version>[-<variant>]`, case-sensitive; dots, colons and slashes appear in real ids.
const MODEL_ID = /^[A-Za-z0-9][A-Za-z0-9._:/-]{0,127}$/;
const VENDOR_SLUG = /^[a-z0-9][a-z0-9-]{0,63}$/;
function checkModelPatch(patch: ModelPatch): CommonFailure | null {
  const priceProblem = checkPricePatch(patch);
  if (priceProblem) return priceProblem;
  if (patch.series != null && !/^\S.{0,63}$/.test(patch.series)) return invalid('series', 'Use 1-64 characters.');
  if (patch.contextLength != null && patch.contextLength < 0) return invalid('contextLength', 'Cannot be negative.');
  if (patch.maxOutputTokens != null && patch.maxOutputTokens < 0) return invalid('maxOutputTokens', 'Cannot be negative.');
  for (const field of ['inputModalities', 'outputModalities'] as const) {
    const modalities = patch[field];
    if (modalities != null && (modalities.length === 0 || new Set(modalities).size !== modalities.length)) {
      return invalid(field, 'List each modality once, at least one.');
    }
  }
  if (patch.refusedInputs != null && new Set(patch.refusedInputs).size !== patch.refusedInputs.length) return invalid('refusedInputs', 'List each kind once.');
  if (patch.serverToolUsePrice != null && patch.serverToolUsePrice < 0n) return invalid('serverToolUsePrice', 'Cannot be negative.');
  if (patch.description != null && patch.description.length > 2000) return invalid('description', 'Use at most 2000 characters.');
  return null;
}

function applyModelPatch(model: ICatalogueModel, patch: ModelPatch): void {
  if (patch.series != null) model.series = patch.series;
  if (patch.type != null) model.type = patch.type;
  if (patch.tier != null) model.tier = patch.tier;
  if (patch.contextLength != null) model.contextLength = patch.contextLength;
  if (patch.maxOutputTokens != null) model.maxOutputTokens = patch.maxOutputTokens;
  if (patch.inputModalities != null) model.inputModalities = patch.inputModalities;
  if (patch.outputModalities != null) model.outputModalities = patch.outputModalities;
  if (patch.refusedInputs != null) model.refusedInputs = patch.refusedInputs;
  if (patch.serverToolUsePrice != null) model.serverToolUsePrice = patch.serverToolUsePrice;
  if (patch.status != null) model.status = patch.status;
  if (patch.description != null) model.description = patch.description;
}

export async function createModel({ em, changeBus }: CatalogueDeps, input: NewModel): Promise<Outcome<ICatalogueModel>> {
  if (!MODEL_ID.test(input.modelId)) return invalid('modelId', 'Use letters, digits, and . _ : / - (at most 128).');
  const problem = checkModelPatch(input);
  if (problem) return problem;
  const vendor = await em.findOne(Vendor, { slug: input.vendor });
  if (!vendor) return invalid('vendor', `Unknown vendor slug ${input.vendor}.`);
  if (await em.count(CatalogueModel, { modelId: input.modelId })) return alreadyExists('modelId', `Model ${input.modelId} already exists.`);
  const { vendor: _slug, ...rest } = input;
  const model = em.create(CatalogueModel, { modelId: rest.modelId, vendor, series: rest.series, type: rest.type, tier: rest.tier });
  applyModelPatch(model, rest);
  recordPrice(em, model, applyPricePatch(ZERO_PRICES, rest), { effectiveAt: new Date(), kind: 'INITIAL' });
  try {
    await em.flush();
  } catch (err) {
    if (isUniqueViolation(err)) return alreadyExists('modelId', `Model ${input.modelId} already exists.`);
    throw err;
  }
  await changeBus.publish({ topic: 'catalogue', id: model.modelId });
  return ok(model);
}

/** The identifier never changes: a new version is a new model. */
export async function updateModel({ em, changeBus }: CatalogueDeps, modelId: string, patch: ModelPatch): Promise<Outcome<ICatalogueModel>> {
  const model = await em.findOne(CatalogueModel, { modelId });
  if (!model) return notFound(`Model ${modelId}`);
  const problem = checkModelPatch(patch);
  if (problem) return problem;
  applyModelPatch(model, patch);
  if (hasPriceFields(patch)) {
    const now = new Date();
    const current = (await pricesInEffect(em, [model.id], now)).get(model.id);
    recordPrice(em, model, applyPricePatch(current ? priceSheetOf(current) : ZERO_PRICES, patch), { effectiveAt: now, kind: 'SET' });
  }
  await em.flush();
  await changeBus.publish({ topic: 'catalogue', id: model.modelId });
  return ok(model);
}

export function deprecateModel(deps: CatalogueDeps, modelId: string): Promise<Outcome<ICatalogueModel>> {
  return updateModel(deps, modelId, { status: 'DEPRECATED' });
}

export async function createVendor({ em, changeBus }: CatalogueDeps, input: { name: string; slug: string }): Promise<Outcome<IVendor>> {
  const name = input.name.trim();
  if (!name || name.length > 64) return invalid('name', 'Use 1-64 characters.');
  if (!VENDOR_SLUG.test(input.slug)) return invalid('slug', 'Use 1-64 lower-case letters, digits or -.');
  if (await em.count(Vendor, { $or: [{ name }, { slug: input.slug }] })) return alreadyExists('slug', 'A vendor with this name or slug exists.');
  const vendor = em.create(Vendor, { name, slug: input.slug });
  try {
    await em.flush();
  } catch (err) {
    if (isUniqueViolation(err)) return alreadyExists('slug', 'A vendor with this name or slug exists.');
    throw err;
  }
  await changeBus.publish({ topic: 'catalogue' });
  return ok(vendor);
}

/** Only the display name changes: the slug is what group permissions and filters refer to. */
export async function updateVendor({ em, changeBus }: CatalogueDeps, id: string | number, input: { name: string }): Promise<Outcome<IVendor>> {
  const vendorId = toEntityId(id);
  const vendor = vendorId === null ? null : await em.findOne(Vendor, vendorId);
  if (!vendor) return notFound('Vendor');
  const name = input.name.trim();
  if (!name || name.length > 64) return invalid('name', 'Use 1-64 characters.');
  if (await em.count(Vendor, { name, id: { $ne: vendor.id } })) return alreadyExists('name', 'A vendor with this name exists.');
  vendor.name = name;
  await em.flush();
  await changeBus.publish({ topic: 'catalogue' });
  return ok(vendor);
}
