import { measureChunk, NOTHING_MEASURED, type ChunkMeasure } from '../chunk-measure';
import { stringTextBytes, walkJsonMembers, type JsonMemberVisitor } from '../json-bytes';
import { decodeSseBlock } from '../../sse/sse-decoder';
import type { ChatCompletionChunk, ResponseContext, SplicedEvent, StreamMapper, StreamSplicer } from '../types';
import { createOpenAIStreamMapper } from './stream';

const LF = 0x0a;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const EVENT_END = Buffer.from('\n\n');

// The members the splice reads, by name; a member not listed is only skipped over.
const enum Member {
  OTHER,
  MODEL,
  USAGE,
  ERROR,
  FINISH,
  TOOL_CALLS,
  /** A string whose text the caller receives as completion (as measureChunk counts it). */
  TEXT,
}
const MEMBERS: Array<[Buffer, Member]> = [
  ['model', Member.MODEL], ['usage', Member.USAGE], ['error', Member.ERROR], ['finish_reason', Member.FINISH], ['tool_calls', Member.TOOL_CALLS],
  ['content', Member.TEXT], ['reasoning_content', Member.TEXT], ['reasoning', Member.TEXT], ['refusal', Member.TEXT], ['arguments', Member.TEXT], ['name', Member.TEXT],
].map(([name, member]) => [Buffer.from(name as string), member as Member]);
// The names above by length: every member of every event is looked up here (a dozen per chunk),
// so a name of a length none has (`id`, `object`, `system_fingerprint`...) costs one array read.
const MEMBERS_BY_LENGTH: Array<Array<[Buffer, Member]> | undefined> = [];
for (const entry of MEMBERS) (MEMBERS_BY_LENGTH[entry[0].length] ??= []).push(entry);

function isSpace(c: number | undefined): boolean {
  return c === 0x20 || c === 0x09;
}

function memberOf(b: Buffer, start: number, end: number): Member {
  const candidates = MEMBERS_BY_LENGTH[end - start];
  if (candidates === undefined) return Member.OTHER;
  for (let k = 0; k < candidates.length; k++) {
    const [name, member] = candidates[k]!;
    let i = 0;
    while (i < name.length && b[start + i] === name[i]) i++;
    if (i === name.length) return member;
  }
  return Member.OTHER;
}

/** What one event's JSON holds, found in one pass over its bytes (no parse, no native search per field). */
interface Scan {
  /** Not one line of compact enough JSON (a raw CR or LF): decode it instead. */
  unusual: boolean;
  /** The first top-level `model` string's span, quotes included ([-1, -1]: none). */
  model: [number, number];
  /** The top-level `usage` member's value (one in a nested object or array is not the chunk's). */
  usage: 'none' | 'null' | 'report';
  /** The top-level `"usage": null` as [start of its name, end of the null]. */
  nullUsage: [number, number];
  error: boolean;
  measure: ChunkMeasure;
}

/**
 * The chunk's JSON walked once (json-bytes.ts): `model` and `usage` are taken only as members of
 * the event's own object (depth 1), never of an object nested in it; the members measured (text,
 * finish, tool calls) are read at any depth.
 */
class ChunkScan implements JsonMemberVisitor {
  readonly result: Scan = { unusual: false, model: [-1, -1], usage: 'none', nullUsage: [-1, -1], error: false, measure: { bytes: 0, finished: false, toolCall: false } };
  private current = Member.OTHER;

  member(b: Buffer, nameStart: number, nameEnd: number, depth: number, valueAt: number): boolean {
    const result = this.result;
    let member = memberOf(b, nameStart, nameEnd);
    if (depth !== 1 && (member === Member.MODEL || member === Member.USAGE)) member = Member.OTHER;
    this.current = member;
    const v = b[valueAt];
    if (member === Member.ERROR) result.error = true;
    else if (member === Member.USAGE) {
      if (v === 0x6e /* null */) {
        result.usage = result.usage === 'none' ? 'null' : result.usage;
        result.nullUsage = [nameStart - 1, valueAt + 4];
      } else if (v === OPEN_BRACE) result.usage = 'report';
    } else if (member === Member.TOOL_CALLS && v === OPEN_BRACKET) {
      let k = valueAt + 1;
      while (isSpace(b[k])) k++;
      if (b[k] !== CLOSE_BRACKET) result.measure.toolCall = true;
    }
    return member === Member.TEXT || member === Member.MODEL || member === Member.FINISH;
  }

  value(b: Buffer, open: number, close: number, escaped: boolean): void {
    const result = this.result;
    if (this.current === Member.TEXT) result.measure.bytes += stringTextBytes(b, open, close, escaped);
    else if (this.current === Member.MODEL && result.model[0] === -1) result.model = [open, close + 1];
    else if (this.current === Member.FINISH) result.measure.finished = true;
  }
}

function scan(b: Buffer, from: number, to: number): Scan {
  const visitor = new ChunkScan();
  if (!walkJsonMembers(b, from, to, visitor)) visitor.result.unusual = true;
  return visitor.result;
}

/** Copies `parts` (views of the event and inserted bytes) into one buffer. */
function joined(parts: Uint8Array[]): Buffer {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = Buffer.allocUnsafe(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function sameBytes(a: Buffer, from: number, to: number, b: Buffer): boolean {
  if (to - from !== b.length) return false;
  for (let i = 0; i < b.length; i++) if (a[from + i] !== b[i]) return false;
  return true;
}

function isData(block: Buffer): boolean {
  return block[0] === 0x64 && block[1] === 0x61 && block[2] === 0x74 && block[3] === 0x61 && block[4] === COLON; // "data:"
}

const DONE = Buffer.from('[DONE]');

/**
 * OpenAI caller, OpenAI channel: each `data:` event goes to the caller as the upstream wrote it,
 * except `model` (the catalogue id instead of the channel's name for it) and the usage the
 * gateway always asks for (dropped, or its `"usage":null` members cut, when the caller did not
 * ask). Only events that carry a usage report or an error are parsed; the rest are measured
 * from their bytes. Anything unusual (several `data:` lines, other fields, CR line ends, text
 * that is not one JSON object) goes the decoding way, through the adapter's mapper.
 */
export function createOpenAIStreamSplicer(ctx: ResponseContext, options: { includeUsage: boolean }): StreamSplicer {
  const mapper: StreamMapper = createOpenAIStreamMapper(ctx);
  const model = Buffer.from(JSON.stringify(ctx.model));
  let done = false;

  /**
   * One `data:` event's bytes with the model name and (when the caller did not ask for usage) a
   * `"usage":null` member spliced; the event itself when nothing changes. `json` is [from, to).
   */
  const rewrite = (block: Buffer, from: number, to: number, found: Scan, keepUsage: boolean): Buffer => {
    const cuts: Array<[number, number, Buffer | undefined]> = [];
    const [modelStart, modelEnd] = found.model;
    if (modelStart !== -1 && !sameBytes(block, modelStart, modelEnd, model)) cuts.push([modelStart, modelEnd, model]);
    if (!keepUsage && !options.includeUsage && found.usage === 'null') {
      let [start, end] = found.nullUsage;
      let before = start - 1;
      while (isSpace(block[before])) before--;
      if (block[before] === COMMA) start = before;
      else {
        while (isSpace(block[end])) end++;
        if (block[end] === COMMA) end++;
      }
      cuts.push([start, end, undefined]);
    }
    if (cuts.length === 0) return block;
    if (cuts.length === 2 && cuts[1]![0] < cuts[0]![0]) cuts.reverse();
    const parts: Uint8Array[] = [];
    let at = 0;
    for (const [start, end, insert] of cuts) {
      parts.push(block.subarray(at, start));
      if (insert) parts.push(insert);
      at = end;
    }
    parts.push(block.subarray(at, to), EVENT_END);
    return joined(parts);
  };

  /** The decoding way for one event's data: what the adapter reads, rendered as a chat chunk. */
  const decoded = (data: string): SplicedEvent => {
    const out = mapper.push({ event: undefined, data, id: undefined });
    if (out.done) {
      done = true;
      return { bytes: Buffer.from('data: [DONE]\n\n'), measure: NOTHING_MEASURED, done: true };
    }
    if (out.error) return { bytes: undefined, measure: NOTHING_MEASURED, error: out.error };
    const chunk: ChatCompletionChunk | undefined = out.chunks[0];
    if (!chunk) return { bytes: undefined, measure: NOTHING_MEASURED };
    const event: SplicedEvent = { bytes: undefined, measure: measureChunk(chunk), ...(out.usage ? { usage: out.usage } : {}) };
    if (!options.includeUsage && chunk.usage !== undefined) {
      if (chunk.choices.length === 0 && chunk.usage) return event;
      delete chunk.usage;
    }
    event.bytes = Buffer.from(`data: ${JSON.stringify(chunk)}\n\n`);
    return event;
  };

  /**
   * A block the fast way cannot take, decoded as the spec says. The splitter cuts at the first
   * blank line, so a block holds one event at most.
   */
  const slow = (block: Buffer): SplicedEvent => {
    const event = decodeSseBlock(block);
    return event ? decoded(event.data) : { bytes: undefined, measure: NOTHING_MEASURED };
  };

  return {
    splice(block: Buffer): SplicedEvent {
      if (done) return { bytes: undefined, measure: NOTHING_MEASURED };
      // The usual event: one `data:` line holding a JSON object (or [DONE]), ended by LF LF.
      const end = block.length - 2;
      if (!isData(block) || block[end] !== LF || block[end + 1] !== LF) return slow(block);
      const from = block[5] === 0x20 ? 6 : 5;
      if (sameBytes(block, from, end, DONE)) {
        done = true;
        return { bytes: block, measure: NOTHING_MEASURED, done: true };
      }
      if (block[from] !== 0x7b || block[end - 1] !== 0x7d) return slow(block);
      const found = scan(block, from, end);
      if (found.unusual || found.error) return slow(block);
      if (found.usage !== 'report') return { bytes: rewrite(block, from, end, found, false), measure: found.measure };
      // The usage report: parsed (the one event per stream that is), and forwarded in the
      // upstream's own words when the caller asked for it.
      const event = decoded(block.toString('utf8', from, end));
      if (options.includeUsage && event.bytes) event.bytes = rewrite(block, from, end, found, true);
      return event;
    },
  };
}
