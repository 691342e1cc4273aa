import { openAIUrl } from '../openai/request';

// OpenAI's Realtime protocol (GA and beta): JSON events over a WebSocket. Only the events the
// gateway bills by are read here; every event is relayed as the peer sent it.

/** `response.done`'s usage block. */
export interface RealtimeUsageBlock {
  input_tokens?: number;
  output_tokens?: number;
  input_token_details?: {
    text_tokens?: number;
    audio_tokens?: number;
    cached_tokens?: number;
    cached_tokens_details?: { text_tokens?: number; audio_tokens?: number };
  };
  output_token_details?: { text_tokens?: number; audio_tokens?: number };
}

/** An event's `type` and the fields the gateway reads; null when the frame is not a JSON object with a type. */
export interface RealtimeEvent {
  type: string;
  [field: string]: unknown;
}

export function parseRealtimeEvent(text: string): RealtimeEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const type = (value as { type?: unknown }).type;
  return typeof type === 'string' ? (value as RealtimeEvent) : null;
}

const whole = (n: unknown): number => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);

/**
 * A response's usage as the gateway meters it: every input token (cached included) and output
 * token, with the uncached audio input and the audio output as their audio parts.
 */
export interface RealtimeMeteredUsage {
  promptTokens: number;
  completionTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  audioMs: number;
  audioPromptTokens: number;
  audioCompletionTokens: number;
}

export function realtimeUsageOf(usage: RealtimeUsageBlock | undefined): RealtimeMeteredUsage | null {
  if (!usage || typeof usage !== 'object') return null;
  const input = usage.input_token_details ?? {};
  const cachedAudio = whole(input.cached_tokens_details?.audio_tokens);
  return {
    promptTokens: whole(usage.input_tokens),
    completionTokens: whole(usage.output_tokens),
    cacheReadTokens: whole(input.cached_tokens),
    cacheWriteTokens: 0,
    audioMs: 0,
    audioPromptTokens: Math.max(0, whole(input.audio_tokens) - cachedAudio),
    audioCompletionTokens: whole(usage.output_token_details?.audio_tokens),
  };
}

/** The id of the response an event belongs to (`response.created` / `response.done`), if any. */
export function responseIdOf(event: RealtimeEvent): string | null {
  const response = event.response as { id?: unknown } | undefined;
  return typeof response?.id === 'string' ? response.id : null;
}

/**
 * An output-token cap as the protocol writes it: a number, or "inf" for the model's own; null
 * when the event does not set one. GA sessions call it `max_output_tokens`, beta ones
 * `max_response_output_tokens`.
 */
export function outputCapOf(config: unknown): number | 'inf' | null {
  if (typeof config !== 'object' || config === null) return null;
  const c = config as { max_output_tokens?: unknown; max_response_output_tokens?: unknown };
  const value = c.max_output_tokens ?? c.max_response_output_tokens;
  if (value === 'inf') return 'inf';
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : null;
}

/** The session config of `session.update` (sent) or `session.created` / `session.updated` (received). */
export function sessionOf(event: RealtimeEvent): unknown {
  return event.session;
}

/** Output events whose payload the caller received: text by its bytes, audio by its base64 length. */
export function deliveredOf(event: RealtimeEvent): { textBytes: number; audioBase64Chars: number } | null {
  const delta = event.delta;
  if (typeof delta !== 'string') return null;
  if (event.type === 'response.text.delta' || event.type === 'response.output_text.delta') return { textBytes: Buffer.byteLength(delta), audioBase64Chars: 0 };
  if (event.type === 'response.audio.delta' || event.type === 'response.output_audio.delta') return { textBytes: 0, audioBase64Chars: delta.length };
  return null;
}

/** An `error` event as the protocol sends it. */
export function realtimeErrorEvent(code: string, message: string, type = 'invalid_request_error'): string {
  return JSON.stringify({ type: 'error', event_id: `event_gw_${Date.now().toString(36)}`, error: { type, code, message, param: null, event_id: null } });
}

/** The upstream's WebSocket URL for a channel whose base URL is its OpenAI-compatible `/v1`. */
export function realtimeUpstreamUrl(baseUrl: string, upstreamModel: string): string {
  const url = new URL(openAIUrl(baseUrl, '/realtime'));
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('model', upstreamModel);
  return url.toString();
}

/** The key a browser sends as a subprotocol (`openai-insecure-api-key.sk-...`), which browsers cannot put in a header. */
const KEY_PROTOCOL_PREFIX = 'openai-insecure-api-key.';

export function subprotocolsOf(header: string | string[] | undefined): string[] {
  const text = Array.isArray(header) ? header.join(',') : header ?? '';
  return text.split(',').map((p) => p.trim()).filter(Boolean);
}

export function keyFromSubprotocols(protocols: readonly string[]): string | undefined {
  const found = protocols.find((p) => p.startsWith(KEY_PROTOCOL_PREFIX));
  return found ? found.slice(KEY_PROTOCOL_PREFIX.length) : undefined;
}

/** The subprotocol the gateway answers with: `realtime` when offered, never one that carries a key. */
export function chosenSubprotocol(protocols: readonly string[]): string | undefined {
  if (protocols.includes('realtime')) return 'realtime';
  return protocols.find((p) => !p.startsWith(KEY_PROTOCOL_PREFIX) && !p.startsWith('openai-'));
}
