import { createYoga, maskError, type YogaServerInstance } from 'graphql-yoga';
import type { GraphQLSchema } from 'graphql';
import type { IncomingMessage } from 'node:http';
import type { Services } from '../services';
import { resolveViewer, type GraphQLContext } from './context';
import { useQueryLimits } from './use-query-limits';

/** What Yoga's Node request listener passes along (stack notes G4 mounts it that way). */
type ServerContext = { req?: IncomingMessage };

export function createGraphQLServer(services: Services, schema: GraphQLSchema): YogaServerInstance<ServerContext, GraphQLContext> {
  return createYoga<ServerContext, GraphQLContext>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: true,
    logging: false,
    plugins: [useQueryLimits()],
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
