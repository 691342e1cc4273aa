import { THINKING } from '../reasoning';
import type { ChatRequestBody, UpstreamHttpRequest, UpstreamTarget } from '../types';
import { trimTrailingSlashes } from '../../../lib/linear-text';

/** `{baseUrl}/chat/completions`, tolerant of a trailing slash in the configured base URL. */
export function openAIUrl(baseUrl: string, path: string): string {
  return `${trimTrailingSlashes(baseUrl)}${path}`;
}

/**
 * The caller's body goes upstream untouched except for the model name (the channel's own name
 * for it) and, on streams, `stream_options.include_usage` forced on: billing needs the
 * upstream's usage, and the gateway strips that chunk again when the caller did not ask for it.
 */
export function buildOpenAIChatRequest(body: ChatRequestBody, target: UpstreamTarget, options: { stream: boolean }): UpstreamHttpRequest {
  const upstreamBody: ChatRequestBody = { ...body, model: target.upstreamModel };
  // A translated wish to think (Anthropic `thinking`, Gemini `thinkingBudget`, Responses
  // `reasoning.effort`) is a ceiling on thinking: a model that does not think meets it by not
  // thinking, while the `reasoning_effort` it would become is refused by such models.
  const thinking = body[THINKING];
  if (thinking && target.reasons) upstreamBody.reasoning_effort = thinking.effort === 'minimal' ? 'low' : thinking.effort;
  if (options.stream) {
    upstreamBody.stream = true;
    upstreamBody.stream_options = { ...(body.stream_options ?? {}), include_usage: true };
  }
  const headers = openAIHeaders(target.apiKey, options.stream ? 'text/event-stream' : 'application/json');
  return { method: 'POST', url: openAIUrl(target.baseUrl, '/chat/completions'), headers, body: JSON.stringify(upstreamBody) };
}

/**
 * OpenAI bills a chat completion with `web_search_options` (its search models) one web-search
 * call per request, on top of the tokens, and its usage block does not say so: the request is
 * the report. https://platform.openai.com/docs/pricing (web search tool calls).
 */
export function webSearchesPerRequest(body: ChatRequestBody): number {
  return (body as { web_search_options?: unknown }).web_search_options != null ? 1 : 0;
}

/** A JSON request's headers; with a key only when the channel has one. */
export function openAIHeaders(apiKey: string, accept: string): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept };
  // Self-hosted OpenAI-compatible servers often run without a key.
  if (apiKey) headers.authorization = `Bearer ${apiKey}`;
  return headers;
}
