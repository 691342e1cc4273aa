import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TraceSpan } from '../../lib/tracing';
import type { ChannelProtocol } from '../../db/entities';
import type { InputInventory } from '../pipeline/input-inventory';
import type { UsageCost } from '../pipeline/price-report';
import type { RerankRequest } from './rerank';
import type { MediaRequest } from '../providers/media-request';
import type { GatewayError } from '../gateway-error';
import type { SseEvent } from '../sse/sse-decoder';
import type {
  ChatCompletion, ChatCompletionChunk, ChatRequestBody, ResponseContext, StreamSplicer, TranscriptionOptions, TranscriptionResult, UpstreamHttpRequest, UpstreamTarget, Usage,
} from '../providers/types';

// A surface is one client-facing wire format (OpenAI chat completions, Anthropic Messages, OpenAI
// Responses, Gemini). It only translates: its codec turns the caller's request into the internal
// representation (the OpenAI chat shape, see providers/types.ts, which already carries tool calls
// with ids and indices, images, reasoning text, cache and reasoning token counts) and renders
// answers, stream events and errors in its own protocol. Admission, reservation, routing with
// failover, settlement and the usage-log row are the pipeline's (chat/surface-handler.ts), once for all.

/** Recorded in the usage log: which door the caller came through. */
export type SurfaceName =
  | 'chat.completions' | 'messages' | 'responses' | 'gemini' | 'embeddings' | 'completions' | 'audio.transcriptions' | 'audio.translations'
  | 'rerank' | 'realtime'
  | MediaSurfaceName;

/** The surfaces of the media products, each serving one catalogue type. */
export type MediaSurfaceName = 'images.generations' | 'images.edits' | 'audio.speech' | 'moderations';

/** What the router knows from the URL before the body is read (Gemini names model and mode in the path). */
export interface SurfaceRequestInfo {
  req: IncomingMessage;
  pathModel?: string;
  pathStream?: boolean;
  /** Gemini streams without `alt=sse` are one JSON array written piece by piece. */
  query: URLSearchParams;
  /** The request's trace span; undefined when tracing is off. */
  span?: TraceSpan;
}

/** How the audio surfaces answer (OpenAI's `response_format`). */
export type TranscriptFormat = 'json' | 'text' | 'srt' | 'verbose_json' | 'vtt';

/** An uploaded audio file and what the caller asked of its transcription (the multipart audio surfaces). */
export interface SpeechRequest {
  data: Buffer;
  /** The file's format name (wav, mp3...), from its name or its first bytes. */
  format: string;
  options: TranscriptionOptions;
  responseFormat: TranscriptFormat;
}

/** The limits a surface's own body reader applies. */
export interface BodyLimits {
  jsonBytes: number;
  audioFileBytes: number;
}

/** The caller's request in the internal shape, plus what same-protocol pass-through needs. */
export interface SurfaceRequest {
  body: ChatRequestBody;
  stream: boolean;
  /** The caller's own body, kept for channels that speak this surface's protocol. */
  raw: Record<string, unknown>;
  /**
   * What the internal shape cannot carry (`messages[0].content[2]: document blocks`): fine on
   * pass-through, a 400 naming it when the request must be translated for another protocol.
   */
  untranslatable?: string[];
  /**
   * How many completions the upstream writes for this request (OpenAI `n`, Gemini
   * `candidateCount`); the reservation covers the output cap this many times. Absent: one.
   */
  outputChoices?: number;
  /**
   * Everything in the caller's body besides text, by the caller's own paths: what the hold
   * measures (images, PDF pages, audio) and what it cannot (held at the context length).
   */
  inputs?: InputInventory;
  /** The caller asked for the charge in the final usage (OpenRouter's `usage: { include: true }`, or the x-gateway-usage-cost header). */
  includeCost?: boolean;
  /** The caller's own fallback models (OpenRouter's `models`), instead of the model's configured chain. */
  fallbackModels?: string[];
  /** An uploaded audio file for a speech-to-text model (chat surfaces carry audio in `body` instead). */
  speech?: SpeechRequest;
  /** A rerank request (`POST /v1/rerank`): the query and documents the rerank exchange sends. */
  rerank?: RerankRequest;
  /** An image, speech synthesis or moderation request (the media surfaces). */
  media?: MediaRequest;
}

/** An error as this surface's clients expect it. */
export interface RenderedError {
  status: number;
  body: unknown;
}

/**
 * Stateful, one per request: turns the internal chunk stream (or, on pass-through, the upstream's
 * own events) into this surface's stream. Nothing it returns for `finish`/`error` is written
 * before the charge is settled.
 */
export interface SurfaceStreamEncoder {
  /** Text for one internal chunk ('' to send nothing). */
  chunk(chunk: ChatCompletionChunk): string;
  /**
   * The upstream's end of stream: `usage` is what was billed, `heldTail` a pass-through's own
   * final events. `cost`: the settled charge, for a caller who asked for it (`includeCost`),
   * carried in the stream's final usage.
   */
  finish(usage: Usage | undefined, heldTail: string | undefined, cost?: UsageCost): string;
  /** The upstream failed after the caller got the first bytes. */
  error(err: GatewayError): string;
  /** Pass-through: frames one upstream event for the caller (Gemini: SSE or JSON-array element); as is when absent. */
  frame?(raw: string): string;
}

/** Same-protocol pass-through: the caller's request and the upstream's answer go through untouched except `model`. */
export interface PassthroughCodec {
  protocol: ChannelProtocol;
  buildRequest(request: SurfaceRequest, target: UpstreamTarget, info: SurfaceRequestInfo): UpstreamHttpRequest;
  /** The upstream's JSON answer as the caller gets it (only `model` rewritten). */
  rewriteJson(json: unknown, ctx: ResponseContext): unknown;
  /** One upstream event as the caller gets it; `final` marks the end marker, held back until settled. */
  rewriteEvent(event: SseEvent, ctx: ResponseContext): string;
  /**
   * The upstream event that carries the stream's final usage, when it comes before the end
   * marker (Anthropic's `message_delta`): held back with the end marker for a caller who asked
   * for the charge, so that the surface's `finish` can add it there.
   */
  carriesFinalUsage?(event: SseEvent): boolean;
}

/**
 * Same-protocol streaming at the byte level (chat completions on an OpenAI channel, Messages on an
 * Anthropic one, Gemini SSE on a Gemini one): the caller's request is built as usual (or passed
 * through), and the upstream's events reach it spliced, not decoded and encoded.
 */
export interface StreamSplice {
  protocol: ChannelProtocol;
  /** undefined: this request's stream cannot be spliced (the caller wants another framing); it is decoded instead. */
  create(request: SurfaceRequest, ctx: ResponseContext, info: SurfaceRequestInfo): StreamSplicer | undefined;
}

export interface Surface {
  readonly name: SurfaceName;
  /** Where this protocol's JSON answers carry their usage (Gemini: `usageMetadata`); absent: `usage`. */
  readonly usageKey?: string;
  /** The stream's content type and its keep-alive in this protocol's own form (null: none). */
  streamFormat(info: SurfaceRequestInfo): { contentType: string; keepAlive: string | null };
  readonly passthrough?: PassthroughCodec;
  readonly streamSplice?: StreamSplice;
  /** Reads the body into what `parse` validates (multipart for audio); absent: a JSON body. Throws a 4xx GatewayError. */
  readBody?(req: IncomingMessage, res: ServerResponse, limits: BodyLimits): Promise<unknown>;
  /** Validates the whole request (zod) and maps it; throws a 4xx GatewayError. */
  parse(json: unknown, info: SurfaceRequestInfo): SurfaceRequest;
  /** A transcription in this surface's own shape; absent: the chat completion whose message is the transcript. */
  renderTranscript?(transcript: TranscriptionResult, request: SurfaceRequest): { contentType: string; body: string };
  renderJson(completion: ChatCompletion, usage: Usage, ctx: ResponseContext, request: SurfaceRequest): unknown;
  streamEncoder(request: SurfaceRequest, ctx: ResponseContext, info: SurfaceRequestInfo): SurfaceStreamEncoder;
  renderError(err: GatewayError): RenderedError;
}
