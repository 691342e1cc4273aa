import type { LogContext } from '@mikro-orm/core';
import type { TestApp } from './test-app';

/**
 * Records the SELECT statements the app's ORM runs while `during` runs: every statement passes
 * through the ORM's logger whatever the debug setting. For asserting "no N+1".
 */
export function selectRecorder(app: TestApp): <T>(during: () => Promise<T>) => Promise<{ result: T; selects: string[] }> {
  let selects: string[] | undefined;
  const logger = app.server.services.orm.config.getLogger();
  const logQuery = logger.logQuery.bind(logger);
  logger.logQuery = (context: LogContext) => {
    if (selects && context.query && /^\s*select/i.test(context.query)) selects.push(context.query);
    logQuery(context);
  };
  return async (during) => {
    selects = [];
    try {
      const result = await during();
      return { result, selects };
    } finally {
      selects = undefined;
    }
  };
}

/** Like selectRecorder, with each SELECT's bound parameters: to EXPLAIN exactly what the app ran. */
export function statementRecorder(app: TestApp): <T>(during: () => Promise<T>) => Promise<{ result: T; selects: Array<{ sql: string; params: unknown[] }> }> {
  let selects: Array<{ sql: string; params: unknown[] }> | undefined;
  const logger = app.server.services.orm.config.getLogger();
  const logQuery = logger.logQuery.bind(logger);
  logger.logQuery = (context: LogContext) => {
    if (selects && context.query && /^\s*select/i.test(context.query)) selects.push({ sql: context.query, params: [...(context.params ?? [])] });
    logQuery(context);
  };
  return async (during) => {
    selects = [];
    try {
      const result = await during();
      return { result, selects };
    } finally {
      selects = undefined;
    }
  };
}
