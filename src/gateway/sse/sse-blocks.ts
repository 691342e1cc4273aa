const LF = 0x0a;
const CR = 0x0d;

/**
 * Cuts an SSE byte stream into whole events ("blocks": the event's lines and the blank line that
 * ends it), without decoding anything, so that a same-protocol pass-through can forward each
 * event's bytes as they came. Line ends may be LF, CRLF or CR as the spec allows. One plain loop
 * over the bytes: cheaper than a native `indexOf` per event, whose call costs more than the
 * event's few hundred bytes take to walk. A CR at the very end of a read waits for the next
 * one, which may bring its LF.
 */
export class SseBlockSplitter {
  private pending: Buffer | undefined;

  /** The whole blocks completed by this read, as views of the bytes read (no copy unless a block spans reads). */
  push(bytes: Buffer): Buffer[] {
    const data = this.pending ? Buffer.concat([this.pending, bytes]) : bytes;
    const blocks: Buffer[] = [];
    const consumed = splitBlocks(data, blocks);
    this.pending = consumed < data.length ? data.subarray(consumed) : undefined;
    return blocks;
  }

  /** At the end of the body: what is left of an event the upstream did not terminate (undefined: nothing). */
  end(): Buffer | undefined {
    const rest = this.pending;
    this.pending = undefined;
    return rest && rest.length > 0 ? rest : undefined;
  }
}

function splitBlocks(data: Buffer, blocks: Buffer[]): number {
  let start = 0;
  let lineStart = 0;
  let i = 0;
  while (i < data.length) {
    const c = data[i];
    if (c !== LF && c !== CR) {
      i++;
      continue;
    }
    if (c === CR && i + 1 === data.length) break; // its LF may be in the next read
    const end = c === CR && data[i + 1] === LF ? i + 2 : i + 1;
    if (i === lineStart) {
      blocks.push(data.subarray(start, end));
      start = end;
    }
    lineStart = end;
    i = end;
  }
  return start;
}

const EVENT_FIELD = Buffer.from('event:');
const DATA_FIELD = Buffer.from('data:');

/** Where the parts of an event of the usual form lie in its block (see simpleEventOf). */
export interface SimpleEvent {
  /** The `event:` line's value, [nameStart, nameEnd); both -1 when the event has no name. */
  nameStart: number;
  nameEnd: number;
  /** The one `data:` line's value, [dataStart, dataEnd). */
  dataStart: number;
  dataEnd: number;
}

function fieldAt(block: Buffer, at: number, field: Buffer): boolean {
  if (block.length < at + field.length) return false;
  for (let i = 0; i < field.length; i++) if (block[at + i] !== field[i]) return false;
  return true;
}

/**
 * A block (from SseBlockSplitter) of the form vendors write: an optional `event: NAME` line and
 * one `data:` line, all lines ended alike by LF or by CRLF. Anything else (comments, `id:`,
 * several data lines, mixed line ends) is undefined: the caller decodes it the spec's way. The
 * data line's own bytes are not checked for a line end here (the JSON walk that reads them does).
 */
export function simpleEventOf(block: Buffer): SimpleEvent | undefined {
  const length = block.length;
  const crlf = length >= 4 && block[length - 4] === CR && block[length - 3] === LF && block[length - 2] === CR && block[length - 1] === LF;
  if (!crlf && !(length >= 2 && block[length - 2] === LF && block[length - 1] === LF)) return undefined;
  const dataEnd = length - (crlf ? 4 : 2);
  let at = 0;
  let nameStart = -1;
  let nameEnd = -1;
  if (fieldAt(block, 0, EVENT_FIELD)) {
    at = EVENT_FIELD.length;
    if (block[at] === 0x20) at++;
    nameStart = at;
    while (at < dataEnd && block[at] !== LF && block[at] !== CR) at++;
    nameEnd = at;
    if (crlf) {
      if (block[at] !== CR || block[at + 1] !== LF) return undefined;
      at += 2;
    } else {
      if (block[at] !== LF) return undefined;
      at += 1;
    }
  }
  if (!fieldAt(block, at, DATA_FIELD)) return undefined;
  at += DATA_FIELD.length;
  if (block[at] === 0x20) at++;
  if (at > dataEnd) return undefined;
  return { nameStart, nameEnd, dataStart: at, dataEnd };
}
