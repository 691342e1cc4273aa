import { gatewayErrors } from '../../gateway-error';
import { geminiModelUrl } from '../gemini/request';
import type { ImageRequest, ImageResult } from '../media-request';
import { malformedUpstream } from '../openai-shape';
import type { UpstreamHttpRequest, UpstreamTarget } from '../types';
import { geminiMediaUsage, inlineParts, type GeminiMediaResponse } from './usage';

/** The aspect ratios Gemini image models make (`imageConfig.aspectRatio`). */
const ASPECT_RATIOS = ['1:1', '2:3', '3:2', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9', '21:9'];

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** OpenAI's `size` as Gemini's aspect ratio: `1024x1536` is 2:3. A ratio Gemini does not make is a 400 naming `size`. */
function aspectRatioOf(size: string | undefined): string | undefined {
  if (size === undefined || size === 'auto') return undefined;
  const [w, h] = size.split('x').map(Number) as [number, number];
  const g = gcd(w, h);
  const ratio = `${w / g}:${h / g}`;
  if (!ASPECT_RATIOS.includes(ratio)) {
    throw gatewayErrors.invalidRequest(`Invalid value for 'size': a Gemini image model makes the aspect ratios ${ASPECT_RATIOS.join(', ')} (${size} is ${ratio}).`, 'size');
  }
  return ratio;
}

/**
 * OpenAI's image request as Gemini's `generateContent` with image output: the prompt and any
 * images to edit as the user's parts, `n` as `candidateCount`, `size` as the aspect ratio.
 * Gemini takes no mask: an edit with one is a 400 naming `mask` (it cannot be expressed).
 */
export function buildGeminiImageRequest(media: ImageRequest, target: UpstreamTarget): UpstreamHttpRequest {
  if (media.mask) throw gatewayErrors.invalidRequest('Invalid value for \'mask\': a Gemini image model edits by the prompt and takes no mask.', 'mask');
  const aspectRatio = aspectRatioOf(media.size);
  const parts = [{ text: media.prompt }, ...media.images.map((image) => ({ inlineData: { mimeType: image.contentType, data: image.data.toString('base64') } }))];
  const body = {
    contents: [{ role: 'user', parts }],
    generationConfig: { responseModalities: ['IMAGE'], ...(media.n > 1 ? { candidateCount: media.n } : {}), ...(aspectRatio ? { imageConfig: { aspectRatio } } : {}) },
  };
  return {
    method: 'POST',
    url: geminiModelUrl(target.baseUrl, target.upstreamModel, false),
    headers: { 'content-type': 'application/json', 'x-goog-api-key': target.apiKey },
    body: JSON.stringify(body),
  };
}

/**
 * Gemini's answer in OpenAI's images shape: each inline image as `b64_json`, or as a `data:` URL
 * in `url` when the caller asked for URLs (the gateway keeps no files to link to). Usage in
 * gpt-image-1's words, from `usageMetadata`.
 */
export function parseGeminiImageResponse(json: unknown, media: ImageRequest): ImageResult {
  if (typeof json !== 'object' || json === null) throw malformedUpstream('generateContent response');
  const response = json as GeminiMediaResponse;
  const images = inlineParts(response).filter((p) => p.mimeType.startsWith('image/'));
  if (!images.length) {
    const reason = response.promptFeedback?.blockReason ?? response.candidates?.[0]?.finishReason ?? 'no image in the answer';
    throw gatewayErrors.invalidRequest(`The model made no image (${reason}).`, 'prompt');
  }
  const data = images.map((image) => (media.responseFormat === 'url' ? { url: `data:${image.mimeType};base64,${image.data}` } : { b64_json: image.data }));
  const usage = geminiMediaUsage(response.usageMetadata);
  const payload: Record<string, unknown> = {
    created: Math.floor(Date.now() / 1000),
    data,
    ...(usage ? { usage: { input_tokens: usage.textInputTokens + usage.imageInputTokens, input_tokens_details: { text_tokens: usage.textInputTokens, image_tokens: usage.imageInputTokens }, output_tokens: usage.outputTokens, total_tokens: usage.textInputTokens + usage.imageInputTokens + usage.outputTokens } } : {}),
  };
  return { payload, images: images.length, usage };
}
