import { serverToolCostOf } from '../../domain/billing/pricing';
import type { PriceMultiplier } from '../../domain/billing/billing.types';
import type { CatalogueEntry } from '../../domain/catalogue/catalogue.types';
import { measureAudioFile } from '../../lib/container-duration';
import { gatewayErrors } from '../gateway-error';
import type { InputInventory } from './input-inventory';

const KIND_NAMES = {
  URL: 'media by URL',
  FILE_ID: 'files by id',
  DOCUMENT: 'documents it cannot count pages of',
  UNKNOWN_MEDIA: 'media it cannot measure',
  CACHED_CONTENT: 'cached content',
  SERVER_TOOL: 'server tools',
} as const;

/**
 * Audio inside a request (Gemini `inlineData`) is held by its container's duration; audio that
 * cannot be read is an unknown medium, and a container that disagrees with its size a 400.
 */
export async function measureInputAudio(inputs: InputInventory): Promise<void> {
  for (const audio of inputs.audio.splice(0)) {
    const measure = await measureAudioFile(audio.data, audio.mediaType.slice('audio/'.length).split(';')[0]);
    if (measure.kind === 'inconsistent') throw gatewayErrors.invalidRequest(`${audio.param}: the audio's header does not agree with its contents: ${measure.reason}.`, audio.param);
    if (measure.kind === 'unknown') inputs.cannotMeasure(audio.param, 'UNKNOWN_MEDIA', `\`${audio.mediaType}\` audio whose length cannot be read`);
    else inputs.mediaTokens += Math.ceil(measure.ms / 1000) * audio.tokensPerSecond;
  }
}

/** The model's operator switch: a kind of unmeasurable part it refuses is a 400 naming the part, before anything is held. */
export function refuseSwitchedOff(inputs: InputInventory, model: CatalogueEntry): void {
  const part = inputs.unmeasured.find((p) => model.refusedInputs.includes(p.kind));
  if (!part) return;
  throw gatewayErrors.invalidRequest(
    `${part.param}: ${part.what} cannot be measured before the upstream bills it, and the model \`${model.modelId}\` does not accept ${KIND_NAMES[part.kind]}.`,
    part.param,
  );
}

/** Each server-tool use the request allows, at the model's per-use price. */
export function serverToolHold(inputs: InputInventory | undefined, model: CatalogueEntry, multiplier: PriceMultiplier): bigint {
  return serverToolCostOf(inputs?.serverToolUses ?? 0, model.serverToolUsePrice, multiplier);
}
