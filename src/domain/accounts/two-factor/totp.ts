import { generateSecret, generateURI, verify } from 'otplib';

/** RFC 6238 as every authenticator app reads an otpauth URI without options: SHA-1, 6 digits, 30 s. */
export const TOTP_PERIOD_SECONDS = 30;
/** One step either side: a phone clock a little off, or a code typed as it rolled over, still works. */
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;

const SIX_DIGITS = /^\d{6}$/;

/** A fresh 160-bit secret, base32 (RFC 4226's recommended length). */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** What the QR code carries: `otpauth://totp/<issuer>:<account>?secret=...&issuer=...`. */
export function totpUri(issuer: string, account: string, secret: string): string {
  return generateURI({ issuer, label: account, secret });
}

export function looksLikeTotpCode(code: string): boolean {
  return SIX_DIGITS.test(code);
}

/**
 * Checks a code at `nowSeconds`. Returns the time step it belongs to, or null. A step at or before
 * `lastUsedStep` is refused, so a code seen once (over a shoulder, in a log) cannot be replayed
 * while it is still current.
 */
export async function matchTotpCode(secret: string, code: string, nowSeconds: number, lastUsedStep: number | null): Promise<number | null> {
  if (!looksLikeTotpCode(code)) return null;
  const result = await verify({
    secret, token: code, epoch: nowSeconds, epochTolerance: TOLERANCE_SECONDS,
    ...(lastUsedStep === null ? {} : { afterTimeStep: lastUsedStep }),
  });
  if (!result.valid) return null;
  return Math.floor(nowSeconds / TOTP_PERIOD_SECONDS) + result.delta;
}
