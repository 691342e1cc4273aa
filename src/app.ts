import express, { type Express } from 'express';
import { createOAuthRouter } from './auth/oauth-routes';
import { createExportRouter } from './exports/export-router';
import { createConsoleRouter } from './console-router';
import { createErrorHandler, createNotFoundHandler } from './gateway/error-handler';
import { createGatewayRouter, createGeminiRouter } from './gateway/gateway-router';
import { buildSchema } from './graphql/schema';
import { createGraphQLServer } from './graphql/yoga';
import { graphiqlPageHeaders, securityHeaders } from './lib/security-headers';
import { createOpsRouter } from './observability/ops-routes';
import { createPaymentRouter } from './payments/payment-routes';
import type { Services } from './services';

/** Wires the HTTP surface; never listens (tests and main.ts decide where). */
export function buildApp(services: Services): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(securityHeaders());

  // Every response is tracked (active streams, drain); during a drain it closes its connection.
  const { inFlight } = services;
  app.use((_req, res, next) => {
    inFlight.track(res);
    next();
  });
  // The data plane first: the router tries layers in order, and /v1 carries nearly all traffic.
  app.use('/v1', createGatewayRouter(services));
  app.use('/v1beta', createGeminiRouter(services));
  // /healthz, /readyz, /metrics
  app.use(createOpsRouter(services));
  // Before any body parser: payment notifications are verified over the raw bytes.
  app.use('/payments', createPaymentRouter(services));

  app.use('/export', createExportRouter(services));
  // Provider sign-in: the browser's round trip to an OAuth 2.0 / OpenID Connect provider.
  app.use('/auth/oauth', createOAuthRouter(services));

  const yoga = createGraphQLServer(services, buildSchema());
  if (services.config.graphql.graphiql) app.use(yoga.graphqlEndpoint, graphiqlPageHeaders());
  app.use(yoga.graphqlEndpoint, yoga.requestListener); // stack notes G4

  // After the API planes: the console (static SPA) answers the browser's GETs they did not.
  app.use(createConsoleRouter());

  app.use(createNotFoundHandler(services.logger));
  app.use(createErrorHandler(services.logger));
  return app;
}
