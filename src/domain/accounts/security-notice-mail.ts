import type { Logger } from '../../lib/logger';
import type { MailMessage, MailTransport } from '../../lib/mail-transport';
import type { SecurityEventKind } from './security-events';

/** A change of the account's ways in, as recorded by recordSecurityEvent. */
export interface SecurityChange {
  kind: SecurityEventKind;
  /** The event's detail: a provider's or passkey's name, never a secret or a code. */
  detail?: Record<string, unknown>;
}

interface NoticeLines {
  en: string;
  zhCN: string;
}

const nameIn = (detail: Record<string, unknown> | undefined, key: string): string => {
  const value = detail?.[key];
  return typeof value === 'string' && value.length > 0 ? value : '?';
};

/**
 * One sentence per change, in both console languages: the gateway does not know which language a
 * person reads (the console keeps its choice in the browser), so the notice carries both. Null for
 * events that are not a change of the ways in (a backup code used at sign-in), which get no mail.
 */
export function securityNoticeLines(change: SecurityChange): NoticeLines | null {
  const { detail } = change;
  switch (change.kind) {
    case 'PASSWORD_CHANGED':
      return { en: 'Your password was changed; your other sessions were signed out.', zhCN: '您的密码已修改，其他会话已退出登录。' };
    case 'PASSWORD_RESET':
      return {
        en: 'An administrator set a new password for your account; every session was signed out. Ask them for it, then change it on your Account page.',
        zhCN: '管理员为您的账户设置了新密码，所有会话已退出登录。请向管理员索取新密码，登录后在账户页修改。',
      };
    case 'PROVIDER_LINKED': {
      const name = nameIn(detail, 'providerName');
      return { en: `${name} was linked to your account: it can now be used to sign in.`, zhCN: `${name} 已绑定到您的账户，现在可以用它登录。` };
    }
    case 'PROVIDER_UNLINKED': {
      const name = nameIn(detail, 'providerName');
      return { en: `${name} was unlinked from your account: it can no longer be used to sign in.`, zhCN: `${name} 已从您的账户解绑，不能再用它登录。` };
    }
    case 'TOTP_ENABLED':
      return {
        en: 'Two-factor authentication was turned on: signing in now also asks for a code from your authenticator app.',
        zhCN: '已开启两步验证：登录时还需要输入身份验证器应用中的验证码。',
      };
    case 'TOTP_DISABLED':
      return { en: 'Two-factor authentication was turned off: signing in no longer asks for a code.', zhCN: '已关闭两步验证：登录时不再需要验证码。' };
    case 'BACKUP_CODES_REGENERATED':
      return { en: 'New backup codes were made for your account; the old ones no longer work.', zhCN: '已为您的账户生成新的备用码，旧的备用码已失效。' };
    case 'PASSKEY_ADDED': {
      const name = nameIn(detail, 'name');
      return { en: `A passkey ("${name}") was added to your account: it can now be used to sign in.`, zhCN: `已为您的账户添加通行密钥“${name}”，现在可以用它登录。` };
    }
    case 'PASSKEY_REMOVED': {
      const name = nameIn(detail, 'name');
      return { en: `The passkey "${name}" was removed from your account.`, zhCN: `已从您的账户移除通行密钥“${name}”。` };
    }
    default:
      return null;
  }
}

/** The whole notice: what changed, when and from where, and what to do if it was not them. */
export function securityNoticeMessage(to: string, change: SecurityChange, ip: string | null, when: Date): MailMessage | null {
  const lines = securityNoticeLines(change);
  if (!lines) return null;
  const at = when.toISOString();
  const from = ip ?? 'unknown';
  return {
    to,
    subject: 'A sign-in method of your account changed / 您账户的登录方式已变更',
    text: `${lines.en}\n\nWhen: ${at}\nFrom address: ${from}\n\n`
      + 'If this was you, there is nothing to do. If not, sign in, change your password and review the sign-in methods on your Account page.\n'
      + `\n----\n\n${lines.zhCN}\n\n时间：${at}\n来源地址：${from}\n\n`
      + '如果这是您本人的操作，无需处理。如果不是，请登录并修改密码，然后在账户页检查登录方式。\n',
  };
}

export interface SecurityNoticeDeps {
  mail: MailTransport;
  logger: Logger;
}

/**
 * Tells the owner that a way into their account changed, so a change they did not make does not
 * go unnoticed. Only with a real mail transport (SMTP_URL): the log transport would just repeat
 * the event in the log. Called after the change is committed; a failure to send never undoes it
 * and never fails the caller: it is logged.
 */
export async function sendSecurityNotice(
  deps: SecurityNoticeDeps, user: { id: number; email: string }, change: SecurityChange, ip: string | null, when: Date,
): Promise<void> {
  if (deps.mail.kind !== 'smtp') return;
  const message = securityNoticeMessage(user.email, change, ip === 'unknown' ? null : ip, when);
  if (!message) return;
  try {
    await deps.mail.send(message);
  } catch (err) {
    deps.logger.warn('could not send the security notice', { userId: user.id, kind: change.kind, error: err as Error });
  }
}
