import { gatewayErrors } from '../gateway-error';
import type { ChatRequestBody } from '../providers/types';
import type { ImageRule, InputInventory } from './input-inventory';

// Rough but deliberately one-sided estimates. Reservations must not be too small (a request
// must not cost more than was held), so the prompt is counted at 3 UTF-8 bytes per token
// (real tokenisers average ~4 for English, fewer bytes per token only for rare scripts, which
// cost more bytes per character anyway) plus a per-message overhead. Charging without upstream
// usage (a cut stream) uses the fairer 4 bytes per token.
const RESERVE_BYTES_PER_TOKEN = 3;
const CHARGE_BYTES_PER_TOKEN = 4;
const PER_MESSAGE_TOKENS = 8;
/**
 * Only for the token-count endpoints, which see no inventory; holds count each image by the
 * vendors' rules (input-inventory.ts).
 */
const PER_IMAGE_TOKENS = 1_500;

interface PromptSize {
  textBytes: number;
  messages: number;
  images: number;
}

function measure(body: ChatRequestBody): PromptSize {
  let textBytes = 0;
  let images = 0;
  for (const m of body.messages) {
    const content = m.content;
    if (typeof content === 'string') textBytes += Buffer.byteLength(content);
    else if (Array.isArray(content)) {
      for (const part of content) {
        if (part.type === 'text' && typeof part.text === 'string') textBytes += Buffer.byteLength(part.text);
        else if (part.type === 'image_url') images++;
      }
    }
    if (m.tool_calls) textBytes += Buffer.byteLength(JSON.stringify(m.tool_calls));
    if (typeof m.name === 'string') textBytes += m.name.length;
  }
  // Tool definitions and response schemas are part of the prompt the model reads.
  if (body.tools) textBytes += Buffer.byteLength(JSON.stringify(body.tools));
  if (body.response_format && typeof body.response_format === 'object') textBytes += Buffer.byteLength(JSON.stringify(body.response_format));
  return { textBytes, messages: body.messages.length, images };
}

function tokens(size: PromptSize, bytesPerToken: number): number {
  return Math.ceil(size.textBytes / bytesPerToken) + size.messages * PER_MESSAGE_TOKENS + size.images * PER_IMAGE_TOKENS;
}

export interface PromptEstimate {
  /** Upper estimate, for the reservation. */
  reserve: number;
  /** Fair estimate, for charging when the upstream never reported usage. */
  charge: number;
}

/**
 * The prompt's tokens. With the request's `inputs`, its media are counted there (images by
 * `imageRule`, the rule of the vendor that will read them; PDF pages, audio) instead of at a flat
 * rate, and a part nothing can measure holds the model's whole context length of input: the
 * upstream may bill that much for it.
 */
export function estimatePrompt(body: ChatRequestBody, inputs?: InputInventory, contextLength = 0, imageRule: ImageRule = 'DEAREST'): PromptEstimate {
  const size = measure(body);
  if (!inputs) return { reserve: tokens(size, RESERVE_BYTES_PER_TOKEN), charge: tokens(size, CHARGE_BYTES_PER_TOKEN) };
  const text = { ...size, images: 0 };
  const media = inputs.mediaTokens + inputs.imageTokens(imageRule);
  const reserve = tokens(text, RESERVE_BYTES_PER_TOKEN) + media;
  return {
    reserve: inputs.unmeasured.length ? Math.max(reserve, contextLength) : reserve,
    charge: tokens(text, CHARGE_BYTES_PER_TOKEN) + media,
  };
}

/**
 * The caller's output cap, 0 when none. A request may carry both `max_tokens` and
 * `max_completion_tokens`, and it is forwarded as it came to OpenAI-compatible channels, some of
 * which read only the older `max_tokens`: the hold covers the larger, whichever the upstream reads.
 */
function askedOutputCap(body: ChatRequestBody): number {
  const caps = [body.max_completion_tokens, body.max_tokens].filter((n): n is number => typeof n === 'number' && n > 0);
  return caps.length ? Math.max(...caps) : 0;
}

/**
 * The most completion tokens the reservation must cover (issue 12.2): the caller's output cap,
 * else the model's, times every choice the upstream writes (`n`, `candidateCount`), because the
 * settle is capped at the hold and anything beyond it would be free output. A model with no
 * output cap in the catalogue falls back to its context length; with neither, the caller must
 * name a cap, as nothing else bounds what the upstream may write.
 */
export function completionAllowance(body: ChatRequestBody, model: { maxOutputTokens: number; contextLength: number }, choices: number): number {
  const asked = askedOutputCap(body);
  const perChoice = asked > 0 ? asked : model.maxOutputTokens > 0 ? model.maxOutputTokens : model.contextLength;
  if (!(perChoice > 0)) throw gatewayErrors.invalidRequest('This model has no output limit on record: set max_tokens.', 'max_tokens');
  return perChoice * Math.max(1, choices);
}

/**
 * Completion tokens delivered to a caller when the upstream never said: at least one per
 * content-bearing chunk (OpenAI-style streams send about one token per chunk) and at least
 * one per 4 bytes of delivered text, whichever is more.
 */
export function estimateDelivered(deliveredBytes: number, contentChunks: number): number {
  return Math.max(contentChunks, Math.ceil(deliveredBytes / CHARGE_BYTES_PER_TOKEN));
}
