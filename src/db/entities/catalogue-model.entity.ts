import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { MODEL_STATUSES, MODEL_TIERS, MODEL_TYPES, type Modality, type UnmeasuredInput } from './enums';
import { Vendor } from './vendor.entity';

/** A catalogue entry. Its prices are versions in `model_prices` (ModelPrice), each with an effective time. */
export const CatalogueModel = defineEntity({
  name: 'CatalogueModel',
  tableName: 'catalogue_models',
  properties: {
    id: p.integer().primary(),
    /** Case-sensitive public identifier, e.g. `gemini-2.5-flash-lite`. */
    modelId: p.string().length(128).unique(),
    vendor: () => p.manyToOne(Vendor).index(),
    series: p.string().length(64),
    type: p.enum([...MODEL_TYPES]),
    tier: p.enum([...MODEL_TIERS]),
    contextLength: p.integer().default(0),
    /** Output cap used to size a reservation when the caller sets no max_tokens. */
    maxOutputTokens: p.integer().default(4096),
    inputModalities: p.array().$type<Modality[]>().default(['TEXT']),
    outputModalities: p.array().$type<Modality[]>().default(['TEXT']),
    /** Kinds of unmeasurable input refused with a 400 instead of held at the context length. */
    refusedInputs: p.array().$type<UnmeasuredInput[]>().default([]),
    /** Catalogue ids tried in order when every channel of this model failed before a usable byte. */
    fallbacks: p.array().default([]),
    /** Quota units per use of a server tool (web search, fetch, code execution) the upstream runs. */
    serverToolUsePrice: p.bigint().default(0),
    status: p.enum([...MODEL_STATUSES]).default('ACTIVE'),
    description: p.text().default(''),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type ICatalogueModel = InferEntity<typeof CatalogueModel>;
