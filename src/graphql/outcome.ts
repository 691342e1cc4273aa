import type { CommonFailure, Outcome } from '../domain/domain-result';
import { AlreadyExistsError, InputValidationError, NotFoundError, type DomainError } from './errors.schema';

export function failureToError(failure: CommonFailure): DomainError {
  switch (failure.reason) {
    case 'INVALID_INPUT':
      return new InputValidationError(failure.field, failure.message);
    case 'NOT_FOUND':
      return new NotFoundError(failure.what);
    case 'ALREADY_EXISTS':
      return new AlreadyExistsError(failure.field, failure.message);
  }
}

/** Returns the value, or throws the typed error the errors plugin renders as a result. */
export function unwrap<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.value;
  throw failureToError(outcome);
}
