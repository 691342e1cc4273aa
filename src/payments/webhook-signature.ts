import { createHmac, timingSafeEqual } from 'node:crypto';

export type SignatureCheck = { ok: true } | { ok: false; reason: 'MISSING' | 'MALFORMED' | 'STALE' | 'MISMATCH' };

/** `t=<unix seconds>,v1=<hex>`: several v1 entries are allowed so a provider can rotate secrets. */
export function parseSignatureHeader(header: string): { timestamp: number; signatures: string[] } | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) return null;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

export function computeSignature(secret: string, timestamp: number, rawBody: Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/** The header value a provider (or a test) sends for this body. */
export function signWebhook(secret: string, rawBody: Buffer | string, timestamp: number): string {
  return `t=${timestamp},v1=${computeSignature(secret, timestamp, Buffer.from(rawBody))}`;
}

/**
 * HMAC-SHA256 over `<t>.<raw body>`, compared in constant time; the timestamp bounds how long a
 * captured delivery can be replayed (the event id then stops replays inside that window).
 */
export function verifySignature(
  rawBody: Buffer,
  header: string | undefined,
  secret: string,
  nowSeconds: number,
  toleranceSeconds: number,
): SignatureCheck {
  if (!header) return { ok: false, reason: 'MISSING' };
  const parsed = parseSignatureHeader(header);
  if (!parsed) return { ok: false, reason: 'MALFORMED' };
  if (Math.abs(nowSeconds - parsed.timestamp) > toleranceSeconds) return { ok: false, reason: 'STALE' };
  const expected = Buffer.from(computeSignature(secret, parsed.timestamp, rawBody), 'hex');
  const matches = parsed.signatures.some((sig) => {
    const given = Buffer.from(sig, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? { ok: true } : { ok: false, reason: 'MISMATCH' };
}
