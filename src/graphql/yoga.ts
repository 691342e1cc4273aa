import { createYoga, maskError, type YogaServerInstance } from 'graphql-yoga';
import type { GraphQLSchema } from 'graphql';
import type { IncomingMessage } from 'node:http';
import type { Services } from '../services';
import { resolveViewer, type GraphQLContext } from './context';
import { useNoIntrospection } from './use-no-introspection';
import { useQueryLimits } from './use-query-limits';

/** What Yoga's Node request listener passes along (stack notes G4 mounts it that way). */
type ServerContext = { req?: IncomingMessage };

export function createGraphQLServer(services: Services, schema: GraphQLSchema): YogaServerInstance<ServerContext, GraphQLContext> {
  return createYoga<ServerContext, GraphQLContext>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: services.config.graphql.graphiql,
    logging: false,
    // Sessions travel in the Authorization header, never cookies: no credentials mode, and only
    // listed origins get CORS headers at all (Yoga's default echoes any origin with credentials).
    cors: (request) => {
      const origin = request.headers.get('origin');
      if (!origin || !services.config.graphql.corsOrigins.includes(origin)) return false;
      return { origin: [origin], credentials: false, methods: ['GET', 'POST'], allowedHeaders: ['authorization', 'content-type'], maxAge: 600 };
    },
    plugins: [useQueryLimits(), ...(services.config.graphql.introspection ? [] : [useNoIntrospection()])],
    // Unexpected errors reach clients as "Unexpected error." (and our log); expected ones are typed results.
    maskedErrors: {
      maskError: (error, message, isDev) => {
        const masked = maskError(error, message, isDev);
        if (masked !== error) services.logger.error('unexpected GraphQL error', { error: error as Error });
        return masked;
      },
    },
    context: async ({ request, req }) => {
      const em = services.orm.em.fork();
      const viewer = await resolveViewer(em, request.headers.get('authorization'));
      const clientAddress = (req && services.clientAddressOf(req)) || 'unknown';
      return { em, viewer, services, request, clientAddress } as GraphQLContext;
    },
  });
}
