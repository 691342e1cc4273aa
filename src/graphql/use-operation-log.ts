import { getOperationAST, type ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Logger } from '../lib/logger';
import type { Tracer } from '../lib/tracing';
import type { GraphQLContext } from './context';

function errorCodes(result: unknown): string[] {
  const errors = (result as ExecutionResult | undefined)?.errors ?? [];
  return errors.map((e) => String(e.extensions?.code ?? 'INTERNAL_SERVER_ERROR'));
}

/**
 * One line per executed GraphQL operation: its name and kind, the viewer, how long it took and
 * the error codes it returned. Never the variables (passwords, keys) nor the document text.
 * Typed domain errors are results, not errors, so `errorCodes` lists only GraphQL-level errors.
 * With tracing on, the same facts make one span per operation (`query me`), continuing the
 * caller's `traceparent`.
 */
export function useOperationLog(logger: Logger, tracer: Tracer | null = null): Plugin {
  const log = logger.child({ log: 'graphql' }, { hotPath: true });
  return {
    onExecute({ args }) {
      const started = performance.now();
      const operation = getOperationAST(args.document, args.operationName ?? undefined);
      const context = args.contextValue as Partial<GraphQLContext>;
      const operationName = operation?.name?.value ?? args.operationName ?? null;
      const operationType = operation?.operation ?? null;
      const span = tracer?.serverSpan(
        [operationType ?? 'graphql', operationName].filter(Boolean).join(' '),
        (name) => context.request?.headers.get(name) ?? undefined,
        { 'graphql.operation.name': operationName, 'graphql.operation.type': operationType, 'gateway.viewer_id': context.viewer?.id ?? null },
      );
      return {
        onExecuteDone({ result }) {
          // Subscriptions and incremental delivery return iterators: logged at their start only.
          const codes = Symbol.asyncIterator in Object(result) ? [] : errorCodes(result);
          log.info('graphql operation', {
            operationName,
            operationType,
            viewerId: context.viewer?.id ?? null,
            durationMs: Math.round(performance.now() - started),
            errorCodes: codes,
          });
          if (span) {
            if (codes.length > 0) span.fail(codes[0]!);
            span.end({ 'graphql.error_codes': codes.length > 0 ? codes.join(',') : undefined });
          }
        },
      };
    },
  };
}
