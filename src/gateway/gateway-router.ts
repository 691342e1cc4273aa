import express, { type Router } from 'express';
import type { Services } from '../services';
import { gatewayErrors } from './gateway-error';

/** `/v1`: the OpenAI-compatible data plane. */
export function createGatewayRouter(_services: Services): Router {
  const router = express.Router();
  router.use((req, _res, next) => {
    const header = req.headers.authorization;
    if (!header) return next(gatewayErrors.invalidApiKey('You did not provide an API key. Send it as `Authorization: Bearer sk-...`.'));
    return next(gatewayErrors.invalidApiKey('Incorrect API key provided.'));
  });
  return router;
}
