import { sendSecurityNotice, type SecurityChange } from '../domain/accounts/security-notice-mail';
import type { GraphQLContext } from './context';

/** Mails the signed-in viewer that one of their ways in changed (once committed; never fails the change). */
export function noticeSecurityChange(ctx: GraphQLContext, change: SecurityChange): Promise<void> {
  const viewer = ctx.viewer!;
  return sendSecurityNotice(ctx.services, { id: viewer.id, email: viewer.email }, change, ctx.clientAddress, ctx.services.clock.now());
}
