import { malformedUpstream } from '../openai-shape';
import { openAIUrl } from '../openai/request';
import { encodeMultipart, type MultipartField } from '../openai-transcription/multipart';
import type { ImageRequest, ImageResult, ImageUsage } from '../media-request';
import type { UpstreamHttpRequest, UpstreamTarget } from '../types';

function headers(target: UpstreamTarget, contentType: string, accept: string): Record<string, string> {
  return { 'content-type': contentType, accept, ...(target.apiKey ? { authorization: `Bearer ${target.apiKey}` } : {}) };
}

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/**
 * The caller's request for an OpenAI-compatible channel: a generation's JSON body as it came
 * except `model` (unknown fields pass through, as on chat); an edit's form rebuilt with the same
 * fields, its images as `image[]` (what OpenAI takes for one or several) and its mask.
 */
export function buildOpenAIImageRequest(media: ImageRequest, raw: Record<string, unknown>, target: UpstreamTarget): UpstreamHttpRequest {
  const accept = media.stream ? 'text/event-stream' : 'application/json';
  if (media.operation === 'generate') {
    return { method: 'POST', url: openAIUrl(target.baseUrl, '/images/generations'), headers: headers(target, 'application/json', accept), body: JSON.stringify({ ...raw, model: target.upstreamModel }) };
  }
  const fields: MultipartField[] = [{ name: 'model', value: target.upstreamModel }];
  for (const [name, value] of Object.entries(raw)) if (name !== 'model' && typeof value === 'string') fields.push({ name, value });
  for (const [name, value] of media.extraFields) fields.push({ name, value });
  media.images.forEach((image, i) => fields.push({ name: 'image[]', filename: `image-${i}.${EXTENSIONS[image.contentType] ?? 'png'}`, contentType: image.contentType, data: image.data }));
  if (media.mask) fields.push({ name: 'mask', filename: `mask.${EXTENSIONS[media.mask.contentType] ?? 'png'}`, contentType: media.mask.contentType, data: media.mask.data });
  const form = encodeMultipart(fields);
  return { method: 'POST', url: openAIUrl(target.baseUrl, '/images/edits'), headers: headers(target, form.contentType, accept), body: form.body };
}

const count = (n: unknown): number => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);

/** gpt-image-1's `usage` (input split into text and image tokens); null when the upstream reports none (DALL-E). */
export function imageUsageOf(usage: unknown): ImageUsage | null {
  if (typeof usage !== 'object' || usage === null) return null;
  const u = usage as { input_tokens?: unknown; output_tokens?: unknown; input_tokens_details?: { text_tokens?: unknown; image_tokens?: unknown } };
  const input = count(u.input_tokens);
  const details = u.input_tokens_details;
  const imageInputTokens = Math.min(count(details?.image_tokens), input);
  const textInputTokens = details && details.text_tokens !== undefined ? Math.min(count(details.text_tokens), input - imageInputTokens) : input - imageInputTokens;
  return { textInputTokens, imageInputTokens, outputTokens: count(u.output_tokens) };
}

function sizeWord(value: unknown): string | undefined {
  return typeof value === 'string' && value !== 'auto' ? value : undefined;
}

/** OpenAI's images response (`data` a list), kept whole for the caller; what it is billed by beside it. */
export function parseOpenAIImageResponse(json: unknown): ImageResult {
  if (typeof json !== 'object' || json === null || !Array.isArray((json as { data?: unknown }).data)) throw malformedUpstream('images response');
  const payload = json as Record<string, unknown> & { data: unknown[] };
  const size = sizeWord(payload.size);
  const quality = sizeWord(payload.quality);
  return { payload, images: payload.data.length, ...(size ? { size } : {}), ...(quality ? { quality } : {}), usage: imageUsageOf(payload.usage) };
}

/** A streamed image's last event (`image_generation.completed`, `image_edit.completed`): one delivered image and its usage. */
export function completedImageOf(event: Record<string, unknown>): { size?: string; quality?: string; usage: ImageUsage | null } | null {
  if (typeof event.type !== 'string' || !event.type.endsWith('.completed')) return null;
  const size = sizeWord(event.size);
  const quality = sizeWord(event.quality);
  return { ...(size ? { size } : {}), ...(quality ? { quality } : {}), usage: imageUsageOf(event.usage) };
}
