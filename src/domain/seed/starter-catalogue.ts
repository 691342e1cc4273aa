import type { ImagePriceRow, LongContextTier, MediaPrices, PriceSheet } from '../billing/billing.types';
import type { Modality, ModelTier, ModelType } from '../../db/entities';

/*
 * The starter catalogue: what the vendors sell, at their published LIST prices in USD, as of
 * 2026-11-26 (read from the vendors' pricing and model pages: OpenAI developer docs, Anthropic's
 * pricing page, Google AI for Developers, DeepSeek, Alibaba Model Studio international, Z.ai,
 * Moonshot/Kimi, MiniMax pay-as-you-go). Operators re-price with setModelPrice or
 * applyVendorDiscount; the seed only fills in what nobody changed.
 *
 * Units: quota units at the default display rate of 500 000 units = 1 USD, so a list price of
 * $X per 1M tokens is X x 500 000 here ($1 = 500_000, $0.01 = 5_000). Audio is per minute.
 * Cache prices are set only where the vendor publishes them:
 *   cacheReadPrice  - cached / cache-hit input (OpenAI "cached input", Anthropic "cache hits",
 *                     Gemini "context caching" per-token price, DeepSeek/Kimi "cache hit",
 *                     Qwen implicit cache = 20 % of input, Z.ai "cached input", MiniMax "cache read");
 *   cacheWritePrice - Anthropic's 5-minute cache write (1.25x input) and MiniMax's cache write.
 *                     Vendors that bill no separate write (OpenAI, DeepSeek, Kimi, Qwen implicit,
 *                     Z.ai) or bill storage per hour (Gemini) leave it null: those tokens cost
 *                     ordinary input;
 *   cacheWrite1hPrice - Anthropic's 1-hour cache write (2x input).
 * Long-context tiers (a second price set for the whole request once the prompt is above 200K
 * tokens) are set for Gemini 2.5 Pro, Gemini 3.1 Pro and the Sonnet models Anthropic serves with
 * a 1M context (the `context-1m` beta). Vendors with more than two bands (Qwen above 32K/128K,
 * MiniMax M3 above 512K) are priced at their first band.
 * Older ids (gpt-4o*, o3-mini, claude-3-5-haiku, claude-sonnet-4-20250514, glm-4-flash) stay:
 * vendors still serve them and clients still send them.
 */
export const STARTER_VENDORS = [
  { name: 'OpenAI', slug: 'openai' },
  { name: 'Anthropic', slug: 'anthropic' },
  { name: 'Google', slug: 'google' },
  { name: 'DeepSeek', slug: 'deepseek' },
  { name: 'Alibaba', slug: 'alibaba' },
  { name: 'Zhipu', slug: 'zhipu' },
  { name: 'Moonshot AI', slug: 'moonshot' },
  { name: 'MiniMax', slug: 'minimax' },
  { name: 'Cohere', slug: 'cohere' },
  { name: 'Jina AI', slug: 'jina' },
] as const;

export interface StarterModel {
  modelId: string;
  vendor: (typeof STARTER_VENDORS)[number]['slug'];
  series: string;
  type: ModelType;
  tier: ModelTier;
  inputPrice: bigint;
  outputPrice: bigint;
  cacheReadPrice?: bigint;
  cacheWritePrice?: bigint;
  cacheWrite1hPrice?: bigint;
  audioMinutePrice?: bigint;
  longContext?: LongContextTier;
  /** Rerank and realtime voice price kinds (see RerankRealtimeRates). */
  searchUnitPrice?: bigint;
  audioInputPrice?: bigint;
  audioOutputPrice?: bigint;
  /** Per request (moderation); absent: 0. */
  requestPrice?: bigint;
  /** Images and speech synthesis. */
  media?: MediaPrices;
  contextLength: number;
  maxOutputTokens: number;
  inputModalities: Modality[];
  outputModalities: Modality[];
  description: string;
}

const TEXT: Modality[] = ['TEXT'];
const TEXT_IMAGE: Modality[] = ['TEXT', 'IMAGE'];
const ALL_MEDIA: Modality[] = ['TEXT', 'IMAGE', 'AUDIO', 'VIDEO'];
const TEXT_IMAGE_VIDEO: Modality[] = ['TEXT', 'IMAGE', 'VIDEO'];

type Chat = Pick<StarterModel, 'type' | 'inputModalities' | 'outputModalities'>;
const chat = (inputModalities: Modality[] = TEXT): Chat => ({ type: 'CHAT', inputModalities, outputModalities: TEXT });
const reasoning = (inputModalities: Modality[] = TEXT): Chat => ({ type: 'REASONING', inputModalities, outputModalities: TEXT });

/** Sonnet above 200K prompt tokens: $6 / $22.50 per 1M, cache reads $0.60, writes $7.50 (5 min) and $12 (1 h). */
const SONNET_1M: LongContextTier = {
  threshold: 200_000, inputPrice: 3_000_000n, outputPrice: 11_250_000n, cacheReadPrice: 300_000n, cacheWritePrice: 3_750_000n, cacheWrite1hPrice: 6_000_000n,
};

// ---- Media products: images, speech synthesis, moderation (list prices; 500,000 units = 1 USD) ----

/** gpt-image-1 bills tokens: these are its image output tokens per image (OpenAI's pricing page). */
const GPT_IMAGE_1_TABLE: ImagePriceRow[] = [
  { size: '1024x1024', quality: 'low', price: 0n, outputTokens: 272 },
  { size: '1024x1024', quality: 'medium', price: 0n, outputTokens: 1_056 },
  { size: '1024x1024', quality: 'high', price: 0n, outputTokens: 4_160 },
  { size: '1024x1536', quality: 'low', price: 0n, outputTokens: 408 },
  { size: '1024x1536', quality: 'medium', price: 0n, outputTokens: 1_584 },
  { size: '1024x1536', quality: 'high', price: 0n, outputTokens: 6_240 },
  { size: '1536x1024', quality: 'low', price: 0n, outputTokens: 408 },
  { size: '1536x1024', quality: 'medium', price: 0n, outputTokens: 1_584 },
  { size: '1536x1024', quality: 'high', price: 0n, outputTokens: 6_240 },
];

/** DALL-E 3 bills per image: $0.04 / $0.08 standard, $0.08 / $0.12 hd (square / wide). */
const DALL_E_3_TABLE: ImagePriceRow[] = [
  { size: '1024x1024', quality: 'standard', price: 20_000n, outputTokens: 0 },
  { size: '1024x1792', quality: 'standard', price: 40_000n, outputTokens: 0 },
  { size: '1792x1024', quality: 'standard', price: 40_000n, outputTokens: 0 },
  { size: '1024x1024', quality: 'hd', price: 40_000n, outputTokens: 0 },
  { size: '1024x1792', quality: 'hd', price: 60_000n, outputTokens: 0 },
  { size: '1792x1024', quality: 'hd', price: 60_000n, outputTokens: 0 },
];

const MEDIA_MODELS: StarterModel[] = [
  { modelId: 'gpt-image-1', vendor: 'openai', series: 'gpt-image', type: 'IMAGE', inputModalities: TEXT_IMAGE, outputModalities: ['IMAGE'], tier: 'FREE', inputPrice: 2_500_000n, outputPrice: 20_000_000n, media: { imagePrices: GPT_IMAGE_1_TABLE, imageInputPrice: 5_000_000n, characterPrice: 0n }, contextLength: 0, maxOutputTokens: 0, description: 'Image generation and edits: text in $5, image in $10, image out $40 per 1M tokens.' },
  { modelId: 'dall-e-3', vendor: 'openai', series: 'dall-e', type: 'IMAGE', inputModalities: TEXT, outputModalities: ['IMAGE'], tier: 'FREE', inputPrice: 0n, outputPrice: 0n, media: { imagePrices: DALL_E_3_TABLE, imageInputPrice: 0n, characterPrice: 0n }, contextLength: 0, maxOutputTokens: 0, description: 'Image generation, per image by size and quality.' },
  { modelId: 'gemini-2.5-flash-image', vendor: 'google', series: 'gemini-2.5', type: 'IMAGE', inputModalities: TEXT_IMAGE, outputModalities: ['IMAGE'], tier: 'FREE', inputPrice: 150_000n, outputPrice: 15_000_000n, media: { imagePrices: [{ size: '*', quality: '*', price: 0n, outputTokens: 1_290 }], imageInputPrice: 150_000n, characterPrice: 0n }, contextLength: 0, maxOutputTokens: 0, description: 'Gemini image output: $30 per 1M output tokens, 1290 tokens per image.' },
  { modelId: 'tts-1', vendor: 'openai', series: 'tts', type: 'TEXT_TO_SPEECH', inputModalities: TEXT, outputModalities: ['AUDIO'], tier: 'FREE', inputPrice: 0n, outputPrice: 0n, media: { imagePrices: [], imageInputPrice: 0n, characterPrice: 7_500_000n }, contextLength: 0, maxOutputTokens: 0, description: 'Speech synthesis, $15 per 1M characters.' },
  { modelId: 'gpt-4o-mini-tts', vendor: 'openai', series: 'gpt-4o', type: 'TEXT_TO_SPEECH', inputModalities: TEXT, outputModalities: ['AUDIO'], tier: 'FREE', inputPrice: 300_000n, outputPrice: 6_000_000n, contextLength: 0, maxOutputTokens: 8_192, description: 'Speech synthesis: text in $0.60, audio out $12 per 1M tokens.' },
  { modelId: 'gemini-2.5-flash-preview-tts', vendor: 'google', series: 'gemini-2.5', type: 'TEXT_TO_SPEECH', inputModalities: TEXT, outputModalities: ['AUDIO'], tier: 'FREE', inputPrice: 250_000n, outputPrice: 5_000_000n, contextLength: 0, maxOutputTokens: 16_384, description: 'Gemini speech synthesis (24 kHz PCM; wav or pcm): text in $0.50, audio out $10 per 1M tokens.' },
  { modelId: 'omni-moderation-latest', vendor: 'openai', series: 'moderation', type: 'MODERATION', inputModalities: TEXT_IMAGE, outputModalities: TEXT, tier: 'FREE', inputPrice: 0n, outputPrice: 0n, requestPrice: 0n, contextLength: 0, maxOutputTokens: 0, description: 'Moderation of text and images; free (an operator may set a per-request price).' },
];

export const STARTER_MODELS: StarterModel[] = [

  // OpenAI: GPT-5.x bill cached input at 10 % of input; GPT-4o and o-series at 50 %.
  { modelId: 'gpt-5.5', vendor: 'openai', series: 'gpt-5', ...reasoning(TEXT_IMAGE), tier: 'SVIP', inputPrice: 2_500_000n, outputPrice: 15_000_000n, cacheReadPrice: 250_000n, contextLength: 1_000_000, maxOutputTokens: 128_000, description: 'OpenAI flagship GPT-5.5.' },
  { modelId: 'gpt-5.4', vendor: 'openai', series: 'gpt-5', ...reasoning(TEXT_IMAGE), tier: 'SVIP', inputPrice: 1_250_000n, outputPrice: 7_500_000n, cacheReadPrice: 125_000n, contextLength: 1_000_000, maxOutputTokens: 128_000, description: 'GPT-5.4.' },
  { modelId: 'gpt-5.4-mini', vendor: 'openai', series: 'gpt-5', ...reasoning(TEXT_IMAGE), tier: 'FREE', inputPrice: 375_000n, outputPrice: 2_250_000n, cacheReadPrice: 37_500n, contextLength: 400_000, maxOutputTokens: 128_000, description: 'Small GPT-5.4.' },
  { modelId: 'gpt-5.4-nano', vendor: 'openai', series: 'gpt-5', ...reasoning(TEXT_IMAGE), tier: 'FREE', inputPrice: 100_000n, outputPrice: 625_000n, cacheReadPrice: 10_000n, contextLength: 400_000, maxOutputTokens: 128_000, description: 'Cheapest GPT-5.4.' },
  { modelId: 'gpt-4o-mini', vendor: 'openai', series: 'gpt-4o', ...chat(TEXT_IMAGE), tier: 'FREE', inputPrice: 75_000n, outputPrice: 300_000n, cacheReadPrice: 37_500n, contextLength: 128_000, maxOutputTokens: 16_384, description: 'Small, fast GPT-4o model.' },
  { modelId: 'gpt-4o', vendor: 'openai', series: 'gpt-4o', ...chat(TEXT_IMAGE), tier: 'SVIP', inputPrice: 1_250_000n, outputPrice: 5_000_000n, cacheReadPrice: 625_000n, contextLength: 128_000, maxOutputTokens: 16_384, description: 'Multimodal GPT-4o.' },
  { modelId: 'o3-mini', vendor: 'openai', series: 'o3', ...reasoning(), tier: 'SVIP', inputPrice: 550_000n, outputPrice: 2_200_000n, cacheReadPrice: 275_000n, contextLength: 200_000, maxOutputTokens: 100_000, description: 'Reasoning model, small.' },
  { modelId: 'text-embedding-3-small', vendor: 'openai', series: 'text-embedding-3', type: 'EMBEDDING', inputModalities: TEXT, outputModalities: ['EMBEDDING'], tier: 'FREE', inputPrice: 10_000n, outputPrice: 0n, contextLength: 8_191, maxOutputTokens: 0, description: 'Embeddings, 1536 dimensions; billed per input token.' },
  { modelId: 'text-embedding-3-large', vendor: 'openai', series: 'text-embedding-3', type: 'EMBEDDING', inputModalities: TEXT, outputModalities: ['EMBEDDING'], tier: 'FREE', inputPrice: 65_000n, outputPrice: 0n, contextLength: 8_191, maxOutputTokens: 0, description: 'Embeddings, 3072 dimensions; billed per input token.' },
  { modelId: 'whisper-1', vendor: 'openai', series: 'whisper', type: 'SPEECH_TO_TEXT', inputModalities: ['AUDIO'], outputModalities: TEXT, tier: 'FREE', inputPrice: 0n, outputPrice: 0n, audioMinutePrice: 3_000n, contextLength: 0, maxOutputTokens: 0, description: 'Speech to text, $0.006 per audio minute.' },
  { modelId: 'gpt-4o-transcribe', vendor: 'openai', series: 'gpt-4o', type: 'SPEECH_TO_TEXT', inputModalities: ['AUDIO'], outputModalities: TEXT, tier: 'SVIP', inputPrice: 0n, outputPrice: 0n, audioMinutePrice: 3_000n, contextLength: 0, maxOutputTokens: 0, description: 'GPT-4o speech to text, about $0.006 per audio minute.' },

  // Anthropic: cache write = 5-minute write (1.25 x input), cache read = 0.1 x input.
  { modelId: 'claude-opus-4-6', vendor: 'anthropic', series: 'claude-4', ...chat(TEXT_IMAGE), tier: 'SVIP', inputPrice: 2_500_000n, outputPrice: 12_500_000n, cacheReadPrice: 250_000n, cacheWritePrice: 3_125_000n, cacheWrite1hPrice: 5_000_000n, contextLength: 200_000, maxOutputTokens: 128_000, description: 'Most capable Claude 4 model.' },
  { modelId: 'claude-sonnet-4-6', vendor: 'anthropic', series: 'claude-4', ...chat(TEXT_IMAGE), tier: 'SVIP', inputPrice: 1_500_000n, outputPrice: 7_500_000n, cacheReadPrice: 150_000n, cacheWritePrice: 1_875_000n, cacheWrite1hPrice: 3_000_000n, longContext: SONNET_1M, contextLength: 1_000_000, maxOutputTokens: 64_000, description: 'Balanced Claude 4 model.' },
  { modelId: 'claude-haiku-4-5', vendor: 'anthropic', series: 'claude-4', ...chat(TEXT_IMAGE), tier: 'FREE', inputPrice: 500_000n, outputPrice: 2_500_000n, cacheReadPrice: 50_000n, cacheWritePrice: 625_000n, cacheWrite1hPrice: 1_000_000n, contextLength: 200_000, maxOutputTokens: 64_000, description: 'Fastest Claude 4 model.' },
  { modelId: 'claude-sonnet-4-20250514', vendor: 'anthropic', series: 'claude-4', ...chat(TEXT_IMAGE), tier: 'SVIP', inputPrice: 1_500_000n, outputPrice: 7_500_000n, cacheReadPrice: 150_000n, cacheWritePrice: 1_875_000n, cacheWrite1hPrice: 3_000_000n, longContext: SONNET_1M, contextLength: 1_000_000, maxOutputTokens: 64_000, description: 'Claude Sonnet 4 (May 2025 snapshot).' },
  { modelId: 'claude-3-5-haiku-20241022', vendor: 'anthropic', series: 'claude-3.5', ...chat(TEXT_IMAGE), tier: 'FREE', inputPrice: 400_000n, outputPrice: 2_000_000n, cacheReadPrice: 40_000n, cacheWritePrice: 500_000n, cacheWrite1hPrice: 800_000n, contextLength: 200_000, maxOutputTokens: 8_192, description: 'Claude Haiku 3.5.' },

  // Google: context caching is a per-token read price plus hourly storage, so no write price.
  { modelId: 'gemini-3.1-pro', vendor: 'google', series: 'gemini-3', ...reasoning(ALL_MEDIA), tier: 'SVIP', inputPrice: 1_000_000n, outputPrice: 6_000_000n, cacheReadPrice: 100_000n, longContext: { threshold: 200_000, inputPrice: 2_000_000n, outputPrice: 9_000_000n, cacheReadPrice: 200_000n, cacheWritePrice: null, cacheWrite1hPrice: null }, contextLength: 1_048_576, maxOutputTokens: 65_536, description: 'Gemini 3.1 Pro.' },
  { modelId: 'gemini-3-flash', vendor: 'google', series: 'gemini-3', ...chat(ALL_MEDIA), tier: 'FREE', inputPrice: 250_000n, outputPrice: 1_500_000n, cacheReadPrice: 25_000n, contextLength: 1_048_576, maxOutputTokens: 65_536, description: 'Gemini 3 Flash.' },
  { modelId: 'gemini-3.1-flash-lite', vendor: 'google', series: 'gemini-3', ...chat(ALL_MEDIA), tier: 'FREE', inputPrice: 125_000n, outputPrice: 750_000n, cacheReadPrice: 12_500n, contextLength: 1_048_576, maxOutputTokens: 65_536, description: 'Cheapest Gemini 3 model.' },
  { modelId: 'gemini-2.5-pro', vendor: 'google', series: 'gemini-2.5', ...reasoning(ALL_MEDIA), tier: 'SVIP', inputPrice: 625_000n, outputPrice: 5_000_000n, cacheReadPrice: 62_500n, longContext: { threshold: 200_000, inputPrice: 1_250_000n, outputPrice: 7_500_000n, cacheReadPrice: 125_000n, cacheWritePrice: null, cacheWrite1hPrice: null }, contextLength: 1_048_576, maxOutputTokens: 65_536, description: 'Gemini 2.5 with thinking.' },
  { modelId: 'gemini-2.5-flash', vendor: 'google', series: 'gemini-2.5', ...chat(ALL_MEDIA), tier: 'FREE', inputPrice: 150_000n, outputPrice: 1_250_000n, cacheReadPrice: 15_000n, contextLength: 1_048_576, maxOutputTokens: 65_536, description: 'Fast Gemini 2.5 model.' },
  { modelId: 'gemini-2.5-flash-lite', vendor: 'google', series: 'gemini-2.5', ...chat(ALL_MEDIA), tier: 'FREE', inputPrice: 50_000n, outputPrice: 200_000n, cacheReadPrice: 5_000n, contextLength: 1_048_576, maxOutputTokens: 65_536, description: 'Cheapest Gemini 2.5 model.' },

  // DeepSeek V3.2: chat and reasoner share one price; cache hit is 10 % of a miss.
  { modelId: 'deepseek-chat', vendor: 'deepseek', series: 'deepseek-v3', ...chat(), tier: 'FREE', inputPrice: 140_000n, outputPrice: 210_000n, cacheReadPrice: 14_000n, contextLength: 131_072, maxOutputTokens: 8_192, description: 'DeepSeek V3.2, non-thinking mode.' },
  { modelId: 'deepseek-reasoner', vendor: 'deepseek', series: 'deepseek-v3', ...reasoning(), tier: 'FREE', inputPrice: 140_000n, outputPrice: 210_000n, cacheReadPrice: 14_000n, contextLength: 131_072, maxOutputTokens: 65_536, description: 'DeepSeek V3.2, thinking mode.' },

  // Alibaba Model Studio (international), first context tier; implicit cache hits bill 20 % of input.
  { modelId: 'qwen3-max', vendor: 'alibaba', series: 'qwen3', ...chat(), tier: 'SVIP', inputPrice: 600_000n, outputPrice: 3_000_000n, cacheReadPrice: 120_000n, contextLength: 262_144, maxOutputTokens: 65_536, description: 'Qwen3 Max (prompts up to 32K tokens priced here).' },
  { modelId: 'qwen-plus', vendor: 'alibaba', series: 'qwen', ...chat(), tier: 'FREE', inputPrice: 200_000n, outputPrice: 600_000n, cacheReadPrice: 40_000n, contextLength: 131_072, maxOutputTokens: 32_768, description: 'Qwen Plus.' },
  { modelId: 'qwen-flash', vendor: 'alibaba', series: 'qwen', ...chat(), tier: 'FREE', inputPrice: 25_000n, outputPrice: 200_000n, cacheReadPrice: 5_000n, contextLength: 1_000_000, maxOutputTokens: 32_768, description: 'Qwen Flash (prompts up to 256K tokens priced here).' },

  // Zhipu / Z.ai.
  { modelId: 'glm-4.6', vendor: 'zhipu', series: 'glm-4.6', ...reasoning(), tier: 'SVIP', inputPrice: 300_000n, outputPrice: 1_100_000n, cacheReadPrice: 55_000n, contextLength: 200_000, maxOutputTokens: 128_000, description: 'GLM-4.6 with thinking.' },
  { modelId: 'glm-4.5', vendor: 'zhipu', series: 'glm-4.5', ...reasoning(), tier: 'SVIP', inputPrice: 300_000n, outputPrice: 1_100_000n, cacheReadPrice: 55_000n, contextLength: 128_000, maxOutputTokens: 96_000, description: 'GLM-4.5 with thinking.' },
  { modelId: 'glm-4.5-air', vendor: 'zhipu', series: 'glm-4.5', ...reasoning(), tier: 'FREE', inputPrice: 100_000n, outputPrice: 550_000n, cacheReadPrice: 15_000n, contextLength: 128_000, maxOutputTokens: 96_000, description: 'Lighter GLM-4.5.' },
  { modelId: 'glm-4.5-flash', vendor: 'zhipu', series: 'glm-4.5', ...chat(), tier: 'FREE', inputPrice: 0n, outputPrice: 0n, contextLength: 128_000, maxOutputTokens: 32_000, description: 'Free GLM-4.5 Flash.' },
  { modelId: 'glm-4-flash', vendor: 'zhipu', series: 'glm-4', ...chat(), tier: 'FREE', inputPrice: 0n, outputPrice: 0n, contextLength: 128_000, maxOutputTokens: 4_096, description: 'Free GLM-4 Flash.' },

  // Moonshot AI (Kimi): automatic context cache, billed at the cache-hit price.
  { modelId: 'kimi-k3', vendor: 'moonshot', series: 'kimi-k3', ...reasoning(TEXT_IMAGE), tier: 'SVIP', inputPrice: 1_500_000n, outputPrice: 7_500_000n, cacheReadPrice: 150_000n, contextLength: 262_144, maxOutputTokens: 32_768, description: 'Kimi K3, Moonshot flagship.' },
  { modelId: 'kimi-k2.6', vendor: 'moonshot', series: 'kimi-k2', ...reasoning(TEXT_IMAGE_VIDEO), tier: 'FREE', inputPrice: 475_000n, outputPrice: 2_000_000n, cacheReadPrice: 80_000n, contextLength: 262_144, maxOutputTokens: 32_768, description: 'Kimi K2.6, multimodal.' },

  // MiniMax (pay-as-you-go, first tier).
  { modelId: 'MiniMax-M3', vendor: 'minimax', series: 'minimax-m3', ...reasoning(TEXT_IMAGE_VIDEO), tier: 'SVIP', inputPrice: 150_000n, outputPrice: 600_000n, cacheReadPrice: 30_000n, contextLength: 1_000_000, maxOutputTokens: 131_072, description: 'MiniMax M3 (prompts up to 512K tokens priced here).' },
  { modelId: 'MiniMax-M2.7', vendor: 'minimax', series: 'minimax-m2', ...reasoning(), tier: 'FREE', inputPrice: 150_000n, outputPrice: 600_000n, cacheReadPrice: 30_000n, cacheWritePrice: 187_500n, contextLength: 204_800, maxOutputTokens: 131_072, description: 'MiniMax M2.7.' },

  // Rerank and realtime voice, at list prices ($1 = 500,000 units). Cohere bills search units
  // ($2 per 1,000), Jina tokens; gpt-realtime bills audio tokens apart from text ($32 / $64 per 1M
  // audio in / out, $4 / $16 text, cached input of either kind $0.40).
  { modelId: 'rerank-v3.5', vendor: 'cohere', series: 'rerank-v3', type: 'RERANK', inputModalities: TEXT, outputModalities: TEXT, tier: 'FREE', inputPrice: 0n, outputPrice: 0n, searchUnitPrice: 1_000n, contextLength: 4_096, maxOutputTokens: 0, description: 'Cohere Rerank 3.5, $2 per 1,000 searches.' },
  { modelId: 'jina-reranker-v2-base-multilingual', vendor: 'jina', series: 'jina-reranker-v2', type: 'RERANK', inputModalities: TEXT, outputModalities: TEXT, tier: 'FREE', inputPrice: 10_000n, outputPrice: 0n, contextLength: 1_024, maxOutputTokens: 0, description: 'Jina multilingual reranker, billed per token.' },
  { modelId: 'gpt-realtime', vendor: 'openai', series: 'gpt-realtime', type: 'REALTIME', inputModalities: ['TEXT', 'AUDIO'], outputModalities: ['TEXT', 'AUDIO'], tier: 'FREE', inputPrice: 2_000_000n, outputPrice: 8_000_000n, cacheReadPrice: 200_000n, audioInputPrice: 16_000_000n, audioOutputPrice: 32_000_000n, contextLength: 32_000, maxOutputTokens: 4_096, description: 'Realtime speech-to-speech over a WebSocket.' },
  ...MEDIA_MODELS,
];

export const STARTER_PACKAGES = [
  { name: 'SVIP Weekly', description: 'All SVIP models for 7 days.', priceMinor: 1998, currency: 'CNY', durationDays: 7, quotaPerPeriod: 10_000_000n, sortOrder: 10 },
  { name: 'SVIP Monthly', description: 'All SVIP models for 30 days.', priceMinor: 6990, currency: 'CNY', durationDays: 30, quotaPerPeriod: 50_000_000n, sortOrder: 20 },
];

/** A starter model's prices as a catalogue price sheet. */
export function starterPrices(model: StarterModel): PriceSheet {
  return {
    inputPrice: model.inputPrice,
    outputPrice: model.outputPrice,
    cacheReadPrice: model.cacheReadPrice ?? null,
    cacheWritePrice: model.cacheWritePrice ?? null,
    cacheWrite1hPrice: model.cacheWrite1hPrice ?? null,
    requestPrice: model.requestPrice ?? 0n,
    audioMinutePrice: model.audioMinutePrice ?? 0n,
    longContext: model.longContext ?? null,
    searchUnitPrice: model.searchUnitPrice ?? 0n,
    audioInputPrice: model.audioInputPrice ?? null,
    audioOutputPrice: model.audioOutputPrice ?? null,
    ...(model.media ? { media: model.media } : {}),
  };
}
