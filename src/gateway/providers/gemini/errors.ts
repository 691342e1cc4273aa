import { classifyByStatus, notFoundIsRequestContent, requestContentNotFound } from '../upstream-errors';
import type { UpstreamErrorInfo } from '../types';
import { geminiErrorBodySchema, type GeminiError } from './wire';

const RETRY_ELSEWHERE = { retryable: true, keyInvalid: false, callerFault: false, type: 'upstream_error' } as const;
const KEY_REFUSED = { retryable: true, keyInvalid: true, callerFault: false, type: 'upstream_error' } as const;

/** google.rpc.ErrorInfo reasons that mean the channel's key (or its project) is refused. */
const KEY_REASONS = ['API_KEY_INVALID', 'API_KEY_SERVICE_BLOCKED', 'SERVICE_DISABLED', 'CONSUMER_SUSPENDED'];

/** Classifies a Gemini error (`{error:{code,message,status,details}}`, google.rpc.Status). */
export function classifyGeminiError(status: number, body: unknown): UpstreamErrorInfo {
  const parsed = geminiErrorBodySchema.safeParse(body);
  if (!parsed.success) return classifyByStatus(status, `Gemini upstream answered HTTP ${status}`);
  return classifyGeminiStatus(parsed.data.error, status);
}

export function classifyGeminiStatus(error: GeminiError, httpStatus = error.code ?? 500): UpstreamErrorInfo {
  const message = error.message ?? `Gemini upstream answered HTTP ${httpStatus}`;
  const base = classifyByStatus(httpStatus, message);
  switch (error.status) {
    case 'INVALID_ARGUMENT':
      // A bad key is a 400 INVALID_ARGUMENT with reason API_KEY_INVALID, not a 401.
      if (hasReason(error, 'API_KEY_INVALID')) return { ...base, ...KEY_REFUSED };
      return { ...base, retryable: false, keyInvalid: false, callerFault: true, type: 'invalid_request_error' };
    case 'UNAUTHENTICATED':
      return { ...base, ...KEY_REFUSED };
    case 'PERMISSION_DENIED':
      // Only a refusal of the key itself may take the channel out; a permission error about
      // what the request asked for (a file, a model) is the caller's to see, not the channel's.
      if (KEY_REASONS.some((reason) => hasReason(error, reason))) return { ...base, ...KEY_REFUSED };
      return { ...base, retryable: false, keyInvalid: false, callerFault: true, type: 'invalid_request_error' };
    // Gemini names a missing model "models/<name> is not found...": this channel's mapping is
    // wrong, another may serve. Missing cached content or a file the request named is the caller's.
    case 'NOT_FOUND':
      if (notFoundIsRequestContent(message, /^models\//.test(message))) return requestContentNotFound(base, 'not_found_error');
      return { ...base, ...RETRY_ELSEWHERE };
    // e.g. "User location is not supported", billing not enabled: this channel cannot serve, another may.
    case 'FAILED_PRECONDITION':
    case 'RESOURCE_EXHAUSTED':
    case 'UNAVAILABLE':
    case 'INTERNAL':
    case 'DEADLINE_EXCEEDED':
    case 'ABORTED':
      return { ...base, ...RETRY_ELSEWHERE };
    default:
      return base;
  }
}

function hasReason(error: GeminiError, reason: string): boolean {
  return (error.details ?? []).some((d) => d !== null && typeof d === 'object' && 'reason' in d && d.reason === reason);
}
