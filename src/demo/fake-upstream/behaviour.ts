/** What the fake upstream should do with one request. Everything is optional; the default echoes. */
export interface UpstreamBehaviour {
  /** Answer with this HTTP status and `errorBody` instead of a completion. */
  status?: number;
  errorBody?: unknown;
  /** Extra response headers (e.g. `retry-after`). */
  headers?: Record<string, string>;
  /** Wait this long before sending anything. */
  delayMs?: number;
  /** Destroy the socket without answering. */
  dropConnection?: boolean;
  /** Streams: destroy the socket after this many content chunks. */
  cutAfterChunks?: number;
  /** Streams: pause between chunks. */
  chunkDelayMs?: number;
  /** Reply text; the default echoes the last user message as `echo: <text>`. */
  content?: string;
  /** Reply text is cut into these pieces (one per stream chunk) instead of word by word. */
  chunks?: string[];
  /** Reported usage; the default is derived from the request (see `defaultUsage`). */
  usage?: { prompt_tokens: number; completion_tokens: number };

  // Vendor wire formats (Anthropic, Gemini, transcription); the OpenAI route ignores these.
  /** Tool calls the model makes, arguments as JSON text; streamed in `argumentChunks` pieces when given. */
  toolCalls?: FakeToolCall[];
  /** The vendor's own finish reason (`max_tokens`, `SAFETY`...); default: its normal stop, or tool use. */
  finishReason?: string;
  /** Streams: after this many content chunks, send the vendor's mid-stream error and end the response. */
  midStreamError?: { afterChunks: number; type?: string; message?: string; code?: number };
  /**
   * Cached input tokens, part of `usage.prompt_tokens`, reported in the protocol's own fields
   * (OpenAI too: `prompt_tokens_details.cached_tokens`, reads only);
   * `write1h`: of `write`, the 1-hour writes (Anthropic then reports writes by duration too).
   */
  cacheTokens?: { read?: number; write?: number; write1h?: number };
  /**
   * Server-tool uses the vendor reports: Anthropic `usage.server_tool_use` (`web_search_requests`,
   * plus `web_fetch_requests` when `fetches` is given), Gemini `groundingMetadata.webSearchQueries`.
   */
  serverToolUses?: { searches: number; fetches?: number };
  /** Gemini: thinking tokens, part of `usage.completion_tokens` (thoughtsTokenCount). */
  reasoningTokens?: number;
  /** Gemini: the prompt is blocked (`promptFeedback.blockReason`, no candidates). */
  blockReason?: string;
  /** Transcription: the transcript; the default describes the upload. */
  transcript?: string;
  /** Transcription: the duration reported; the default is read from the uploaded audio. */
  audioDurationSeconds?: number;
  /** Model lists (OpenAI, Anthropic, Gemini): these ids; default one `fake-model`. */
  models?: string[];
  /** Realtime: the usage every `response.done` of the session reports (default: derived from what was said). */
  realtimeUsage?: Record<string, unknown>;
  /** Images: the `usage` object reported (null: none); default: gpt-image models report one, others none. */
  imageUsage?: unknown;
  /** Send exactly these bytes as the 200 body, one write each (e.g. a recorded stream; `headers` may set a JSON content type). */
  rawEvents?: Array<string | Uint8Array>;
}

export interface FakeToolCall {
  id?: string;
  name: string;
  arguments: string;
  argumentChunks?: string[];
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
  /** Parsed JSON body, or undefined when the body was not JSON. */
  body: unknown;
  /** True when the client went away before the response finished. */
  aborted: boolean;
}

export function splitWords(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [''];
}

/** Deterministic usage so tests can predict the bill: ~4 characters per prompt token, one token per piece. */
export function defaultUsage(promptChars: number, pieces: number): { prompt_tokens: number; completion_tokens: number } {
  return { prompt_tokens: Math.max(1, Math.ceil(promptChars / 4)), completion_tokens: pieces };
}
