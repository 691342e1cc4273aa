/**
 * Checks that read like one-line regular expressions but are written as plain scans, because the
 * regex forms backtrack on hostile input: `/^[A-Za-z0-9+/\r\n]*={0,2}[\r\n]*$/` is quadratic on
 * a run of newlines followed by one bad character, and `/\/+$/` is quadratic on a long run of
 * slashes that does not end the string. Every one here is a single pass over its input.
 */

const BASE64_ALPHABET = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_\r\n') BASE64_ALPHABET[c.charCodeAt(0)] = 1;

const CR = 13;
const LF = 10;
const EQUALS = 61;

/**
 * Base64 text as clients send it: the standard or the URL-safe alphabet, line breaks anywhere,
 * at most two `=` of padding, then only line breaks. The empty string passes (the caller decides
 * whether no data is an error).
 */
export function isBase64Text(text: string): boolean {
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c >= 128 || BASE64_ALPHABET[c] !== 1) break;
    i++;
  }
  for (let pads = 0; pads < 2 && i < n && text.charCodeAt(i) === EQUALS; pads++) i++;
  while (i < n && (text.charCodeAt(i) === CR || text.charCodeAt(i) === LF)) i++;
  return i === n;
}

/** `text` without the slashes it ends with (`https://host/v1//` -> `https://host/v1`). */
export function trimTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 47) end--;
  return end === text.length ? text : text.slice(0, end);
}
