import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LongContextTier, MediaPrices } from '../domain/billing/billing.types';
import type { CatalogueEntry } from '../domain/catalogue/catalogue.types';
import { checkModelAccess, type AccessFacts } from '../domain/groups/model-access';
import type { VerifiedKey } from '../domain/tokens/key-verification.types';
import type { GatewayDeps } from './pipeline/gateway-deps';
import { gatewayErrors } from './gateway-error';

/** OpenAI's model object plus what callers of a multi-vendor gateway want to know. Prices are strings: quota units are bigints. */
function toModelObject(m: CatalogueEntry) {
  const p = m.prices;
  return {
    id: m.modelId,
    object: 'model' as const,
    created: m.created,
    owned_by: m.vendorSlug,
    vendor: m.vendorName,
    series: m.series,
    type: m.type,
    tier: m.tier,
    status: m.status,
    context_length: m.contextLength,
    max_output_tokens: m.maxOutputTokens,
    prices: {
      input_per_million: p.inputPrice.toString(),
      output_per_million: p.outputPrice.toString(),
      cache_read_per_million: p.cacheReadPrice?.toString() ?? null,
      cache_write_per_million: p.cacheWritePrice?.toString() ?? null,
      cache_write_1h_per_million: p.cacheWrite1hPrice?.toString() ?? null,
      per_request: p.requestPrice.toString(),
      per_audio_minute: p.audioMinutePrice.toString(),
      long_context: p.longContext && longContextObject(p.longContext),
      // Rerank and realtime voice: present only on models priced by them.
      ...(p.searchUnitPrice ? { per_search_unit: p.searchUnitPrice.toString() } : {}),
      ...(p.audioInputPrice != null ? { audio_input_per_million: p.audioInputPrice.toString() } : {}),
      ...(p.audioOutputPrice != null ? { audio_output_per_million: p.audioOutputPrice.toString() } : {}),
      ...(p.media ? mediaPricesObject(p.media) : {}),
    },
  };
}

/** Images (per image by size and quality, and image input tokens) and speech (per 1M characters), in their own units. */
function mediaPricesObject(media: MediaPrices) {
  return {
    per_image: media.imagePrices.map((row) => ({ size: row.size, quality: row.quality, price: row.price.toString(), max_output_tokens: row.outputTokens })),
    image_input_per_million: media.imageInputPrice.toString(),
    characters_per_million: media.characterPrice.toString(),
  };
}

/** The prices of a whole request whose prompt is above `above_prompt_tokens`. */
function longContextObject(tier: LongContextTier) {
  return {
    above_prompt_tokens: tier.threshold,
    input_per_million: tier.inputPrice.toString(),
    output_per_million: tier.outputPrice.toString(),
    cache_read_per_million: tier.cacheReadPrice?.toString() ?? null,
    cache_write_per_million: tier.cacheWritePrice?.toString() ?? null,
    cache_write_1h_per_million: tier.cacheWrite1hPrice?.toString() ?? null,
  };
}

/** Which vendor's listing shape the caller speaks. */
export type ModelListShape = 'openai' | 'anthropic' | 'gemini';

/** Anthropic's model object (`GET /v1/models` with `anthropic-version`), so Claude Code's model checks work. */
function toAnthropicModel(m: CatalogueEntry) {
  return { type: 'model' as const, id: m.modelId, display_name: m.modelId, created_at: new Date(m.created * 1000).toISOString() };
}

/** Gemini's model object (`GET /v1beta/models`); every catalogue model is offered for generateContent. */
function toGeminiModel(m: CatalogueEntry) {
  return {
    name: `models/${m.modelId}`,
    baseModelId: m.modelId,
    version: '001',
    displayName: m.modelId,
    description: `${m.vendorName} ${m.series}`.trim(),
    inputTokenLimit: m.contextLength,
    outputTokenLimit: m.maxOutputTokens,
    supportedGenerationMethods: ['generateContent', 'streamGenerateContent', 'countTokens'],
  };
}

function modelObject(m: CatalogueEntry, shape: ModelListShape) {
  return shape === 'anthropic' ? toAnthropicModel(m) : shape === 'gemini' ? toGeminiModel(m) : toModelObject(m);
}

function listOf(models: CatalogueEntry[], shape: ModelListShape): unknown {
  if (shape === 'gemini') return { models: models.map(toGeminiModel) };
  if (shape === 'anthropic') {
    const data = models.map(toAnthropicModel);
    return { data, has_more: false, first_id: data[0]?.id ?? null, last_id: data[data.length - 1]?.id ?? null };
  }
  return { object: 'list', data: models.map(toModelObject) };
}

function sendJson(res: ServerResponse, body: unknown): void {
  const payload = JSON.stringify(body);
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
  res.end(payload);
}

/** `GET /v1/models` and `GET /v1/models/{id}`: only what this key may call right now. */
export function createModelsHandler(deps: GatewayDeps) {
  async function facts(req: IncomingMessage, key: VerifiedKey): Promise<AccessFacts> {
    const clientIp = deps.clientAddress(req);
    if (key.allowedIps && !key.allowedIps.allows(clientIp)) throw gatewayErrors.ipNotAllowed();
    let tiers: Promise<ReadonlySet<string>> | undefined;
    return {
      catalogue: await deps.catalogue.get(),
      groups: await deps.groups.get(),
      key,
      unlockedTiers: () => (tiers ??= deps.billing.activeTiers(key.userId)),
      clientIp,
    };
  }

  return {
    async list(req: IncomingMessage, res: ServerResponse, key: VerifiedKey, shape: ModelListShape = 'openai'): Promise<void> {
      const f = await facts(req, key);
      const models: CatalogueEntry[] = [];
      for (const model of f.catalogue.listed) {
        if ((await checkModelAccess(f, model.modelId)).ok) models.push(model);
      }
      sendJson(res, listOf(models, shape));
    },
    async retrieve(req: IncomingMessage, res: ServerResponse, key: VerifiedKey, modelId: string, shape: ModelListShape = 'openai'): Promise<void> {
      const f = await facts(req, key);
      const access = await checkModelAccess(f, modelId);
      if (!access.ok) throw gatewayErrors.modelNotFound(modelId);
      sendJson(res, modelObject(access.model, shape));
    },
  };
}
