import type { ImageSize } from '../../../lib/image-size';

// How Anthropic counts an image (https://docs.anthropic.com/en/docs/build-with-claude/vision):
// about width x height / 750 tokens, after an image whose long edge is over 1568 pixels is scaled
// down to it; Anthropic's own table tops out near 1,600 tokens, which the scaling keeps to.
const MAX_EDGE = 1568;
const PIXELS_PER_TOKEN = 750;
const MAX_IMAGE_TOKENS = 1_600;

export function anthropicImageTokens(size: ImageSize): number {
  const scale = Math.min(1, MAX_EDGE / Math.max(size.width, size.height));
  return Math.min(MAX_IMAGE_TOKENS, Math.ceil((size.width * scale * size.height * scale) / PIXELS_PER_TOKEN));
}
