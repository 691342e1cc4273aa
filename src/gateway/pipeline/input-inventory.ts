import type { UnmeasuredInput } from '../../db/entities';
import type { ChannelProtocol } from '../../lib/channel-protocol';
import { imageSize, type ImageSize } from '../../lib/image-size';
import { parseDataUrl } from '../../lib/data-url';
import { anthropicImageTokens } from '../providers/anthropic/input-tokens';
import { geminiImageTokens } from '../providers/gemini/input-tokens';
import { openAIImageTokens } from '../providers/openai/input-tokens';

/** A part of the request the gateway cannot measure, by the caller's own path to it. */
export interface UnmeasuredPart {
  /** `messages[0].content[1]`, `tools[2]`, `cachedContent`. */
  param: string;
  kind: UnmeasuredInput;
  /** What it is, for the refusal: "an image by URL". */
  what: string;
}

/** Audio whose length is read from its container before the hold (async), then priced by `tokensPerSecond`. */
export interface PendingAudio {
  param: string;
  data: Buffer;
  mediaType: string;
  tokensPerSecond: number;
}

/**
 * Whose rule an image is counted by: the vendor that will read it (its protocol's), or the most
 * any of the three counts when the request may be served by channels of different protocols.
 */
export type ImageRule = ChannelProtocol | 'DEAREST';

function imageTokensBy(rule: ImageRule, size: ImageSize, detail: string | undefined): number {
  switch (rule) {
    case 'OPENAI':
      return openAIImageTokens(size, detail);
    case 'ANTHROPIC':
      return anthropicImageTokens(size);
    case 'GEMINI':
      return geminiImageTokens(size);
    default:
      return Math.max(openAIImageTokens(size, detail), anthropicImageTokens(size), geminiImageTokens(size));
  }
}

/** Uses held for a server tool that names no limit (Anthropic's `max_uses`), documented in README. */
export const DEFAULT_SERVER_TOOL_USES = 10;

/**
 * Every input of a request that is not plain text, as its surface found it in the caller's own
 * body (which same-protocol channels receive as it is): media measured by the vendors' rules,
 * parts nothing can measure (held at the model's context length, or refused by the model's
 * operator switch), and the server-tool uses the request allows.
 */
export class InputInventory {
  /** Tokens of measured media other than images (PDF pages, audio), on top of the text estimate. */
  mediaTokens = 0;
  /** Images whose size was read: counted by the rule of whoever serves (imageTokens), known only once the model is. */
  private readonly measuredImages: Array<{ size: ImageSize; detail: string | undefined }> = [];
  readonly unmeasured: UnmeasuredPart[] = [];
  readonly audio: PendingAudio[] = [];
  serverToolUses = 0;
  /** Images counted here; the text estimate must not count them again. */
  images = 0;

  cannotMeasure(param: string, kind: UnmeasuredInput, what: string): void {
    this.unmeasured.push({ param, kind, what });
  }

  /**
   * An image from its bytes, counted later by the rule of the vendor that reads it (see
   * imageTokens). One whose size cannot be read is an unknown medium, held at the context length.
   */
  imageBytes(param: string, data: Buffer, detail?: string): void {
    this.images++;
    const size = imageSize(data);
    if (!size) return this.cannotMeasure(param, 'UNKNOWN_MEDIA', 'an image whose size cannot be read');
    this.measuredImages.push({ size, detail });
  }

  /** The tokens of the measured images by `rule` (OpenAI's uses each image's `detail`). */
  imageTokens(rule: ImageRule): number {
    let tokens = 0;
    for (const image of this.measuredImages) tokens += imageTokensBy(rule, image.size, image.detail);
    return tokens;
  }

  /** An image by URL: a `data:` URL is measured, any other is fetched by the upstream, unseen here. */
  imageUrl(param: string, url: string, detail?: string): void {
    const data = parseDataUrl(url);
    if (!data) {
      this.images++;
      return this.cannotMeasure(param, 'URL', 'an image by URL');
    }
    this.imageBytes(param, Buffer.from(data.data, data.base64 ? 'base64' : 'utf8'), detail);
  }

  /** Inline text the surface found outside the internal body (a text document): 3 bytes a token, as the text estimate. */
  text(content: string): void {
    this.mediaTokens += Math.ceil(Buffer.byteLength(content) / 3);
  }

  serverTool(param: string, what: string, maxUses: unknown): void {
    this.cannotMeasure(param, 'SERVER_TOOL', what);
    this.serverToolUses += typeof maxUses === 'number' && Number.isInteger(maxUses) && maxUses > 0 ? maxUses : DEFAULT_SERVER_TOOL_USES;
  }
}
