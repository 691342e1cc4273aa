import type { ModelTier, ModelType } from '../entities';

// Prices in quota units at the default display rate of 500 000 units = 1 USD,
// i.e. list price in USD per 1M tokens x 500 000. Audio is per minute.
export const STARTER_VENDORS = [
  { name: 'OpenAI', slug: 'openai' },
  { name: 'Anthropic', slug: 'anthropic' },
  { name: 'Google', slug: 'google' },
  { name: 'DeepSeek', slug: 'deepseek' },
  { name: 'Alibaba', slug: 'alibaba' },
  { name: 'Zhipu', slug: 'zhipu' },
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
  audioMinutePrice?: bigint;
  contextLength: number;
  maxOutputTokens: number;
  description: string;
}

export const STARTER_MODELS: StarterModel[] = [
  { modelId: 'gpt-4o-mini', vendor: 'openai', series: 'gpt-4o', type: 'CHAT', tier: 'FREE', inputPrice: 75_000n, outputPrice: 300_000n, cacheReadPrice: 37_500n, contextLength: 128_000, maxOutputTokens: 16_384, description: 'Small, fast GPT-4o model.' },
  { modelId: 'gpt-4o', vendor: 'openai', series: 'gpt-4o', type: 'CHAT', tier: 'SVIP', inputPrice: 1_250_000n, outputPrice: 5_000_000n, cacheReadPrice: 625_000n, contextLength: 128_000, maxOutputTokens: 16_384, description: 'Flagship multimodal GPT-4o.' },
  { modelId: 'o3-mini', vendor: 'openai', series: 'o3', type: 'REASONING', tier: 'SVIP', inputPrice: 550_000n, outputPrice: 2_200_000n, contextLength: 200_000, maxOutputTokens: 100_000, description: 'Reasoning model, small.' },
  { modelId: 'text-embedding-3-small', vendor: 'openai', series: 'text-embedding-3', type: 'EMBEDDING', tier: 'FREE', inputPrice: 10_000n, outputPrice: 0n, contextLength: 8_191, maxOutputTokens: 0, description: 'Embeddings, 1536 dimensions; billed per input token.' },
  { modelId: 'text-embedding-3-large', vendor: 'openai', series: 'text-embedding-3', type: 'EMBEDDING', tier: 'FREE', inputPrice: 65_000n, outputPrice: 0n, contextLength: 8_191, maxOutputTokens: 0, description: 'Embeddings, 3072 dimensions; billed per input token.' },
  { modelId: 'whisper-1', vendor: 'openai', series: 'whisper', type: 'SPEECH_TO_TEXT', tier: 'FREE', inputPrice: 0n, outputPrice: 0n, audioMinutePrice: 3_000n, contextLength: 0, maxOutputTokens: 0, description: 'Speech to text, priced per audio minute.' },
  { modelId: 'gpt-4o-transcribe', vendor: 'openai', series: 'gpt-4o', type: 'SPEECH_TO_TEXT', tier: 'SVIP', inputPrice: 0n, outputPrice: 0n, audioMinutePrice: 3_000n, contextLength: 0, maxOutputTokens: 0, description: 'GPT-4o speech to text.' },
  { modelId: 'claude-3-5-haiku-20241022', vendor: 'anthropic', series: 'claude-3.5', type: 'CHAT', tier: 'FREE', inputPrice: 400_000n, outputPrice: 2_000_000n, cacheReadPrice: 40_000n, cacheWritePrice: 500_000n, contextLength: 200_000, maxOutputTokens: 8_192, description: 'Fast Claude model.' },
  { modelId: 'claude-sonnet-4-20250514', vendor: 'anthropic', series: 'claude-4', type: 'CHAT', tier: 'SVIP', inputPrice: 1_500_000n, outputPrice: 7_500_000n, cacheReadPrice: 150_000n, cacheWritePrice: 1_875_000n, contextLength: 200_000, maxOutputTokens: 64_000, description: 'Balanced Claude 4 model.' },
  { modelId: 'gemini-2.5-flash-lite', vendor: 'google', series: 'gemini-2.5', type: 'CHAT', tier: 'FREE', inputPrice: 50_000n, outputPrice: 200_000n, contextLength: 1_048_576, maxOutputTokens: 65_536, description: 'Cheapest Gemini 2.5 model.' },
  { modelId: 'gemini-2.5-flash', vendor: 'google', series: 'gemini-2.5', type: 'CHAT', tier: 'FREE', inputPrice: 150_000n, outputPrice: 1_250_000n, contextLength: 1_048_576, maxOutputTokens: 65_536, description: 'Fast Gemini 2.5 model.' },
  { modelId: 'gemini-2.5-pro', vendor: 'google', series: 'gemini-2.5', type: 'REASONING', tier: 'SVIP', inputPrice: 625_000n, outputPrice: 5_000_000n, contextLength: 1_048_576, maxOutputTokens: 65_536, description: 'Gemini 2.5 with thinking.' },
  { modelId: 'deepseek-chat', vendor: 'deepseek', series: 'deepseek-v3', type: 'CHAT', tier: 'FREE', inputPrice: 135_000n, outputPrice: 550_000n, cacheReadPrice: 35_000n, contextLength: 65_536, maxOutputTokens: 8_192, description: 'DeepSeek V3 chat.' },
  { modelId: 'deepseek-reasoner', vendor: 'deepseek', series: 'deepseek-r1', type: 'REASONING', tier: 'FREE', inputPrice: 275_000n, outputPrice: 1_095_000n, contextLength: 65_536, maxOutputTokens: 32_768, description: 'DeepSeek R1 reasoning.' },
  { modelId: 'qwen-plus', vendor: 'alibaba', series: 'qwen', type: 'CHAT', tier: 'FREE', inputPrice: 200_000n, outputPrice: 600_000n, contextLength: 131_072, maxOutputTokens: 8_192, description: 'Qwen Plus.' },
  { modelId: 'qwen3-max', vendor: 'alibaba', series: 'qwen3', type: 'CHAT', tier: 'SVIP', inputPrice: 600_000n, outputPrice: 3_000_000n, contextLength: 262_144, maxOutputTokens: 32_768, description: 'Qwen3 Max.' },
  { modelId: 'glm-4-flash', vendor: 'zhipu', series: 'glm-4', type: 'CHAT', tier: 'FREE', inputPrice: 0n, outputPrice: 0n, contextLength: 128_000, maxOutputTokens: 4_096, description: 'Free GLM-4 Flash.' },
  { modelId: 'glm-4.5', vendor: 'zhipu', series: 'glm-4.5', type: 'REASONING', tier: 'SVIP', inputPrice: 300_000n, outputPrice: 1_100_000n, contextLength: 128_000, maxOutputTokens: 96_000, description: 'GLM-4.5 with thinking.' },
];

export const STARTER_PACKAGES = [
  { name: 'SVIP Weekly', description: 'All SVIP models for 7 days.', priceMinor: 1998, currency: 'CNY', durationDays: 7, quotaPerPeriod: 10_000_000n, sortOrder: 10 },
  { name: 'SVIP Monthly', description: 'All SVIP models for 30 days.', priceMinor: 6990, currency: 'CNY', durationDays: 30, quotaPerPeriod: 50_000_000n, sortOrder: 20 },
];
