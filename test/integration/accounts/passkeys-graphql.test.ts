import { SecretBox, totpSecretContext } from '../../../src/lib/secret-box';
import { resealTotpSecrets } from '../../../src/domain/accounts/two-factor/reseal-totp-secrets';
import {
  BeginPasskeyRegistrationDocument, BeginPasskeySignInDocument, BeginTotpSetupDocument, FinishPasskeyRegistrationDocument, FinishPasskeySignInDocument,
  MyPasskeysDocument, RemovePasskeyDocument,
} from '../../generated/graphql';
import { expectTypename, gqlData, signUp } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';

// The passkey ceremonies over GraphQL, up to what needs an authenticator (the browser test,
// test/e2e/passkeys.e2e.ts, signs for real): options, single-use ceremonies bound to their user,
// and malformed answers refused as input errors.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ PUBLIC_URL: 'https://gateway.example.com' });
});
afterAll(() => app?.close());

describe('passkey ceremonies', () => {
  it('registration asks for a discoverable credential for this RP, excluding nothing yet', async () => {
    const { session } = await signUp(app, 'options@passkeys.test');
    const { beginPasskeyRegistration } = await gqlData(app, BeginPasskeyRegistrationDocument, {}, session);
    const options = JSON.parse(beginPasskeyRegistration.optionsJson);
    expect(options.rp).toEqual({ id: 'gateway.example.com', name: 'Model gateway' });
    expect(options.user.name).toBe('options@passkeys.test');
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required' });
    expect(options.excludeCredentials).toEqual([]);
    expect(options.challenge).toMatch(/^[\w-]{20,}$/);
  });

  it("a ceremony is bound to its user and used once; another user's answers like an expired one", async () => {
    const owner = await signUp(app, 'owner@passkeys.test');
    const other = await signUp(app, 'other@passkeys.test');
    const { beginPasskeyRegistration: ceremony } = await gqlData(app, BeginPasskeyRegistrationDocument, {}, owner.session);
    const response = JSON.stringify({
      id: 'AAAA', rawId: 'AAAA', type: 'public-key', clientExtensionResults: {}, response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' },
    });
    const foreign = await gqlData(app, FinishPasskeyRegistrationDocument, { ceremonyToken: ceremony.ceremonyToken, name: 'x', response }, other.session);
    expect(expectTypename(foreign.finishPasskeyRegistration, 'ChallengeExpiredError').code).toBe('CHALLENGE_EXPIRED');
    // Taken by the failed attempt: not even the owner can use it now.
    const owned = await gqlData(app, FinishPasskeyRegistrationDocument, { ceremonyToken: ceremony.ceremonyToken, name: 'x', response }, owner.session);
    expect(owned.finishPasskeyRegistration.__typename).toBe('ChallengeExpiredError');

    const fresh = (await gqlData(app, BeginPasskeyRegistrationDocument, {}, owner.session)).beginPasskeyRegistration;
    const forged = await gqlData(app, FinishPasskeyRegistrationDocument, { ceremonyToken: fresh.ceremonyToken, name: 'Forged', response }, owner.session);
    expect(expectTypename(forged.finishPasskeyRegistration, 'PasskeyRejectedError').code).toBe('PASSKEY_REJECTED');
    expect((await gqlData(app, MyPasskeysDocument, {}, owner.session)).myPasskeys).toEqual([]);
  });

  it('malformed answers are input errors naming the parameter, never a 500', async () => {
    const { session } = await signUp(app, 'malformed@passkeys.test');
    const { beginPasskeyRegistration: ceremony } = await gqlData(app, BeginPasskeyRegistrationDocument, {}, session);
    for (const response of ['not json', '{}', JSON.stringify({ id: 'A', rawId: 'A', type: 'public-key', response: { clientDataJSON: 'A+/' } })]) {
      const res = await gqlData(app, FinishPasskeyRegistrationDocument, { ceremonyToken: ceremony.ceremonyToken, name: 'Laptop', response }, session);
      expect(expectTypename(res.finishPasskeyRegistration, 'InputValidationError').code).toBe('INVALID_INPUT');
    }
    const unnamed = await gqlData(app, FinishPasskeyRegistrationDocument, { ceremonyToken: ceremony.ceremonyToken, name: ' ', response: '{}' }, session);
    expect(unnamed.finishPasskeyRegistration).toMatchObject({ __typename: 'InputValidationError', code: 'INVALID_INPUT' });

    const { beginPasskeySignIn } = await gqlData(app, BeginPasskeySignInDocument, {});
    expect(JSON.parse(beginPasskeySignIn.optionsJson)).toMatchObject({ rpId: 'gateway.example.com', allowCredentials: [] });
    const signIn = await gqlData(app, FinishPasskeySignInDocument, { ceremonyToken: beginPasskeySignIn.ceremonyToken, response: '[]' });
    expect(signIn.finishPasskeySignIn.__typename).toBe('InputValidationError');
    const unknown = await gqlData(app, FinishPasskeySignInDocument, {
      ceremonyToken: beginPasskeySignIn.ceremonyToken,
      response: JSON.stringify({ id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' } }),
    });
    expect(unknown.finishPasskeySignIn.__typename).toBe('PasskeyRejectedError');
  });

  it("removing a passkey that is not the viewer's is not found", async () => {
    const { session } = await signUp(app, 'remove@passkeys.test');
    expect((await gqlData(app, RemovePasskeyDocument, { id: '999999' }, session)).removePasskey.__typename).toBe('NotFoundError');
  });
});

describe('authenticator secrets at rest', () => {
  it('npm run reseal-secrets moves them to a new SECRET_KEY; the old key then only reads them through SECRET_KEY_PREVIOUS', async () => {
    const { session, userId } = await signUp(app, 'reseal@passkeys.test');
    const setup = expectTypename((await gqlData(app, BeginTotpSetupDocument, {}, session)).beginTotpSetup, 'TotpSetup');
    const oldKey = app.config.secretKey!;
    const box = new SecretBox('a-new-secret-key-0123456789abcdef0123456789', [oldKey]);
    const report = await resealTotpSecrets(app.em(), box);
    expect(report.unreadable).toEqual([]);
    expect(report.resealed).toBeGreaterThanOrEqual(1);
    const [row] = await app.em().getConnection().execute<Array<{ secret_ciphertext: string }>>('select secret_ciphertext from user_totp where user_id = ?', [userId]);
    expect(new SecretBox('a-new-secret-key-0123456789abcdef0123456789').open(row!.secret_ciphertext, totpSecretContext(userId))).toBe(setup.secret);
    // Bound to its user: the same envelope does not open as another user's.
    expect(() => box.open(row!.secret_ciphertext, totpSecretContext(userId + 1))).toThrow();
  });
});
