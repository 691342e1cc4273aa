import { createYoga, maskError, type YogaServerInstance } from 'graphql-yoga';
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import { GraphQLError, type GraphQLSchema } from 'graphql';
import { isDatabaseUnavailable } from '../lib/pg-errors';
import type { Services } from '../services';
import { bearerToken, resolveViewer, type GraphQLContext } from './context';
import { useOperationLog } from './use-operation-log';
import { useQueryLimits } from './use-query-limits';

type ServerContext = Record<string, unknown>;

const RETRY_AFTER_SECONDS = 2;

export function createGraphQLServer(services: Services, schema: GraphQLSchema): YogaServerInstance<ServerContext, GraphQLContext> {
  return createYoga<ServerContext, GraphQLContext>({
    schema,
    graphqlEndpoint: '/graphql',
    // Bundled GraphiQL (no CDN): the default loads from unpkg and shows a blank page offline.
    graphiql: { title: 'Model gateway · GraphQL' },
    renderGraphiQL,
    logging: false,
    plugins: [useQueryLimits(), useOperationLog(services.logger)],
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
    context: async ({ request }) => {
      const em = services.orm.em.fork();
      const authorization = request.headers.get('authorization');
      const viewer = await resolveViewer(em, authorization);
      const sessionRejected = viewer === null && bearerToken(authorization) !== null;
      return { em, viewer, sessionRejected, services, request } as GraphQLContext;
    },
  });
}
