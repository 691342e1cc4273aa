import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
import { readSession, saveSession } from './session';

/** A GraphQL-level failure (not a typed result): carries the server's extensions.code. */
export class GraphQLRequestError extends Error {
  constructor(message: string, readonly code: string | undefined) {
    super(message);
    this.name = 'GraphQLRequestError';
  }
}

interface GraphQLResponse<T> {
  data?: T | null;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
}

export interface RequestOptions {
  /**
   * Let the request outlive the page (a full navigation, a reload, a closed tab): the browser
   * sends it to the end. Only for small bodies (browsers cap keepalive bodies at 64 KB in total).
   * A beacon would not do: it cannot carry the Authorization header /graphql needs.
   */
  keepalive?: boolean;
}

/**
 * Runs one typed operation against /graphql with the stored session. Typed results (`... on Error`)
 * come back as data for the page to show; only transport and GraphQL errors throw. A dead session
 * clears itself, which sends the console to the sign-in page.
 */
export async function request<TResult, TVariables>(
  document: DocumentTypeDecoration<TResult, TVariables> & { toString(): string },
  variables?: TVariables,
  options: RequestOptions = {},
): Promise<TResult> {
  const session = readSession();
  const res = await fetch('/graphql', {
    method: 'POST',
    keepalive: options.keepalive === true,
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json',
      ...(session ? { authorization: `Bearer ${session.token}` } : {}),
    },
    body: JSON.stringify({ query: document.toString(), variables: variables ?? {} }),
  });
  let body: GraphQLResponse<TResult>;
  try {
    body = (await res.json()) as GraphQLResponse<TResult>;
  } catch {
    throw new GraphQLRequestError(`HTTP ${res.status}`, res.status >= 500 ? 'SERVICE_UNAVAILABLE' : undefined);
  }
  const first = body.errors?.[0];
  if (first) {
    const code = first.extensions?.code;
    if (code === 'SESSION_EXPIRED' || (code === 'UNAUTHENTICATED' && session)) saveSession(null, { ended: true });
    throw new GraphQLRequestError(first.message, code);
  }
  if (!body.data) throw new GraphQLRequestError(`HTTP ${res.status}`, undefined);
  return body.data;
}
