import { builder } from './builder';

/**
 * Errors a caller can act on are typed results (Pothos errors plugin): a field declares
 * `errors: { types: [NotFoundError, ...] }` and throwing one of these classes in its resolver
 * returns it as data. Anything else thrown is masked by Yoga as "Unexpected error.".
 */
export abstract class DomainError extends Error {
  abstract readonly code: string;
}

export class NotFoundError extends DomainError {
  readonly code = 'NOT_FOUND';
  constructor(what: string) {
    super(`${what} not found`);
    this.name = 'NotFoundError';
  }
}

export class InputValidationError extends DomainError {
  readonly code = 'INVALID_INPUT';
  constructor(readonly field: string, message: string) {
    super(message);
    this.name = 'InputValidationError';
  }
}

export const ErrorInterface = builder.interfaceRef<DomainError>('Error').implement({
  description: 'Something the caller can fix or act on.',
  fields: (t) => ({
    message: t.exposeString('message'),
    code: t.exposeString('code'),
  }),
});

builder.objectType(NotFoundError, {
  name: 'NotFoundError',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof NotFoundError,
});

builder.objectType(InputValidationError, {
  name: 'InputValidationError',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof InputValidationError,
  fields: (t) => ({ field: t.exposeString('field') }),
});

export class AlreadyExistsError extends DomainError {
  readonly code = 'ALREADY_EXISTS';
  constructor(readonly field: string, message: string) {
    super(message);
    this.name = 'AlreadyExistsError';
  }
}

builder.objectType(AlreadyExistsError, {
  name: 'AlreadyExistsError',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof AlreadyExistsError,
  fields: (t) => ({ field: t.exposeString('field', { description: 'The input field that must be unique.' }) }),
});
