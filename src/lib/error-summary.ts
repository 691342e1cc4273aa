/**
 * What a log line may say about an error. Database errors are the dangerous ones: knex prefixes
 * the driver's message with the statement and its parameters inlined (`insert into "tokens" ...
 * values ('<key hash>', ...) - duplicate key ...`), and pg adds `detail` ("Key (key_hash)=(...)
 * already exists"), `where` and `internalQuery`. Those carry key hashes, emails and amounts, so a
 * database error is logged as its class, SQLSTATE and the server's own message only.
 */
export interface ErrorSummary {
  name: string;
  message: string;
  code?: string;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

function isDatabaseError(err: Error & { code?: unknown; sqlState?: unknown; severity?: unknown }): boolean {
  return (typeof err.code === 'string' && SQLSTATE.test(err.code) && (err.severity !== undefined || err.name.endsWith('Exception')))
    || typeof err.sqlState === 'string';
}

/** The server's message without the statement knex put in front of it (`<sql> - <message>`). */
function withoutStatement(message: string): string {
  const cut = message.lastIndexOf(' - ');
  return cut === -1 ? message : message.slice(cut + 3);
}

export function summariseError(err: Error): ErrorSummary {
  // GraphQL wraps what a resolver threw and copies its message: summarise the original instead.
  const original = (err as Error & { originalError?: unknown }).originalError;
  if (original instanceof Error && original !== err) return summariseError(original);
  const withCode = err as Error & { code?: unknown };
  if (isDatabaseError(withCode)) {
    return { name: err.name, code: String(withCode.code), message: withoutStatement(err.message) };
  }
  return { name: err.name, message: err.message };
}
