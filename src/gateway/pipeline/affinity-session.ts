import { createHash, type Hash } from 'node:crypto';
import type { ChatMessage, ChatRequestBody } from '../providers/types';

/** What the session of a request is derived from. */
export interface AffinityInput {
  /** The caller's own body, as its surface received it. */
  raw: Record<string, unknown>;
  /** The same request in the internal shape (system prompt and messages, whatever the surface). */
  body: ChatRequestBody;
  userId: number;
  modelId: string;
}

/**
 * The session a request belongs to, for prompt-cache affinity: requests of one session go to the
 * same channel and key, where the vendor's prompt cache holds their common prefix. The caller's
 * own session names win, in this order: OpenAI's `prompt_cache_key` (Codex sends its conversation
 * id there), a Responses `conversation`, Anthropic's `metadata.user_id` (Claude Code sends one per
 * session), Gemini's `cachedContent`, OpenAI's `user`; otherwise a hash of the leading prompt (the
 * system prompt and the first user message, at most `prefixBytes` bytes of their text, read once),
 * which every later turn of a conversation repeats. Scoped by the gateway user and the model, so
 * two users' equal `user` strings or system prompts never share a session (nor pile every user
 * of one popular system prompt onto one key). Returned as a hash: no caller text is stored.
 * Undefined when the request carries no text to go by.
 */
export function affinitySessionOf(input: AffinityInput, prefixBytes: number): string | undefined {
  const hash = createHash('sha256').update(`${input.userId}\0${input.modelId}\0`);
  const named = namedSession(input.raw);
  if (named) {
    hash.update(`${named.source}\0`);
    boundedUpdate(hash, named.value, prefixBytes);
    return hash.digest('base64url');
  }
  hash.update('prefix\0');
  return hashLeadingPrompt(hash, input.body.messages, prefixBytes) ? hash.digest('base64url') : undefined;
}

function namedSession(raw: Record<string, unknown>): { source: string; value: string } | undefined {
  const text = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : undefined);
  const conversation = raw.conversation;
  const candidates: Array<[string, string | undefined]> = [
    ['prompt_cache_key', text(raw.prompt_cache_key)],
    ['conversation', text(conversation) ?? (isObject(conversation) ? text(conversation.id) : undefined)],
    ['metadata.user_id', isObject(raw.metadata) ? text(raw.metadata.user_id) : undefined],
    ['cachedContent', text(raw.cachedContent)],
    ['user', text(raw.user)],
  ];
  for (const [source, value] of candidates) if (value) return { source, value };
  return undefined;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

/** System and developer messages, then the first user message: what every turn of a conversation starts with. */
function hashLeadingPrompt(hash: Hash, messages: readonly ChatMessage[], prefixBytes: number): boolean {
  let left = prefixBytes;
  let any = false;
  for (const message of messages) {
    if (left <= 0) break;
    const leading = message.role === 'system' || message.role === 'developer';
    if (!leading && message.role !== 'user') break;
    const content = message.content;
    if (typeof content === 'string') {
      left -= boundedUpdate(hash, content, left);
      any ||= content.length > 0;
    } else if (Array.isArray(content)) {
      for (const part of content) {
        if (left <= 0) break;
        const piece = part.type === 'text' ? part.text : part.type === 'image_url' ? part.image_url.url : part.input_audio.data;
        left -= boundedUpdate(hash, piece, left);
        any ||= piece.length > 0;
      }
    }
    hash.update('\0');
    if (!leading) break;
  }
  return any;
}

/** Feeds at most `limit` bytes of `text` (its first characters) to the hash; returns the bytes fed. */
function boundedUpdate(hash: Hash, text: string, limit: number): number {
  // A character is at least one byte: slicing to `limit` characters first keeps the work bounded
  // by the limit, not by the text, whatever its length.
  let bytes = Buffer.from(text.length > limit ? text.slice(0, limit) : text, 'utf8');
  if (bytes.length > limit) bytes = bytes.subarray(0, limit);
  hash.update(bytes);
  return bytes.length;
}
