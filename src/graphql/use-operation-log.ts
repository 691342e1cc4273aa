import { getOperationAST, type ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Logger } from '../lib/logger';
import type { GraphQLContext } from './context';

function errorCodes(result: unknown): string[] {
  const errors = (result as ExecutionResult | undefined)?.errors ?? [];
  return errors.map((e) => String(e.extensions?.code ?? 'INTERNAL_SERVER_ERROR'));
}

/**
 * One line per executed GraphQL operation: its name and kind, the viewer, how long it took and
 * the error codes it returned. Never the variables (passwords, keys) nor the document text.
 * Typed domain errors are results, not errors, so `errorCodes` lists only GraphQL-level errors.
 */
export function useOperationLog(logger: Logger): Plugin {
  const log = logger.child({ log: 'graphql' }, { hotPath: true });
  return {
    onExecute({ args }) {
      const started = performance.now();
      const operation = getOperationAST(args.document, args.operationName ?? undefined);
      const context = args.contextValue as Partial<GraphQLContext>;
      return {
        onExecuteDone({ result }) {
          // Subscriptions and incremental delivery return iterators: logged at their start only.
          log.info('graphql operation', {
            operationName: operation?.name?.value ?? args.operationName ?? null,
            operationType: operation?.operation ?? null,
            viewerId: context.viewer?.id ?? null,
            durationMs: Math.round(performance.now() - started),
            errorCodes: Symbol.asyncIterator in Object(result) ? [] : errorCodes(result),
          });
        },
      };
    },
  };
}
