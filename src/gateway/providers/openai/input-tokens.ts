import type { ImageSize } from '../../../lib/image-size';

// How OpenAI counts an image part (https://platform.openai.com/docs/guides/images-vision,
// "Calculating costs", the tile rule): `low` detail is a flat 85 tokens; otherwise the image is
// fitted into 2048x2048, scaled so its shorter side is 768, and each 512-pixel tile costs 170
// on top of the 85. Scaling up small images counts the most tiles the rule can give them.
const BASE_TOKENS = 85;
const TILE_TOKENS = 170;

export function openAIImageTokens(size: ImageSize, detail: string | undefined): number {
  if (detail === 'low') return BASE_TOKENS;
  let { width, height } = size;
  const fit = Math.min(1, 2048 / Math.max(width, height));
  width *= fit;
  height *= fit;
  const shorter = 768 / Math.min(width, height);
  width *= shorter;
  height *= shorter;
  return BASE_TOKENS + TILE_TOKENS * Math.ceil(width / 512) * Math.ceil(height / 512);
}
