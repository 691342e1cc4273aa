import type { UpstreamErrorInfo } from './types';

/**
 * The failover rules shared by every protocol; adapters add what their wire format says. Only a
 * 401 means the channel's key is refused (the channel is then taken out automatically): a 403
 * may be about what the caller asked for, so it is the caller's answer unless the vendor's own
 * error type says the key is invalid (the adapters check that).
 */
export function classifyByStatus(status: number, message: string, extra: Partial<UpstreamErrorInfo> = {}): UpstreamErrorInfo {
  const keyInvalid = status === 401;
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
