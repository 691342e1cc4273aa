/** OpenAI's error `type` values that clients branch on. */
export type OpenAIErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'permission_error'
  | 'not_found_error'
  | 'insufficient_quota'
  | 'rate_limit_error'
  | 'server_error'
  | 'upstream_error';

/**
 * An expected failure of the data plane: rendered as `{"error":{message,type,param,code}}`
 * with its status by the one error handler. Handlers throw these; nothing else renders errors.
 */
export class GatewayError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly type: OpenAIErrorType,
    readonly param: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'GatewayError';
  }

  toBody(): { error: { message: string; type: string; param: string | null; code: string } } {
    return { error: { message: this.message, type: this.type, param: this.param, code: this.code } };
  }
}

export const gatewayErrors = {
  invalidApiKey: (message: string) => new GatewayError(401, 'invalid_api_key', message, 'authentication_error'),
  invalidRequest: (message: string, param: string | null = null, code = 'invalid_request_error') =>
    new GatewayError(400, code, message, 'invalid_request_error', param),
  requestTooLarge: (limit: number) =>
    new GatewayError(413, 'request_too_large', `Request body exceeds the limit of ${limit} bytes.`, 'invalid_request_error'),
  notFound: (message: string) => new GatewayError(404, 'not_found', message, 'invalid_request_error'),
  internal: () => new GatewayError(500, 'internal_error', 'The gateway failed to process the request.', 'server_error'),
};
