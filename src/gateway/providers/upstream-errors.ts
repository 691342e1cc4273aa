import type { UpstreamErrorInfo } from './types';

/** The failover rules shared by every protocol; adapters add what their wire format says. */
export function classifyByStatus(status: number, message: string, extra: Partial<UpstreamErrorInfo> = {}): UpstreamErrorInfo {
  const keyInvalid = status === 401 || status === 403;
  const retryable = keyInvalid || status === 408 || status === 409 || status === 429 || status >= 500;
  return {
    status,
    message,
    retryable,
    keyInvalid,
    callerFault: !retryable && status >= 400 && status < 500,
    type: status >= 500 ? 'upstream_error' : 'invalid_request_error',
    code: null,
    param: null,
    ...extra,
  };
}
