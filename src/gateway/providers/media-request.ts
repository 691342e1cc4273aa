// What the media surfaces (images, speech synthesis, moderation) hand the pipeline: the caller's
// request validated and in the gateway's words, plus the caller's own fields for channels that
// speak OpenAI's protocol (they get the request as it came, except `model`).

/** An uploaded image (edits): its bytes and the form field it came in. */
export interface UploadedImage {
  field: 'image' | 'mask';
  contentType: string;
  data: Buffer;
}

export interface ImageRequest {
  kind: 'image';
  operation: 'generate' | 'edit';
  prompt: string;
  n: number;
  /** As asked (`auto` or absent: the model chooses). */
  size?: string;
  quality?: string;
  responseFormat?: 'url' | 'b64_json';
  outputFormat?: 'png' | 'jpeg' | 'webp';
  stream: boolean;
  /** Partial images per image in a stream (0-3); each costs extra output tokens upstream. */
  partialImages: number;
  /** Edits: the images to edit, in order, and the optional mask. */
  images: UploadedImage[];
  mask?: UploadedImage;
  /** Edits: the caller's other text fields, passed on as they came (names checked to be plain). */
  extraFields: Array<[string, string]>;
}

export const SPEECH_FORMATS = ['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm'] as const;
export type SpeechFormat = (typeof SPEECH_FORMATS)[number];

export interface SynthesisRequest {
  kind: 'speech';
  input: string;
  /** Characters of `input` (code points), what character-priced models are billed by. */
  characters: number;
  voice: string;
  instructions?: string;
  format: SpeechFormat;
  speed?: number;
  streamFormat: 'audio' | 'sse';
}

export interface ModerationRequest {
  kind: 'moderation';
  /** How many inputs (strings or parts) the caller sent. */
  inputs: number;
}

export type MediaRequest = ImageRequest | SynthesisRequest | ModerationRequest;

// ---- What the upstreams answer, in the gateway's words ----

/** Token counts of a token-priced image model (gpt-image-1 `usage`, Gemini `usageMetadata`). */
export interface ImageUsage {
  textInputTokens: number;
  imageInputTokens: number;
  outputTokens: number;
}

/** An image answer: OpenAI's body as the caller gets it, and what it is billed by. */
export interface ImageResult {
  payload: Record<string, unknown>;
  images: number;
  /** What the upstream says it made (gpt-image-1 reports both); absent: as asked. */
  size?: string;
  quality?: string;
  usage: ImageUsage | null;
}

export interface SpeechUsage {
  inputTokens: number;
  outputTokens: number;
}
