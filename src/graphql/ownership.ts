import type { AuthScopes } from './builder';
import type { GraphQLContext } from './context';

type ScopeMap = Partial<AuthScopes>;

/** An ADMIN who must set up two-factor first is not an admin yet. */
export const isAdmin = (ctx: GraphQLContext): boolean => ctx.viewer?.role === 'ADMIN' && !ctx.viewer.twoFactorSetupRequired;

/** Field scope for data about one user: that user themself, or an admin. */
export function selfOrAdmin(ownerId: number, ctx: GraphQLContext): boolean {
  return ctx.viewer !== null && (ctx.viewer.id === ownerId || isAdmin(ctx));
}

/**
 * Scope for root fields with an optional `userId` argument: omitted or one's own id needs a
 * signed-in user, anyone else's needs an admin. Another user's data is never reachable by id.
 */
export function ownOrAdminScope(userId: string | number | null | undefined, ctx: GraphQLContext): ScopeMap {
  if (userId == null || (ctx.viewer !== null && String(ctx.viewer.id) === String(userId))) return { user: true };
  return { admin: true };
}
