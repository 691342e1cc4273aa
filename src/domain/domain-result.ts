/**
 * Expected failures of control-plane services, as values. The GraphQL layer turns each into
 * its typed error result; nothing here knows about GraphQL.
 */
export type InvalidInput = { ok: false; reason: 'INVALID_INPUT'; field: string; message: string };
export type NotFound = { ok: false; reason: 'NOT_FOUND'; what: string };
export type AlreadyExists = { ok: false; reason: 'ALREADY_EXISTS'; field: string; message: string };

export type CommonFailure = InvalidInput | NotFound | AlreadyExists;
export type Outcome<T, F = CommonFailure> = { ok: true; value: T } | F;

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
export const invalid = (field: string, message: string): InvalidInput => ({ ok: false, reason: 'INVALID_INPUT', field, message });
export const notFound = (what: string): NotFound => ({ ok: false, reason: 'NOT_FOUND', what });
export const alreadyExists = (field: string, message: string): AlreadyExists => ({ ok: false, reason: 'ALREADY_EXISTS', field, message });

/** Parses a GraphQL ID argument; anything that is not a positive integer simply matches nothing. */
export function toEntityId(id: string | number): number | null {
  const n = typeof id === 'number' ? id : /^\d{1,10}$/.test(id) ? Number(id) : NaN;
  return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
}
