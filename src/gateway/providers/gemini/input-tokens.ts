import type { ImageSize } from '../../../lib/image-size';

// How Gemini counts media (https://ai.google.dev/gemini-api/docs/tokens, "Multimodal tokens"):
// an image with both sides at most 384 pixels is 258 tokens, a larger one is cut into 768x768
// tiles of 258 tokens each; audio is 32 tokens per second; a PDF page is an image, 258 tokens.
const TILE_TOKENS = 258;
const SMALL_EDGE = 384;
const TILE_EDGE = 768;
export const GEMINI_AUDIO_TOKENS_PER_SECOND = 32;
export const GEMINI_PDF_PAGE_TOKENS = 258;

export function geminiImageTokens(size: ImageSize): number {
  if (size.width <= SMALL_EDGE && size.height <= SMALL_EDGE) return TILE_TOKENS;
  return TILE_TOKENS * Math.ceil(size.width / TILE_EDGE) * Math.ceil(size.height / TILE_EDGE);
}
