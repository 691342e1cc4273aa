import type { ServerResponse } from 'node:http';
import type { MediaUsage, PriceMultiplier } from '../../domain/billing/billing.types';
import { dearestImageRow, maxCostOf } from '../../domain/billing/pricing';
import type { CatalogueEntry } from '../../domain/catalogue/catalogue.types';
import type { ModelType } from '../../db/entities';
import { gatewayErrors } from '../gateway-error';
import type { ImageRequest, MediaRequest } from '../providers/media-request';
import type { SurfaceName } from '../surfaces/surface';
import type { AdmittedCall } from './admitted-call';
import type { SettleLimits } from './settle-cost';
import { estimatePrompt } from './token-estimate';
import type { GatewayDeps } from './gateway-deps';
import { serveImages } from './image-exchange';
import { serveImageStream } from './image-stream-exchange';
import { serveModeration } from './moderation-exchange';
import { serveSpeech } from './speech-exchange';

/** A media request admitted and held for: what it may cost at most, in the units it is billed by. */
export interface MediaCall extends AdmittedCall {
  media: MediaRequest;
  limits: SettleLimits & { completionCap: number };
  /** The caller's text as tokens, billed when a token-priced upstream reports no usage. */
  promptCharge: number;
}

/**
 * A partial image in a stream is billed as 100 more image output tokens upstream (OpenAI's
 * image-generation guide), so each one asked for is held.
 */
const PARTIAL_IMAGE_TOKENS = 100;
/**
 * The most input tokens one uploaded image can come to at a token-priced image model: OpenAI
 * tiles an image into at most 8 tiles of 170 tokens plus 85 (1,445), and a high input fidelity
 * adds up to 6,240 more; Gemini stays far below. Held per image; the upstream's report is billed.
 */
const IMAGE_INPUT_TOKEN_BOUND = 8_000;

const DOORS: Partial<Record<ModelType, { surfaces: SurfaceName[]; path: string; what: string }>> = {
  IMAGE: { surfaces: ['images.generations', 'images.edits'], path: 'POST /v1/images/generations or /v1/images/edits', what: 'an image model' },
  TEXT_TO_SPEECH: { surfaces: ['audio.speech'], path: 'POST /v1/audio/speech', what: 'a speech synthesis model' },
  MODERATION: { surfaces: ['moderations'], path: 'POST /v1/moderations', what: 'a moderation model' },
};
const MEDIA_TYPE_OF: Partial<Record<SurfaceName, ModelType>> = {
  'images.generations': 'IMAGE', 'images.edits': 'IMAGE', 'audio.speech': 'TEXT_TO_SPEECH', moderations: 'MODERATION',
};

/**
 * Media models answer only on their own surfaces, and those surfaces serve only them: a 400
 * naming `model` (and the right endpoint) otherwise, before anything is held.
 */
export function refuseWrongDoor(surface: SurfaceName, model: CatalogueEntry): void {
  const door = DOORS[model.type];
  if (door && !door.surfaces.includes(surface)) {
    throw gatewayErrors.invalidRequest(`The model \`${model.modelId}\` is ${door.what}: call ${door.path}.`, 'model');
  }
  const wanted = MEDIA_TYPE_OF[surface];
  if (wanted && model.type !== wanted) {
    throw gatewayErrors.invalidRequest(`The model \`${model.modelId}\` is not ${DOORS[wanted]!.what}.`, 'model');
  }
}

function promptTokens(model: string, text: string): { reserve: number; charge: number } {
  return estimatePrompt({ model, messages: [{ role: 'user', content: text }] });
}

/** A size or quality the model's table does not list is the caller's mistake: a 400 naming it. */
function refuseUnlisted(model: CatalogueEntry, media: ImageRequest): void {
  const rows = model.prices.media?.imagePrices ?? [];
  if (!rows.length) return;
  for (const [param, value, of] of [['size', media.size, 'size'], ['quality', media.quality, 'quality']] as const) {
    if (value === undefined || value === 'auto') continue;
    if (!rows.some((row) => row[of] === value || row[of] === '*')) {
      const listed = [...new Set(rows.map((row) => row[of]))].join(', ');
      throw gatewayErrors.invalidRequest(`Invalid value for '${param}': the model \`${model.modelId}\` makes ${listed}, not ${value}.`, param);
    }
  }
}

/**
 * What a media request is held for, at the dearest group multiplier of its route:
 * images: `n` images at the dearest size and quality asked (their per-image price, and for a
 * token-priced model n x that size's most output tokens, plus the partial images asked for),
 * the prompt's text and every uploaded image at its bound; speech: every character of `input`
 * and, for a token-priced model, its output cap; moderation: one request.
 */
export function planMediaHold(model: CatalogueEntry, media: MediaRequest, modelId: string, multiplier: PriceMultiplier): { amount: bigint; limits: MediaCall['limits']; promptCharge: number } {
  if (media.kind === 'image') {
    refuseUnlisted(model, media);
    const row = dearestImageRow(model.prices.media?.imagePrices ?? [], media.size, media.quality);
    const completionCap = media.n * ((row?.outputTokens ?? 0) + media.partialImages * PARTIAL_IMAGE_TOKENS);
    const prompt = promptTokens(modelId, media.prompt);
    const uploads = media.images.length + (media.mask ? 1 : 0);
    const bound: MediaUsage = { images: media.n, ...(row ? { imageSize: row.size, imageQuality: row.quality } : {}), imageInputTokens: uploads * IMAGE_INPUT_TOKEN_BOUND };
    const amount = maxCostOf(model.prices, { promptTokens: prompt.reserve, maxCompletionTokens: completionCap, audioMs: 0, media: bound }, multiplier);
    return { amount, limits: { completionCap, imagesCap: media.n }, promptCharge: prompt.charge };
  }
  if (media.kind === 'speech') {
    const completionCap = model.prices.outputPrice > 0n ? model.maxOutputTokens : 0;
    const prompt = promptTokens(modelId, media.input);
    const amount = maxCostOf(model.prices, { promptTokens: prompt.reserve, maxCompletionTokens: completionCap, audioMs: 0, media: { characters: media.characters } }, multiplier);
    return { amount, limits: { completionCap, charactersCap: media.characters }, promptCharge: prompt.charge };
  }
  return { amount: maxCostOf(model.prices, { promptTokens: 0, maxCompletionTokens: 0, audioMs: 0 }, multiplier), limits: { completionCap: 0 }, promptCharge: 0 };
}

/** Sends an admitted media call to its exchange. */
export function serveMedia(deps: GatewayDeps, call: MediaCall, res: ServerResponse): Promise<void> {
  switch (call.media.kind) {
    case 'image':
      return call.media.stream ? serveImageStream(deps, call, res) : serveImages(deps, call, res);
    case 'speech':
      return serveSpeech(deps, call, res);
    case 'moderation':
      return serveModeration(deps, call, res);
  }
}
