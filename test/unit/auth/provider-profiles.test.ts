import { readGitHubProfile, readUserInfoProfile } from '../../../src/auth/provider-profiles';
import { parseProvidersEnv } from '../../../src/domain/accounts/sign-in-provider-settings';

// Who a provider says the person is: the subject and an e-mail that counts as verified only when
// the provider (or, for a plain OAuth 2.0 provider, the operator) vouches for it.

describe('GitHub', () => {
  it('takes the numeric id and the primary address, verified only when GitHub says so', () => {
    const emails = [
      { email: 'other@example.com', primary: false, verified: true, visibility: null },
      { email: 'main@example.com', primary: true, verified: false, visibility: 'private' },
    ];
    expect(readGitHubProfile({ id: 42, login: 'octo', email: 'public@example.com' }, emails))
      .toEqual({ subject: '42', email: 'main@example.com', emailVerified: false });
  });

  it('has no e-mail when no primary address is listed', () => {
    expect(readGitHubProfile({ id: 7 }, [])).toEqual({ subject: '7', email: null, emailVerified: false });
  });

  it('refuses an answer without an id', () => {
    expect(() => readGitHubProfile({ login: 'x' }, [])).toThrow('no id');
  });
});

describe('a plain OAuth 2.0 user-info answer', () => {
  const info = { data: { user: { uid: 1001, mail: 'forum@example.com', mail_ok: true } }, id: 5, email: 'top@example.com' };

  it('reads configured (nested) field names, and the verified field', () => {
    expect(readUserInfoProfile(info, { subjectField: 'data.user.uid', emailField: 'data.user.mail', emailVerifiedField: 'data.user.mail_ok' }))
      .toEqual({ subject: '1001', email: 'forum@example.com', emailVerified: true });
  });

  it('counts no e-mail as verified without a verified field, unless the operator vouches for the provider', () => {
    expect(readUserInfoProfile(info, {})).toEqual({ subject: '5', email: 'top@example.com', emailVerified: false });
    expect(readUserInfoProfile(info, { trustEmailVerified: true })).toEqual({ subject: '5', email: 'top@example.com', emailVerified: true });
  });

  it('refuses an answer without the subject field', () => {
    expect(() => readUserInfoProfile({ email: 'x@example.com' }, {})).toThrow('has no "id"');
  });
});

describe('SIGNIN_PROVIDERS', () => {
  it('names the entry and field that is wrong', () => {
    expect(() => parseProvidersEnv(JSON.stringify([{ slug: 'g', kind: 'OIDC', displayName: 'G', clientId: 'c' }])))
      .toThrow('SIGNIN_PROVIDERS[0].issuer: is required for a OIDC provider');
    expect(() => parseProvidersEnv('{"not":"a list"}')).toThrow('JSON array');
  });

  it('accepts each kind with what it needs', () => {
    const parsed = parseProvidersEnv(JSON.stringify([
      { slug: 'github', kind: 'GITHUB', displayName: 'GitHub', clientId: 'c', clientSecret: 's' },
      { slug: 'linuxdo', kind: 'OAUTH2', displayName: 'LinuxDO', clientId: 'c', authorizeUrl: 'https://connect.linux.do/oauth2/authorize', tokenUrl: 'https://connect.linux.do/oauth2/token', userInfoUrl: 'https://connect.linux.do/api/user' },
    ]));
    expect(parsed.map((p) => [p.slug, p.enabled])).toEqual([['github', true], ['linuxdo', true]]);
  });
});
