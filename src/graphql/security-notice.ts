import { sendSecurityNotice, type SecurityChange } from '../domain/accounts/security-notice-mail';
import type { GraphQLContext } from './context';

/**
 * Mails an account's owner that one of their ways in changed (once committed; never fails the
 * change): the signed-in viewer's own account, or `account` when an admin changed someone else's.
 */
export function noticeSecurityChange(ctx: GraphQLContext, change: SecurityChange, account: { id: number; email: string } = ctx.viewer!): Promise<void> {
  return sendSecurityNotice(ctx.services, { id: account.id, email: account.email }, change, ctx.clientAddress, ctx.services.clock.now());
}
