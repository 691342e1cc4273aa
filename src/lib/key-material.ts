import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A random string over [a-zA-Z0-9] without modulo bias (rejection sampling). */
export function randomToken(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += ALPHABET[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export interface GeneratedSecret {
  /** Shown to its owner once and never stored. */
  plaintext: string;
  hash: string;
  displayPrefix: string;
}

/** `sk-` + 48 random characters (~285 bits); the display prefix keeps the first 8 after `sk-`. */
export function generateApiKey(): GeneratedSecret {
  const plaintext = `sk-${randomToken(48)}`;
  return { plaintext, hash: sha256Hex(plaintext), displayPrefix: `${plaintext.slice(0, 11)}` };
}

export function generateSecret(prefix: string, length = 32): GeneratedSecret {
  const plaintext = `${prefix}${randomToken(length)}`;
  return { plaintext, hash: sha256Hex(plaintext), displayPrefix: plaintext.slice(0, prefix.length + 6) };
}
