// SQLSTATE codes (PostgreSQL appendix A). Raw queries surface pg's errors, the ORM wraps them
// in exceptions that keep the same `code`, so checking the code covers both paths.
const UNIQUE_VIOLATION = '23505';
const CHECK_VIOLATION = '23514';

function sqlState(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : undefined;
}

function constraintOf(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'constraint' in err ? String((err as { constraint: unknown }).constraint) : undefined;
}

export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  return sqlState(err) === UNIQUE_VIOLATION && (constraint === undefined || constraintOf(err) === constraint);
}

export function isCheckViolation(err: unknown): boolean {
  return sqlState(err) === CHECK_VIOLATION;
}
