import type { ErrorRequestHandler } from 'express';
import type { Logger } from '../lib/logger';
import { GatewayError, gatewayErrors } from './gateway-error';

interface BodyParserError extends Error {
  type?: string;
  status?: number;
  limit?: number;
}

function toGatewayError(err: unknown): GatewayError | undefined {
  if (err instanceof GatewayError) return err;
  const e = err as BodyParserError;
  if (e?.type === 'entity.too.large') return gatewayErrors.requestTooLarge(e.limit ?? 0);
  if (e?.type === 'entity.parse.failed') return gatewayErrors.invalidRequest('We could not parse the JSON body of your request.');
  return undefined;
}

/** The only place the data plane turns an error into an HTTP response. */
export function createErrorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    let error = toGatewayError(err);
    if (!error) {
      logger.error('unhandled data-plane error', { error: err as Error, path: req.path });
      error = gatewayErrors.internal();
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.status(error.status).set(error.headers).json(error.toBody());
  };
}
