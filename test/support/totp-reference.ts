import { createHmac } from 'node:crypto';

/**
 * RFC 6238 TOTP written straight from the RFC (HMAC-SHA-1, dynamic truncation of RFC 4226), with
 * no code shared with the gateway's otplib: the tests compute codes with this, the gateway
 * checks them with its own.
 */
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Decode(text: string): Buffer {
  let bits = '';
  for (const c of text.replace(/=+$/, '').toUpperCase()) {
    const value = BASE32.indexOf(c);
    if (value < 0) throw new Error(`not base32: ${c}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

export function referenceTotp(key: Buffer, unixSeconds: number, digits = 6, period = 30): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(unixSeconds / period)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(binary).padStart(digits, '0');
}

/** The code an authenticator app shows for a base32 secret at `unixSeconds` (now by default). */
export function appCode(base32Secret: string, unixSeconds = Date.now() / 1000): string {
  return referenceTotp(base32Decode(base32Secret), unixSeconds);
}
