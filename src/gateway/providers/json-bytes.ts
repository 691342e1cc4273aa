// Reading a few members of one stream event's JSON straight from its bytes, for the byte-level
// stream splicers: one pass, no parse, no objects, so an event that passes through costs a walk
// over its bytes and nothing more. Only what a splicer must read or change is looked at.

export const LF = 0x0a;
export const CR = 0x0d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

export interface JsonMemberVisitor {
  /**
   * A member's name, between its quotes [nameStart, nameEnd), at `depth` (1: a member of the
   * event's own object; arrays count as a level); its value starts at `valueAt`. Returns true to
   * be handed the value when it is a string.
   */
  member(b: Buffer, nameStart: number, nameEnd: number, depth: number, valueAt: number): boolean;
  /** The string value asked for: `open` and `close` are its quotes; `escaped` when it holds a backslash escape. */
  value(b: Buffer, open: number, close: number, escaped: boolean): void;
}

/**
 * Walks the JSON in [from, to) once, string by string: a string followed by a colon is a member
 * name. Strings are skipped whole, so nothing inside a text can pass for a member; brackets and
 * braces outside strings give the depth. Returns false when the text holds a raw CR or LF (not
 * one line of JSON: the caller decodes it instead). It does not validate the JSON.
 */
export function walkJsonMembers(b: Buffer, from: number, to: number, visitor: JsonMemberVisitor): boolean {
  let depth = 0;
  let wantValueAt = -1;
  let i = from;
  while (i < to) {
    const c = b[i];
    if (c !== QUOTE) {
      if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
      else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
      else if (c === LF || c === CR) return false;
      i++;
      continue;
    }
    const open = i++;
    let escaped = false;
    while (i < to) {
      const d = b[i]!;
      // Lower-case letters and non-ASCII bytes (most of any name or text) are above
      // every byte this loop looks for: one comparison each.
      if (d > BACKSLASH) {
        i++;
        continue;
      }
      if (d === QUOTE) break;
      if (d === BACKSLASH) {
        escaped = true;
        i += 2;
        continue;
      }
      if (d === LF || d === CR) return false;
      i++;
    }
    const close = i++;
    if (open === wantValueAt) {
      visitor.value(b, open, close, escaped);
      wantValueAt = -1;
      continue;
    }
    let j = i;
    while (b[j] === 0x20 || b[j] === 0x09) j++;
    if (b[j] !== COLON) continue;
    i = j + 1;
    while (b[i] === 0x20 || b[i] === 0x09) i++;
    wantValueAt = visitor.member(b, open + 1, close, depth, i) ? i : -1;
  }
  return true;
}

/** Whether b[start, end) holds exactly `name`'s bytes. */
export function bytesAre(b: Buffer, start: number, end: number, name: Buffer): boolean {
  if (end - start !== name.length) return false;
  for (let i = 0; i < name.length; i++) if (b[start + i] !== name[i]) return false;
  return true;
}

/** Whether two spans of `b` hold the same bytes (no views made: this runs once per event). */
export function spansEqual(b: Buffer, aStart: number, aEnd: number, bStart: number, bEnd: number): boolean {
  if (aEnd - aStart !== bEnd - bStart) return false;
  for (let i = 0; i < aEnd - aStart; i++) if (b[aStart + i] !== b[bStart + i]) return false;
  return true;
}

/** UTF-8 bytes of the text a JSON string literal [open, close] (quotes included) stands for. */
export function stringTextBytes(b: Buffer, open: number, close: number, escaped: boolean): number {
  return escaped ? Buffer.byteLength(JSON.parse(b.toString('utf8', open, close + 1)) as string) : close - open - 1;
}

/** `b` with [start, end) replaced by `insert`, as one new buffer (the original is left as it is). */
export function replaceSpan(b: Buffer, start: number, end: number, insert: Buffer): Buffer {
  const out = Buffer.allocUnsafe(b.length - (end - start) + insert.length);
  b.copy(out, 0, 0, start);
  insert.copy(out, start);
  b.copy(out, start + insert.length, end);
  return out;
}
