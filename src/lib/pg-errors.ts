// SQLSTATE codes (PostgreSQL appendix A). Raw queries surface pg's errors, the ORM wraps them
// in exceptions that keep the same `code`, so checking the code covers both paths.
const UNIQUE_VIOLATION = '23505';
const CHECK_VIOLATION = '23514';

/** The error's SQLSTATE (or a socket error's code), undefined when it has none. */
export function sqlStateOf(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : undefined;
}

function constraintOf(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'constraint' in err ? String((err as { constraint: unknown }).constraint) : undefined;
}

export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  return sqlStateOf(err) === UNIQUE_VIOLATION && (constraint === undefined || constraintOf(err) === constraint);
}

export function isCheckViolation(err: unknown): boolean {
  return sqlStateOf(err) === CHECK_VIOLATION;
}

// The database is down, restarting or unreachable (as opposed to refusing one statement):
// SQLSTATE class 08 (connection exception), 57P01-57P03 (shutdown, crash, not yet accepting
// connections), 53300 (too many connections); socket errors; and the messages pg, pg-pool and
// knex use for a connection lost or never obtained.
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|Connection ended unexpectedly|timeout exceeded when trying to connect|Timeout acquiring a connection|Client was closed and is not queryable|not queryable|the database system is (starting up|shutting down|in recovery mode)/i;

/**
 * True when `err` (or what it wraps: MikroORM and knex keep the driver's error as `cause` or
 * `previous`) says the database cannot be reached right now. Callers turn that into "try again
 * shortly" (503 on /v1, SERVICE_UNAVAILABLE on /graphql), never a masked 500.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let current = err, depth = 0; typeof current === 'object' && current !== null && depth < 5; depth++) {
    const code = sqlStateOf(current);
    if (code !== undefined && (code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code))) return true;
    if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    const message = (current as { message?: unknown }).message;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    const wrapped = current as { cause?: unknown; previous?: unknown };
    current = wrapped.cause ?? wrapped.previous;
  }
  return false;
}
