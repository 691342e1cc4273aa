import { classifyByStatus, notFoundIsRequestContent, requestContentNotFound } from '../upstream-errors';
import type { UpstreamErrorInfo } from '../types';
import { anthropicErrorBodySchema } from './wire';

// https://docs.anthropic.com/en/api/errors: the error `type` is more precise than the status
// (529 is "overloaded"; a mid-stream `error` event has no status at all).
const STATUS_BY_TYPE: Record<string, number> = {
  invalid_request_error: 400,
  authentication_error: 401,
  billing_error: 402,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  timeout_error: 504,
  overloaded_error: 529,
};

const RETRY_ELSEWHERE = { retryable: true, keyInvalid: false, callerFault: false } as const;
const KEY_REFUSED = { retryable: true, keyInvalid: true, callerFault: false } as const;
const CALLER_FAULT = { retryable: false, keyInvalid: false, callerFault: true } as const;

/** Classifies an Anthropic error by its `error.type`, falling back to the shared status rules. */
export function classifyAnthropicError(status: number, body: unknown): UpstreamErrorInfo {
  const parsed = anthropicErrorBodySchema.safeParse(body);
  if (!parsed.success) return classifyByStatus(status, `Anthropic upstream answered HTTP ${status}`);
  const { type, message } = parsed.data.error;
  return classifyAnthropicErrorType(type, message, status);
}

/** Also used for `event: error` inside a stream, where only the type is known. */
export function classifyAnthropicErrorType(type: string, message: string, status = STATUS_BY_TYPE[type] ?? 500): UpstreamErrorInfo {
  const base = classifyByStatus(status, message);
  switch (type) {
    case 'overloaded_error':
    case 'api_error':
    case 'timeout_error':
    case 'rate_limit_error':
      return { ...base, ...RETRY_ELSEWHERE, type: 'upstream_error' };
    // Anthropic names a missing model "model: <name>": this channel's mapping is wrong, another
    // channel may serve. A missing file (a file_id sent with the caller's own anthropic-beta
    // header) is the caller's answer; a bare "Not Found" (a wrong base URL) is the channel's.
    case 'not_found_error':
      if (notFoundIsRequestContent(message, /^model:/i.test(message))) return requestContentNotFound(base, 'not_found_error');
      return { ...base, ...RETRY_ELSEWHERE, type: 'upstream_error' };
    case 'authentication_error':
      return { ...base, ...KEY_REFUSED, type: 'upstream_error' };
    // The key works but this account cannot serve this request: another channel may. Neither
    // disables the channel (only a refused key does).
    case 'permission_error':
    case 'billing_error':
      return { ...base, ...RETRY_ELSEWHERE, type: 'upstream_error' };
    case 'invalid_request_error':
    case 'request_too_large':
      return { ...base, ...CALLER_FAULT, status: status >= 400 && status < 500 ? status : 400, type: 'invalid_request_error' };
    default:
      return base;
  }
}
