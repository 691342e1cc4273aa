/**
 * Server-sent events decoded in three layers, as the WHATWG spec describes them:
 * bytes -> UTF-8 text (a streaming TextDecoder keeps characters split across chunks whole)
 * -> lines (CR, LF or CRLF, even when CR and LF arrive in different chunks) -> events.
 * Text is never split on blank lines directly: an event ends at an empty *line*.
 */
export interface SseEvent {
  /** The `event:` field; undefined means the default `message`. */
  event: string | undefined;
  data: string;
  id: string | undefined;
}

export class SseLineDecoder {
  private readonly text = new TextDecoder('utf-8');
  private buffer = '';
  private pendingCR = false;

  /** Complete lines found in this chunk, without their terminators. */
  push(bytes: Uint8Array): string[] {
    return this.split(this.text.decode(bytes, { stream: true }));
  }

  /** Flush at end of stream: a final unterminated line still counts. */
  end(): string[] {
    const lines = this.split(this.text.decode());
    if (this.buffer.length) lines.push(this.buffer);
    this.buffer = '';
    return lines;
  }

  private split(chunk: string): string[] {
    const lines: string[] = [];
    let start = 0;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (c === 10 /* \n */) {
        if (this.pendingCR && i === 0 && this.buffer === '' && start === 0) {
          this.pendingCR = false; // second half of a CRLF split across chunks
          start = 1;
          continue;
        }
        this.pendingCR = false;
        lines.push(this.buffer + chunk.slice(start, i));
        this.buffer = '';
        start = i + 1;
      } else if (c === 13 /* \r */) {
        lines.push(this.buffer + chunk.slice(start, i));
        this.buffer = '';
        if (chunk.charCodeAt(i + 1) === 10) i++;
        else if (i === chunk.length - 1) this.pendingCR = true;
        start = i + 1;
      } else {
        this.pendingCR = false;
      }
    }
    this.buffer += chunk.slice(start);
    return lines;
  }
}

export class SseEventDecoder {
  private data: string[] = [];
  private event: string | undefined;
  private id: string | undefined;

  /** Feeds one line; returns an event when the line is the blank line that ends one. */
  pushLine(line: string): SseEvent | undefined {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return undefined; // comment (keep-alive)
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    else if (field === 'id') this.id = value;
    return undefined;
  }

  /** End of stream: an event without its final blank line is still delivered. */
  end(): SseEvent | undefined {
    return this.dispatch();
  }

  private dispatch(): SseEvent | undefined {
    if (this.data.length === 0 && this.event === undefined) return undefined;
    const event: SseEvent = { event: this.event, data: this.data.join('\n'), id: this.id };
    this.data = [];
    this.event = undefined;
    return event;
  }
}

/** Convenience: the whole pipeline over an async iterable of byte chunks. */
export async function* decodeSse(body: AsyncIterable<Uint8Array>): AsyncGenerator<SseEvent> {
  const lines = new SseLineDecoder();
  const events = new SseEventDecoder();
  for await (const chunk of body) {
    for (const line of lines.push(chunk)) {
      const event = events.pushLine(line);
      if (event) yield event;
    }
  }
  for (const line of lines.end()) {
    const event = events.pushLine(line);
    if (event) yield event;
  }
  const last = events.end();
  if (last) yield last;
}

/** One block of SseBlockSplitter (one event at most) decoded the spec's way; undefined: no event (a comment). */
export function decodeSseBlock(block: Uint8Array): SseEvent | undefined {
  const lines = new SseLineDecoder();
  const events = new SseEventDecoder();
  for (const line of [...lines.push(block), ...lines.end()]) {
    const event = events.pushLine(line);
    if (event) return event;
  }
  return events.end();
}
