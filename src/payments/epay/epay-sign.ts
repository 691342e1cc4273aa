import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The epay (易支付) signature: lowercase hex MD5 of the non-empty parameters except `sign` and
 * `sign_type`, sorted by name (byte order, as PHP's ksort), joined as `k=v&k=v`, followed directly
 * by the merchant key. Values are signed as they are, before any URL encoding.
 */
export function epaySign(params: Record<string, string>, key: string): string {
  const base = Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createHash('md5').update(base + key, 'utf8').digest('hex');
}

export function epaySignatureValid(params: Record<string, string>, key: string): boolean {
  const given = params.sign ?? '';
  if (!/^[0-9a-f]{32}$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(given.toLowerCase(), 'hex'), Buffer.from(epaySign(params, key), 'hex'));
}

/** "19.98" -> 1998 fen; anything but yuan with at most two decimals -> null. No float touches money. */
export function yuanToFen(money: string): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(money.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}
