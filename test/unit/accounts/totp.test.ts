import { looksLikeBackupCode, normaliseBackupCode } from '../../../src/domain/accounts/two-factor/backup-codes';
import { matchTotpCode, newTotpSecret, totpUri } from '../../../src/domain/accounts/two-factor/totp';
import { appCode, referenceTotp } from '../../support/totp-reference';

// RFC 6238 appendix B, HMAC-SHA-1: the 20-byte ASCII key "12345678901234567890", 8 digits.
const RFC_KEY = Buffer.from('12345678901234567890', 'ascii');
const RFC_KEY_BASE32 = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const RFC_VECTORS: Array<[number, string]> = [
  [59, '94287082'], [1111111109, '07081804'], [1111111111, '14050471'],
  [1234567890, '89005924'], [2000000000, '69279037'], [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it('the test reference reproduces the RFC 6238 vectors', () => {
    for (const [t, code] of RFC_VECTORS) expect(referenceTotp(RFC_KEY, t, 8)).toBe(code);
  });

  it.each(RFC_VECTORS)('the gateway accepts the 6-digit code of the RFC vector at T=%i and names its step', async (t, code) => {
    // A 6-digit code is the same truncated value modulo 10^6: the vector's last six digits.
    expect(await matchTotpCode(RFC_KEY_BASE32, code.slice(-6), t, null)).toBe(Math.floor(t / 30));
  });

  it('accepts one step either side (clock drift) and nothing further', async () => {
    const secret = newTotpSecret();
    const now = 1_900_000_000;
    expect(await matchTotpCode(secret, appCode(secret, now - 30), now, null)).toBe(Math.floor(now / 30) - 1);
    expect(await matchTotpCode(secret, appCode(secret, now + 30), now, null)).toBe(Math.floor(now / 30) + 1);
    expect(await matchTotpCode(secret, appCode(secret, now - 90), now, null)).toBeNull();
    expect(await matchTotpCode(secret, appCode(secret, now + 90), now, null)).toBeNull();
  });

  it('refuses a code of a step already used (replay) and malformed codes', async () => {
    const secret = newTotpSecret();
    const now = 1_900_000_000;
    const step = Math.floor(now / 30);
    expect(await matchTotpCode(secret, appCode(secret, now), now, step)).toBeNull();
    expect(await matchTotpCode(secret, appCode(secret, now + 30), now, step)).toBe(step + 1);
    expect(await matchTotpCode(secret, '12345', now, null)).toBeNull();
    expect(await matchTotpCode(secret, 'abcdef', now, null)).toBeNull();
  });

  it('writes the otpauth URI authenticator apps read', () => {
    const uri = new URL(totpUri('Model gateway', 'ann@example.com', 'JBSWY3DPEHPK3PXP'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe('JBSWY3DPEHPK3PXP');
    expect(uri.searchParams.get('issuer')).toBe('Model gateway');
    expect(decodeURIComponent(uri.pathname)).toContain('ann@example.com');
  });

  it('secrets are 160-bit base32', () => {
    expect(newTotpSecret()).toMatch(/^[A-Z2-7]{32}$/);
  });
});

describe('backup codes', () => {
  it('are read back with or without dashes, spaces and capitals', () => {
    expect(normaliseBackupCode('ABCD-efgh 2345')).toBe('abcdefgh2345');
    expect(looksLikeBackupCode('abcd-efgh-2345')).toBe(true);
    expect(looksLikeBackupCode('abcd-efgh-234')).toBe(false);
    // 0, 1, i, l, o are never in a code.
    expect(looksLikeBackupCode('abcd-efgh-2340')).toBe(false);
  });
});
