import type { ChannelProtocol } from '../../lib/channel-protocol';
import type { ChunkMeasure } from './chunk-measure';
import type { SseEvent } from '../sse/sse-decoder';
import type { CarriedReasoning, REASONING, THINKING, ThinkingRequest } from './reasoning';

// The contract between the gateway and the vendor adapters. Adapters are pure: they build
// upstream requests and map upstream answers; the gateway does HTTP, SSE decoding, billing.

export type ContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string; detail?: string } }
  | { type: 'input_audio'; input_audio: { data: string; format: string } };

export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface ChatMessage {
  role: 'system' | 'developer' | 'user' | 'assistant' | 'tool';
  content: string | ContentPart[] | null;
  name?: string;
  tool_calls?: ToolCall[];
  tool_call_id?: string;
  /** An earlier turn's thinking, set by translating surfaces (see reasoning.ts); never serialised. */
  [REASONING]?: CarriedReasoning;
}

/** Chat-completions callers may send newer OpenAI tool types too; they only reach OpenAI channels. */
export interface ToolDefinition {
  type: 'function';
  function: { name: string; description?: string; parameters?: Record<string, unknown>; strict?: boolean };
}

/** The caller's body after validation. Unknown fields are kept: OpenAI channels pass them through. */
export interface ChatRequestBody {
  model: string;
  messages: ChatMessage[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean } | null;
  max_tokens?: number | null;
  max_completion_tokens?: number | null;
  /** Choices to generate: each one is output the reservation must cover (see chat/output-allowance.ts). */
  n?: number | null;
  temperature?: number | null;
  top_p?: number | null;
  stop?: string | string[] | null;
  tools?: ToolDefinition[];
  /** Other object types (`allowed_tools`, `custom`) only reach OpenAI channels (see refuseUncarried). */
  tool_choice?: 'none' | 'auto' | 'required' | { type: 'function'; function: { name: string } };
  response_format?: unknown;
  /** The caller's wish to think, set by translating surfaces (see reasoning.ts); never serialised. */
  [THINKING]?: ThinkingRequest;
  [field: string]: unknown;
}

/** Where and as what to call: resolved by routing from the channel and the catalogue. */
export interface UpstreamTarget {
  baseUrl: string;
  apiKey: string;
  /** The channel's name for the model (its mapping), else the catalogue id. */
  upstreamModel: string;
  /** The catalogue's output cap, for protocols that require max_tokens. */
  maxOutputTokens: number;
  /**
   * The catalogue types the model REASONING. OpenAI-compatible servers refuse `reasoning_effort`
   * for models that do not think, so a translated wish to think only reaches those that do.
   */
  reasons?: boolean;
}

export interface UpstreamHttpRequest {
  method: 'POST' | 'GET';
  url: string;
  headers: Record<string, string>;
  body: string | Uint8Array;
}

/**
 * Token counts in OpenAI's sense: `promptTokens` counts every input token, including the
 * cache reads and writes that are also reported separately so they can be priced apart.
 */
export interface Usage {
  promptTokens: number;
  completionTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  /** Of `cacheWriteTokens`, the 1-hour writes (priced above 5-minute ones); absent: none. */
  cacheWrite1hTokens?: number;
  /** Thinking tokens, part of `completionTokens` (reported back to Responses and Gemini callers; billed as output). */
  reasoningTokens?: number;
  /**
   * Server-tool uses the upstream ran and bills per use (Anthropic's web searches and fetches,
   * Gemini's grounded searches, OpenAI's search per request); absent: none.
   */
  serverToolUses?: number;
}

export interface ChatCompletionChoice {
  index: number;
  message: {
    role: 'assistant';
    content: string | null;
    tool_calls?: ToolCall[];
    refusal?: string | null;
    /** Thinking text, its signature and redacted blocks (see reasoning.ts). */
    reasoning_content?: string;
    reasoning_signature?: string;
    redacted_reasoning?: string[];
  };
  finish_reason: 'stop' | 'length' | 'tool_calls' | 'content_filter' | null;
  logprobs?: unknown;
}

export interface OpenAIUsageBlock {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_details?: { cached_tokens?: number };
  [field: string]: unknown;
}

export interface ChatCompletion {
  id: string;
  object: 'chat.completion';
  created: number;
  model: string;
  choices: ChatCompletionChoice[];
  usage?: OpenAIUsageBlock;
  [field: string]: unknown;
}

export interface ChunkDelta {
  role?: 'assistant';
  content?: string | null;
  tool_calls?: Array<{ index: number; id?: string; type?: 'function'; function?: { name?: string; arguments?: string } }>;
  refusal?: string | null;
  /** Thinking: text, the current block's signature (replaces, not appended), one redacted block (see reasoning.ts). */
  reasoning_content?: string;
  reasoning_signature?: string;
  redacted_reasoning?: string;
  [field: string]: unknown;
}

export interface ChatCompletionChunk {
  id: string;
  object: 'chat.completion.chunk';
  created: number;
  model: string;
  choices: Array<{ index: number; delta: ChunkDelta; finish_reason: ChatCompletionChoice['finish_reason']; logprobs?: unknown }>;
  /** Present on the final usage chunk only (then `choices` is empty). */
  usage?: OpenAIUsageBlock | null;
  [field: string]: unknown;
}

/** What the gateway tells a mapper about the response it is producing. */
export interface ResponseContext {
  /** The catalogue id the caller asked for: responses carry it, never the upstream name. */
  model: string;
  requestId: string;
  /** Unix seconds. */
  created: number;
}

/** How an upstream failure should be treated. */
export interface UpstreamErrorInfo {
  status: number;
  message: string;
  /** Try another channel (connect errors, timeouts, 429, 5xx, overloaded). */
  retryable: boolean;
  /** The upstream refused the channel's key: disable the channel automatically. */
  keyInvalid: boolean;
  /** The caller's request is at fault: return this error as it is, do not fail over. */
  callerFault: boolean;
  type: string;
  code: string | null;
  param: string | null;
}

export interface StreamOutput {
  /** OpenAI chunks to send, in order (a usage-only chunk has `choices: []` and `usage`). */
  chunks: ChatCompletionChunk[];
  /** Set once the upstream has reported usage. */
  usage?: Usage;
  /** The upstream signalled the end of the stream (e.g. `[DONE]`, `message_stop`). */
  done?: boolean;
  /** The upstream sent an error event mid-stream. */
  error?: UpstreamErrorInfo;
  /** Same-protocol pass-through: the upstream's event as the caller gets it; `chunks` then only measure it. */
  raw?: string;
  /** Pass-through: `raw` carries the final usage and waits with the end marker until the charge is settled. */
  holdRaw?: boolean;
}

/** Stateful: one per upstream stream. */
export interface StreamMapper {
  push(event: SseEvent): StreamOutput;
  /** The upstream connection ended; flush whatever is pending. */
  end(): StreamOutput;
}

/** One upstream event of a byte-level pass-through, as the caller gets it and as the relay counts it. */
export interface SplicedEvent {
  /** The bytes the caller gets for it (the upstream's own, spliced where they must change); none: nothing to send. */
  bytes: Buffer | undefined;
  measure: ChunkMeasure;
  usage?: Usage;
  /** The end marker: `bytes` are the upstream's own, held back until the charge is settled. */
  done?: boolean;
  error?: UpstreamErrorInfo;
}

/**
 * Same-protocol streaming without decoding each event into chunks and encoding it again: the
 * upstream's event bytes go to the caller with only what must change spliced (the model name,
 * a usage report the caller did not ask for). Stateful, one per upstream stream.
 */
export interface StreamSplicer {
  /** One whole SSE event (its lines and the blank line ending it, as the upstream sent them). */
  splice(block: Buffer): SplicedEvent;
  /** The upstream's body ended without its end marker: what the protocol says then (Gemini has no end marker). */
  end?(): SplicedEvent;
}

export interface ChatProvider {
  readonly protocol: ChannelProtocol;
  /** For streams the request always asks the upstream for usage. */
  buildChatRequest(body: ChatRequestBody, target: UpstreamTarget, options: { stream: boolean }): UpstreamHttpRequest;
  parseChatResponse(json: unknown, ctx: ResponseContext): { completion: ChatCompletion; usage: Usage };
  createStreamMapper(ctx: ResponseContext): StreamMapper;
  classifyError(status: number, body: unknown): UpstreamErrorInfo;
  /**
   * Server-tool uses the vendor bills for this body whatever its answer reports (OpenAI's search
   * models: one web search per chat completion that carries `web_search_options`); absent: none.
   */
  serverToolUsesPerRequest?(body: ChatRequestBody): number;
}

export interface TranscriptionResult {
  text: string;
  durationMs: number | null;
  tokens?: { input: number; output: number };
  /** Timed segments (verbose answers), for subtitles. */
  segments?: Array<{ start: number; end: number; text: string }>;
  /** The upstream's JSON answer as it came, for callers that asked for the verbose shape. */
  raw?: Record<string, unknown>;
}

/** What a caller may ask of a transcription besides the audio (OpenAI's multipart fields). */
export interface TranscriptionOptions {
  /** `translate`: into English (OpenAI's /audio/translations). */
  task?: 'transcribe' | 'translate';
  language?: string;
  prompt?: string;
  temperature?: number;
  timestampGranularities?: Array<'word' | 'segment'>;
  /** Other text fields the caller sent, passed on as they came (names already checked). */
  extraFields?: Array<[name: string, value: string]>;
}

export interface TranscriptionProvider {
  readonly protocol: ChannelProtocol;
  buildTranscriptionRequest(
    audio: { data: Uint8Array; format: string },
    target: UpstreamTarget,
    options: TranscriptionOptions,
  ): UpstreamHttpRequest;
  /**
   * `durationMs` null when the upstream does not say (the gateway then reads the audio header);
   * `tokens` only when the upstream counts tokens (GPT-4o transcribe models do).
   */
  parseTranscriptionResponse(json: unknown): TranscriptionResult;
  classifyError(status: number, body: unknown): UpstreamErrorInfo;
}

/** An embeddings answer as the caller gets it, and the input tokens it is billed for. */
export interface EmbeddingsAnswer {
  payload: Record<string, unknown>;
  /** The upstream's count of input tokens; 0 when it reported none. */
  promptTokens: number;
}

export interface EmbeddingsProvider {
  readonly protocol: ChannelProtocol;
  /** The caller's body (already validated) for this channel's upstream. */
  buildEmbeddingsRequest(body: Readonly<Record<string, unknown>>, target: UpstreamTarget): UpstreamHttpRequest;
  /** The upstream's answer named for `model` (the catalogue id); throws when it is malformed. */
  parseEmbeddingsResponse(json: unknown, model: string): EmbeddingsAnswer;
  classifyError(status: number, body: unknown): UpstreamErrorInfo;
}
