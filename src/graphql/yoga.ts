import { createYoga, maskError, type YogaServerInstance } from 'graphql-yoga';
import { GraphQLError, type GraphQLSchema } from 'graphql';
import type { IncomingMessage } from 'node:http';
import { isDatabaseUnavailable } from '../lib/pg-errors';
import type { Services } from '../services';
import { bearerToken, resolveViewer, type GraphQLContext } from './context';
import { useNoIntrospection } from './use-no-introspection';
import { useOperationLog } from './use-operation-log';
import { useQueryLimits } from './use-query-limits';

/** What Yoga's Node request listener passes along (stack notes G4 mounts it that way). */
type ServerContext = { req?: IncomingMessage };

const RETRY_AFTER_SECONDS = 2;

export function createGraphQLServer(services: Services, schema: GraphQLSchema): YogaServerInstance<ServerContext, GraphQLContext> {
  return createYoga<ServerContext, GraphQLContext>({
    schema,
    graphqlEndpoint: '/graphql',
    // Bundled GraphiQL (no CDN): the default loads from unpkg and shows a blank page offline.
    // GRAPHIQL=false (production) serves no page at all.
    graphiql: services.config.graphql.graphiql ? { title: 'Model gateway · GraphQL' } : false,
    // The bundled page is a 12 MB string: loaded only when GraphiQL is served (not in production).
    renderGraphiQL: services.config.graphql.graphiql
      ? (require('@graphql-yoga/render-graphiql') as typeof import('@graphql-yoga/render-graphiql')).renderGraphiQL
      : undefined,
    logging: false,
    // Sessions travel in the Authorization header, never cookies: no credentials mode, and only
    // listed origins get CORS headers at all (Yoga's default echoes any origin with credentials).
    cors: (request) => {
      const origin = request.headers.get('origin');
      if (!origin || !services.config.graphql.corsOrigins.includes(origin)) return false;
      return { origin: [origin], credentials: false, methods: ['GET', 'POST'], allowedHeaders: ['authorization', 'content-type'], maxAge: 600 };
    },
    plugins: [useQueryLimits(), useOperationLog(services.logger, services.tracing.tracer), ...(services.config.graphql.introspection ? [] : [useNoIntrospection()])],
    // Unexpected errors reach clients as "Unexpected error." (and our log); expected ones are typed
    // results. A database outage is expected and says so: SERVICE_UNAVAILABLE, HTTP 503, Retry-After
    // (logged once per outage by DatabaseHealth, not per request).
    maskedErrors: {
      maskError: (error, message, isDev) => {
        const original = error instanceof GraphQLError ? (error.originalError ?? error) : error;
        if (isDatabaseUnavailable(original)) {
          services.databaseHealth.noteFailure(original);
          return new GraphQLError('The service is temporarily unavailable. Please try again shortly.', {
            path: error instanceof GraphQLError ? error.path : undefined,
            extensions: { code: 'SERVICE_UNAVAILABLE', retryAfterSeconds: RETRY_AFTER_SECONDS, http: { status: 503, headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } } },
          });
        }
        const masked = maskError(error, message, isDev);
        if (masked !== error) services.logger.error('unexpected GraphQL error', { error: error as Error });
        return masked;
      },
    },
    context: async ({ request, req }) => {
      const em = services.orm.em.fork();
      const authorization = request.headers.get('authorization');
      const viewer = await resolveViewer(em, authorization);
      const sessionRejected = viewer === null && bearerToken(authorization) !== null;
      const clientAddress = (req && services.clientAddressOf(req)) || 'unknown';
      return { em, viewer, sessionRejected, services, request, clientAddress } as GraphQLContext;
    },
  });
}
