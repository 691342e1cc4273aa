import { securityNoticeMessage } from '../../../src/domain/accounts/security-notice-mail';

const when = new Date('2026-11-28T01:02:03.000Z');

describe('the security notice mail', () => {
  it.each([
    ['PASSWORD_CHANGED', {}, 'Your password was changed', '您的密码已修改'],
    ['PROVIDER_LINKED', { providerName: 'GitHub' }, 'GitHub was linked to your account', 'GitHub 已绑定到您的账户'],
    ['PROVIDER_UNLINKED', { providerName: 'Google' }, 'Google was unlinked from your account', 'Google 已从您的账户解绑'],
    ['TOTP_ENABLED', {}, 'Two-factor authentication was turned on', '已开启两步验证'],
    ['TOTP_DISABLED', {}, 'Two-factor authentication was turned off', '已关闭两步验证'],
    ['BACKUP_CODES_REGENERATED', {}, 'New backup codes were made', '已为您的账户生成新的备用码'],
    ['PASSKEY_ADDED', { name: 'Work laptop', passkeyId: 7 }, 'A passkey ("Work laptop") was added', '添加通行密钥“Work laptop”'],
    ['PASSKEY_REMOVED', { name: 'Old phone', passkeyId: 8 }, 'The passkey "Old phone" was removed', '移除通行密钥“Old phone”'],
  ])('%s says what changed, in English and Chinese, with when and from where', (kind, detail, en, zh) => {
    const message = securityNoticeMessage('owner@example.com', { kind, detail }, '203.0.113.9', when)!;
    expect(message.to).toBe('owner@example.com');
    expect(message.subject).toBe('A sign-in method of your account changed / 您账户的登录方式已变更');
    expect(message.text).toContain(en);
    expect(message.text).toContain(zh);
    expect(message.text).toContain('When: 2026-11-28T01:02:03.000Z\nFrom address: 203.0.113.9');
    expect(message.text).toContain('时间：2026-11-28T01:02:03.000Z\n来源地址：203.0.113.9');
  });

  it('names an unknown address as such', () => {
    expect(securityNoticeMessage('a@example.com', { kind: 'TOTP_ENABLED' }, null, when)!.text).toContain('From address: unknown');
  });

  it('sends nothing for events that do not change the ways in (a backup code used at sign-in)', () => {
    expect(securityNoticeMessage('a@example.com', { kind: 'BACKUP_CODE_USED', detail: { remaining: 9 } }, null, when)).toBeNull();
  });
});
