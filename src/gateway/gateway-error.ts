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
  modelNotFound: (model: string) =>
    new GatewayError(404, 'model_not_found', `The model \`${model}\` does not exist or you do not have access to it.`, 'invalid_request_error', 'model'),
  groupForbidden: (message: string) => new GatewayError(403, 'group_forbidden', message, 'permission_error', 'model'),
  subscriptionRequired: (model: string) =>
    new GatewayError(403, 'subscription_required', `The model \`${model}\` needs an active subscription that unlocks its tier.`, 'permission_error', 'model'),
  modelNotAllowed: (model: string) =>
    new GatewayError(403, 'model_not_allowed', `This API key may not call the model \`${model}\`.`, 'permission_error', 'model'),
  ipNotAllowed: () => new GatewayError(403, 'ip_not_allowed', 'This API key may not be used from your IP address.', 'permission_error'),
  insufficientQuota: (message: string) => new GatewayError(402, 'insufficient_quota', message, 'insufficient_quota'),
  /** `retry-after-ms` too: OpenAI's SDKs prefer it to the whole seconds of `Retry-After`. */
  rateLimitExceeded: (limitPerMinute: number, retryAfterMs: number) =>
    new GatewayError(
      429,
      'rate_limit_exceeded',
      `Rate limit reached for requests: this API key may make ${limitPerMinute} requests per minute. Please try again in ${Math.ceil(retryAfterMs / 1000)}s.`,
      'rate_limit_error',
      null,
      { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))), 'retry-after-ms': String(retryAfterMs) },
    ),
  /**
   * Too many requests of this key (or of its owner) in progress. The OpenAI shape of a rate limit;
   * retry after a second: a slot frees when one of the caller's own requests ends.
   */
  concurrencyLimitExceeded: (scope: 'key' | 'user', limit: number) =>
    new GatewayError(
      429,
      'rate_limit_exceeded',
      `Concurrency limit reached: ${scope === 'key' ? 'this API key' : 'your account'} may have ${limit} request${limit === 1 ? '' : 's'} in progress at once. Wait for one to finish, then retry.`,
      'rate_limit_error',
      null,
      { 'retry-after': '1', 'retry-after-ms': '1000' },
    ),
  /**
   * A spend budget of the key or of its owner is used up for its window: retry once it resets
   * (`x-gateway-budget-reset`, an ISO-8601 instant; `retry-after` in seconds for SDKs).
   */
  budgetExceeded: (scope: 'KEY' | 'USER', resetsAt: Date, now: number = Date.now()) =>
    new GatewayError(
      429,
      'budget_exceeded',
      `${scope === 'KEY' ? 'This API key' : 'Your account'} has reached its spend budget for the current period; it resets at ${resetsAt.toISOString()}.`,
      'rate_limit_error',
      null,
      {
        'retry-after': String(Math.max(1, Math.ceil((resetsAt.getTime() - now) / 1000))),
        'x-gateway-budget-reset': resetsAt.toISOString(),
        'x-gateway-budget-scope': scope === 'KEY' ? 'key' : 'user',
      },
    ),
  noAvailableChannel: (model: string) =>
    new GatewayError(503, 'no_available_channel', `No upstream channel is available for the model \`${model}\` right now. Try again later.`, 'server_error'),
  /** The database is unreachable: nothing can be admitted or billed; OpenAI's SDKs retry a 503 after `retry-after`. */
  serviceUnavailable: (retryAfterSeconds = 2) =>
    new GatewayError(503, 'service_unavailable', 'The service is temporarily unavailable. Please try again shortly.', 'server_error', null, {
      'retry-after': String(retryAfterSeconds),
    }),
  /** SHUTDOWN_GRACE_MS ran out with the request still running (a stream is cut with this). */
  shuttingDown: () =>
    new GatewayError(503, 'server_shutting_down', 'The gateway is shutting down; the answer was cut short. Retry the request.', 'server_error', null, { 'retry-after': '1' }),
  /** Every gateway connection to the upstream host stayed busy for UPSTREAM_POOL_WAIT_MS: our capacity, not the upstream's fault. */
  gatewayBusy: () =>
    new GatewayError(503, 'gateway_busy', 'The gateway is at its connection limit for this model\'s upstream. Please try again shortly.', 'server_error', null, {
      'retry-after': '1',
    }),
  upstreamError: (message: string) => new GatewayError(502, 'upstream_error', message, 'upstream_error'),
  upstreamTimeout: (message: string) => new GatewayError(504, 'upstream_timeout', message, 'upstream_error'),
  methodNotAllowed: (method: string, path: string) =>
    new GatewayError(405, 'method_not_allowed', `Method ${method} is not allowed on ${path}.`, 'invalid_request_error'),
};
