import { GraphQLError } from 'graphql';
import type { GraphQLContext } from './context';

/** `extensions.code` of a refused field: what the client should do about it. */
export type AuthorizationErrorCode = 'SESSION_EXPIRED' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'TWO_FACTOR_SETUP_REQUIRED';

/**
 * A field the viewer may not use. A client holding a session token that no longer works (expired,
 * signed out elsewhere, password changed, user disabled) gets SESSION_EXPIRED, so it can send the
 * person to sign in again instead of showing "not authorized"; no token at all is UNAUTHENTICATED;
 * a signed-in user lacking the role is FORBIDDEN. GraphQLErrors pass Yoga's masking as they are.
 */
export function authorizationError(ctx: GraphQLContext, scopeMessage: string): GraphQLError {
  if (ctx.viewer === null && ctx.sessionRejected) {
    return new GraphQLError('Your session has expired or was signed out. Sign in again.', {
      extensions: { code: 'SESSION_EXPIRED' satisfies AuthorizationErrorCode },
    });
  }
  if (ctx.viewer?.twoFactorSetupRequired) {
    return new GraphQLError('Two-factor authentication is required for administrators: set up an authenticator app first.', {
      extensions: { code: 'TWO_FACTOR_SETUP_REQUIRED' satisfies AuthorizationErrorCode },
    });
  }
  const code: AuthorizationErrorCode = ctx.viewer === null ? 'UNAUTHENTICATED' : 'FORBIDDEN';
  return new GraphQLError(scopeMessage, { extensions: { code } });
}
