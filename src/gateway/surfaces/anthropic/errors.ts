import type { GatewayError } from '../../gateway-error';
import type { RenderedError } from '../surface';

/**
 * Gateway errors in Anthropic's shape and status codes (https://docs.anthropic.com/en/api/errors):
 * `{"type":"error","error":{"type","message"}}`. Anthropic's SDKs and Claude Code branch on the
 * status: 529 (overloaded) is retried with back-off, so "no channel available right now" (503)
 * answers 529; an unpaid balance (402) is Anthropic's `billing_error`.
 */
const TYPE_BY_STATUS: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  402: 'billing_error',
  403: 'permission_error',
  404: 'not_found_error',
  405: 'invalid_request_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  502: 'api_error',
  504: 'timeout_error',
  529: 'overloaded_error',
};

export function anthropicErrorBody(err: GatewayError): RenderedError {
  const status = err.status === 503 ? 529 : err.status;
  const type = TYPE_BY_STATUS[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
  return { status, body: { type: 'error', error: { type, message: err.message } } };
}
