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
