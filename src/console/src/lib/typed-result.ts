/** A mutation's typed error result (`... on Error { code message }`), if that is what came back. */
export interface TypedError {
  __typename: string;
  code: string;
  message: string;
  field?: string;
}

export function asTypedError(value: { __typename?: string } | null | undefined): TypedError | null {
  if (value && typeof value === 'object' && 'code' in value && 'message' in value) return value as TypedError;
  return null;
}
