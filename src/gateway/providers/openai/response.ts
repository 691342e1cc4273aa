import type { ChatCompletion, ResponseContext, Usage } from '../types';
import { toUsage } from './usage';

export class MalformedUpstreamResponse extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedUpstreamResponse';
  }
}

function isCompletion(json: unknown): json is ChatCompletion {
  return typeof json === 'object' && json !== null && Array.isArray((json as { choices?: unknown }).choices);
}

/**
 * The upstream's completion with `model` rewritten to the catalogue id the caller asked for;
 * every other field (system_fingerprint, logprobs, service_tier, ...) is kept as sent.
 * A missing usage block yields zeros: the gateway then estimates instead of charging nothing.
 */
export function parseOpenAIChatResponse(json: unknown, ctx: ResponseContext): { completion: ChatCompletion; usage: Usage } {
  if (!isCompletion(json)) throw new MalformedUpstreamResponse('upstream answered without a choices array');
  const completion: ChatCompletion = { ...json, object: 'chat.completion', model: ctx.model };
  return { completion, usage: toUsage(json.usage) };
}
