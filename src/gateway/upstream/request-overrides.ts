import type { CompiledOverride } from '../../domain/channels/channel-overrides';
import { removeAtPointer, setAtPointer } from '../../lib/json-pointer';
import type { UpstreamHttpRequest } from '../providers/types';

/**
 * The request as the channel's overrides for `modelId` make it: headers set or removed (names
 * compared case-insensitively), JSON body fields set or removed by pointer. The body is parsed
 * only when a body rule applies to this model, so requests forwarded as bytes (same-protocol
 * pass-through) stay bytes on every channel without overrides for them; a body that is not JSON
 * (a multipart upload) keeps body rules from applying. Rules never name the auth headers (they
 * are refused on save and again on load), so the key the adapter set is what is sent.
 */
export function withOverrides(request: UpstreamHttpRequest, overrides: readonly CompiledOverride[], modelId: string): UpstreamHttpRequest {
  let headers: Record<string, string> | undefined;
  let body: Record<string, unknown> | unknown[] | null | undefined;
  for (const rule of overrides) {
    if (rule.models && !rule.models.has(modelId)) continue;
    if (rule.target === 'HEADER') {
      headers ??= { ...request.headers };
      for (const name of Object.keys(headers)) if (name.toLowerCase() === rule.header) delete headers[name];
      if (rule.op === 'SET') headers[rule.header] = rule.value as string;
      continue;
    }
    if (body === undefined) body = jsonBodyOf(request);
    if (body === null) continue;
    // A copy: a later rule may set a field inside this value, which must not change the rule.
    if (rule.op === 'SET') setAtPointer(body, rule.tokens, typeof rule.value === 'object' && rule.value !== null ? structuredClone(rule.value) : rule.value);
    else removeAtPointer(body, rule.tokens);
  }
  if (!headers && !body) return request;
  return { ...request, headers: headers ?? request.headers, body: body ? JSON.stringify(body) : request.body };
}

function jsonBodyOf(request: UpstreamHttpRequest): Record<string, unknown> | unknown[] | null {
  const type = Object.entries(request.headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? 'application/json';
  if (!type.includes('json')) return null;
  try {
    const text = typeof request.body === 'string' ? request.body : Buffer.from(request.body.buffer, request.body.byteOffset, request.body.byteLength).toString('utf8');
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown> | unknown[]) : null;
  } catch {
    return null;
  }
}
