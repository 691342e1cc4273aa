import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print, type DocumentNode } from 'graphql';
import { LoginDocument, RegisterDocument } from '../generated/graphql';
import { TEST_ADMIN, type TestApp } from './test-app';

export interface GraphQLErrorJson {
  message: string;
  path?: ReadonlyArray<string | number>;
  extensions?: Record<string, unknown>;
}

export interface GraphQLResponse<TResult> {
  data?: TResult | null;
  errors?: GraphQLErrorJson[];
}

export const TEST_PASSWORD = 'correct-horse-battery';

const printed = new WeakMap<DocumentNode, string>();

/** One GraphQL operation over real HTTP, optionally as a signed-in session. */
export async function gql<TResult, TVars>(
  app: Pick<TestApp, 'graphqlUrl'>,
  document: TypedDocumentNode<TResult, TVars>,
  variables?: TVars,
  session?: string,
): Promise<GraphQLResponse<TResult>> {
  let query = printed.get(document);
  if (query === undefined) {
    query = print(document);
    printed.set(document, query);
  }
  const res = await fetch(app.graphqlUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json',
      ...(session ? { authorization: `Bearer ${session}` } : {}),
    },
    body: JSON.stringify({ query, variables: variables ?? {} }),
  });
  return (await res.json()) as GraphQLResponse<TResult>;
}

/** Like `gql`, but fails the test on any GraphQL error and returns `data`. */
export async function gqlData<TResult, TVars>(
  app: Pick<TestApp, 'graphqlUrl'>,
  document: TypedDocumentNode<TResult, TVars>,
  variables?: TVars,
  session?: string,
): Promise<TResult> {
  const res = await gql(app, document, variables, session);
  if (res.errors?.length || !res.data) throw new Error(`GraphQL errors: ${JSON.stringify(res.errors ?? res)}`);
  return res.data;
}

/** Narrows a typed result union, failing with the actual value when it is something else. */
export function expectTypename<T extends { __typename?: string }, N extends string>(
  value: T,
  typename: N,
): Extract<T, { __typename?: N }> {
  if (value.__typename !== typename) throw new Error(`expected ${typename}, got ${JSON.stringify(value)}`);
  return value as Extract<T, { __typename?: N }>;
}

export async function signIn(app: Pick<TestApp, 'graphqlUrl'>, email: string, password = TEST_PASSWORD): Promise<string> {
  const { login } = await gqlData(app, LoginDocument, { email, password });
  return expectTypename(login, 'LoginSuccess').sessionToken;
}

/** Registers a user (with the configured sign-up grant); registering signs them in. */
export async function signUp(
  app: Pick<TestApp, 'graphqlUrl'>,
  email: string,
  password = TEST_PASSWORD,
): Promise<{ session: string; userId: number; email: string }> {
  const { register } = await gqlData(app, RegisterDocument, { email, password });
  const { user, sessionToken } = expectTypename(register, 'RegisterSuccess');
  return { session: sessionToken, userId: Number(user.id), email: user.email };
}

/** A session for the seeded TEST_ADMIN. */
export function adminSession(app: Pick<TestApp, 'graphqlUrl'>): Promise<string> {
  return signIn(app, TEST_ADMIN.email, TEST_ADMIN.password);
}
