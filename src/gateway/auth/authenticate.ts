import type { IncomingMessage } from 'node:http';
import type { KeyVerifier } from '../../domain/tokens/key-verifier';
import type { KeyRefusal, VerifiedKey } from '../../domain/tokens/key-verification.types';
import { gatewayErrors } from '../gateway-error';

// The message says why, never echoing the key (not even its prefix: it may be a pasted secret of another kind).
const REFUSALS: Record<KeyRefusal, string> = {
  NOT_FOUND: 'Incorrect API key provided. You can find your API keys in the console.',
  REVOKED: 'This API key has been revoked.',
  DISABLED: 'This API key is disabled.',
  EXPIRED: 'This API key has expired.',
  USER_DISABLED: 'The account this API key belongs to is disabled.',
};

/** `Authorization: Bearer sk-…` (scheme case-insensitive). */
export function bearerKey(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^\s*bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : undefined;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text ? text.trim() || undefined : undefined;
}

/**
 * The caller's key, wherever its client puts it: `Authorization: Bearer` (OpenAI, and Claude
 * Code with ANTHROPIC_AUTH_TOKEN), `x-api-key` (Anthropic SDKs), `x-goog-api-key` or `?key=`
 * (Gemini clients). Every surface accepts every form: the key is the same `sk-` key.
 */
export function presentedKey(req: IncomingMessage): string | undefined {
  const key = bearerKey(req) ?? header(req, 'x-api-key') ?? header(req, 'x-goog-api-key');
  if (key !== undefined) return key;
  const url = req.url ?? '';
  const q = url.indexOf('?');
  if (q === -1 || !url.includes('key=', q)) return undefined;
  return new URLSearchParams(url.slice(q + 1)).get('key') ?? undefined;
}

/**
 * The edge of key verification: a typed result from the verifier, turned into 401s here only.
 * Called once per request, by the per-key limits in front of every /v1 handler (rate-limit.ts),
 * which hand the key on to the handler.
 */
export async function authenticate(req: IncomingMessage, keys: KeyVerifier): Promise<VerifiedKey> {
  const key = presentedKey(req);
  if (key === undefined) {
    throw gatewayErrors.invalidApiKey('You did not provide an API key. Send it as `Authorization: Bearer sk-...` (or `x-api-key`, `x-goog-api-key`).');
  }
  if (!key.startsWith('sk-')) throw gatewayErrors.invalidApiKey('The API key is malformed: API keys start with `sk-`.');
  const verdict = await keys.verify(key);
  if (verdict.status !== 'VALID') throw gatewayErrors.invalidApiKey(REFUSALS[verdict.status]);
  return verdict.key;
}
