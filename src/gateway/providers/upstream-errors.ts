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

/**
 * Words a vendor's 404 uses for something the request itself named (an uploaded file, a cached
 * context, an earlier response, a container), never for the model or the endpoint. Plain
 * substrings: linear whatever the text.
 */
const REQUEST_CONTENT = /file|cache|container|previous_response|response with id|upload|batch/i;

/**
 * An upstream 404 counts against the channel (failover, breaker) only when it says something
 * about the channel: the model is missing there (a wrong mapping, a retired upstream name) or the
 * endpoint is (a wrong base URL: a bare "Not Found"). A 404 for content the request named is
 * the caller's answer, like a 400: otherwise a few requests naming an unknown file would open a
 * shared channel's breaker for everyone. `aboutModel` is the vendor's own marker for the model
 * (read first, so a caller cannot hide a missing model behind a file name); the words are the fallback.
 */
export function notFoundIsRequestContent(message: string, aboutModel: boolean): boolean {
  return !aboutModel && REQUEST_CONTENT.test(message);
}

/** The caller's 404: returned as it is, no failover, nothing counted against the channel. */
export function requestContentNotFound(info: UpstreamErrorInfo, type: string): UpstreamErrorInfo {
  return { ...info, status: 404, retryable: false, keyInvalid: false, callerFault: true, type };
}
