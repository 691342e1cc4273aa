import { classifyByStatus, notFoundIsRequestContent, requestContentNotFound } from '../upstream-errors';
import type { UpstreamErrorInfo } from '../types';

interface OpenAIErrorBody {
  error?: { message?: unknown; type?: unknown; code?: unknown; param?: unknown } | string;
  message?: unknown;
}

function str(v: unknown): string | null {
  return typeof v === 'string' && v.length > 0 ? v : typeof v === 'number' ? String(v) : null;
}

const INVALID_KEY_CODES = new Set(['invalid_api_key', 'invalid_authentication', 'account_deactivated', 'authentication_error']);

/** Reads OpenAI's `{"error":{message,type,param,code}}` (and the bare-string variants some proxies send). */
export function classifyOpenAIError(status: number, body: unknown): UpstreamErrorInfo {
  const b = (typeof body === 'object' && body !== null ? body : {}) as OpenAIErrorBody;
  const e = typeof b.error === 'object' && b.error !== null ? b.error : undefined;
  const message = str(e?.message) ?? str(b.error) ?? str(b.message) ?? `upstream answered HTTP ${status}`;
  const info = classifyByStatus(status, message);
  const extra: Partial<UpstreamErrorInfo> = {};
  const type = str(e?.type);
  if (type) extra.type = type;
  extra.code = str(e?.code);
  extra.param = str(e?.param);
  // A 404 for a model the catalogue lists means this channel does not really serve it
  // (wrong mapping, retired upstream name): another channel may, so it is not the caller's fault.
  // OpenAI marks that one (code model_not_found, param model); a 404 naming another parameter
  // (previous_response_id, a file) or such content is the caller's answer.
  if (status === 404) {
    const aboutModel = extra.code === 'model_not_found' || extra.param === 'model';
    const namesParam = extra.param !== null && extra.param !== undefined;
    if (!aboutModel && (namesParam || notFoundIsRequestContent(message, false))) return requestContentNotFound({ ...info, ...extra }, type ?? 'invalid_request_error');
    Object.assign(extra, { retryable: true, callerFault: false });
  }
  // OpenAI-compatible vendors name a refused key by code/type; only then does a 403 mean the key.
  if (status === 403 && INVALID_KEY_CODES.has(extra.code ?? '') || status === 403 && INVALID_KEY_CODES.has(type ?? '')) {
    Object.assign(extra, { retryable: true, keyInvalid: true, callerFault: false });
  }
  return { ...info, ...extra };
}
