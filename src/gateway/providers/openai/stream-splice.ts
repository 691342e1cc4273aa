import { measureChunk, type ChunkMeasure } from '../chunk-measure';
import { SseEventDecoder, SseLineDecoder } from '../../sse/sse-decoder';
import type { ChatCompletionChunk, ResponseContext, SplicedEvent, StreamMapper, StreamSplicer } from '../types';
import { createOpenAIStreamMapper } from './stream';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LF = 0x0a;
const DATA = Buffer.from('data:');
const DONE = Buffer.from('[DONE]');
const key = (name: string) => Buffer.from(`"${name}"`);
const MODEL = key('model');
const USAGE = key('usage');
const ERROR = key('error');
const FINISH = key('finish_reason');
const TOOL_CALLS = key('tool_calls');
// Every string field whose text the caller receives as completion (as measureChunk counts it).
const TEXT_FIELDS = ['content', 'reasoning_content', 'reasoning', 'refusal', 'arguments', 'name'].map(key);
const NOTHING_MEASURED: ChunkMeasure = { bytes: 0, finished: false, toolCall: false };

function isSpace(c: number | undefined): boolean {
  return c === 0x20 || c === 0x09 || c === LF || c === 0x0d;
}

/**
 * Where the value of the first member named `name` starts (after its colon), or -1. A quoted
 * name followed by a colon cannot occur inside a JSON string (its quotes would be escaped), so
 * a plain byte search finds only real members.
 */
function valueOf(json: Buffer, name: Buffer, from = 0): { key: number; value: number } {
  let at = json.indexOf(name, from);
  while (at !== -1) {
    let i = at + name.length;
    while (isSpace(json[i])) i++;
    if (json[i] === 0x3a /* : */) {
      i++;
      while (isSpace(json[i])) i++;
      return { key: at, value: i };
    }
    at = json.indexOf(name, at + 1);
  }
  return { key: -1, value: -1 };
}

/** The closing quote of the string whose opening quote is at `open`, or -1. */
function stringEnd(json: Buffer, open: number): number {
  let end = json.indexOf(QUOTE, open + 1);
  while (end !== -1) {
    let slashes = 0;
    while (json[end - 1 - slashes] === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return end;
    end = json.indexOf(QUOTE, end + 1);
  }
  return -1;
}

/** UTF-8 bytes of the text a JSON string literal stands for (escapes decoded only when there are any). */
function textBytes(json: Buffer, open: number, close: number): number {
  const slash = json.indexOf(BACKSLASH, open + 1);
  if (slash === -1 || slash > close) return close - open - 1;
  return Buffer.byteLength(JSON.parse(json.toString('utf8', open, close + 1)) as string);
}

/** What a chunk delivered, read from its bytes: the same numbers as measureChunk on the parsed chunk. */
function measureBytes(json: Buffer): ChunkMeasure {
  let bytes = 0;
  for (const field of TEXT_FIELDS) {
    let from = 0;
    for (;;) {
      const found = valueOf(json, field, from);
      if (found.value === -1) break;
      from = found.value;
      if (json[found.value] !== QUOTE) continue;
      const close = stringEnd(json, found.value);
      if (close === -1) break;
      bytes += textBytes(json, found.value, close);
      from = close + 1;
    }
  }
  const finish = valueOf(json, FINISH).value;
  const finished = finish !== -1 && json[finish] !== 0x6e; /* n(ull) */
  const tools = valueOf(json, TOOL_CALLS).value;
  let toolCall = false;
  if (tools !== -1 && json[tools] === 0x5b /* [ */) {
    let i = tools + 1;
    while (isSpace(json[i])) i++;
    toolCall = json[i] !== 0x5d; /* ] */
  }
  return { bytes, finished, toolCall };
}

/** `"usage":null` with the comma that separates it from its neighbour, as [start, end), or undefined. */
function nullUsageSpan(json: Buffer, found: { key: number; value: number }): [number, number] | undefined {
  if (json.toString('latin1', found.value, found.value + 4) !== 'null') return undefined;
  let start = found.key;
  let end = found.value + 4;
  let before = start - 1;
  while (isSpace(json[before])) before--;
  if (json[before] === 0x2c /* , */) return [before, end];
  while (isSpace(json[end])) end++;
  if (json[end] === 0x2c) return [start, end + 1];
  return [start, found.value + 4];
}

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

  /** Rewrites one event's JSON, leaving everything else as it came; undefined: send nothing. */
  const rewrite = (prefix: Buffer, json: Buffer, usageChunk: boolean): Buffer | undefined => {
    const cuts: Array<[number, number, Buffer | undefined]> = [];
    const named = valueOf(json, MODEL);
    if (named.value !== -1 && json[named.value] === QUOTE) {
      const close = stringEnd(json, named.value);
      if (close !== -1) cuts.push([named.value, close + 1, model]);
    }
    if (!options.includeUsage && !usageChunk) {
      const usage = valueOf(json, USAGE);
      const span = usage.value === -1 ? undefined : nullUsageSpan(json, usage);
      if (span) cuts.push([span[0], span[1], undefined]);
    }
    if (cuts.length === 0) return undefined;
    cuts.sort((a, b) => a[0] - b[0]);
    const parts: Buffer[] = [prefix];
    let at = 0;
    for (const [start, end, insert] of cuts) {
      parts.push(json.subarray(at, start));
      if (insert) parts.push(insert);
      at = end;
    }
    parts.push(json.subarray(at), Buffer.from('\n\n'));
    return Buffer.concat(parts);
  };

  /** The decoding way for one event's data: what the adapter reads, rendered as a chat chunk. */
  const decoded = (data: string, original: Buffer | undefined): SplicedEvent => {
    const out = mapper.push({ event: undefined, data, id: undefined });
    if (out.done) {
      done = true;
      return { bytes: original ?? Buffer.from('data: [DONE]\n\n'), measure: NOTHING_MEASURED, done: true };
    }
    if (out.error) return { bytes: undefined, measure: NOTHING_MEASURED, error: out.error };
    const chunk: ChatCompletionChunk | undefined = out.chunks[0];
    if (!chunk) return { bytes: undefined, measure: NOTHING_MEASURED };
    const measure = measureChunk(chunk);
    const event: SplicedEvent = { bytes: undefined, measure, ...(out.usage ? { usage: out.usage } : {}) };
    if (!options.includeUsage && chunk.usage !== undefined) {
      if (chunk.choices.length === 0 && chunk.usage) return event;
      delete chunk.usage;
    } else if (original) {
      // The caller asked for usage: its report reaches it in the upstream's own words.
      const colon = original.indexOf(0x3a);
      const json = original.subarray(colon + (original[colon + 1] === 0x20 ? 2 : 1), original.length - 2);
      event.bytes = rewrite(original.subarray(0, original.length - json.length - 2), json, true) ?? original;
      return event;
    }
    event.bytes = Buffer.from(`data: ${JSON.stringify(chunk)}\n\n`);
    return event;
  };

  /**
   * A block the fast way cannot take, decoded as the spec says. The splitter cuts at the first
   * blank line, so a block holds one event at most.
   */
  const slow = (block: Buffer): SplicedEvent => {
    const lines = new SseLineDecoder();
    const events = new SseEventDecoder();
    for (const line of [...lines.push(block), ...lines.end()]) {
      const event = events.pushLine(line);
      if (event) return decoded(event.data, undefined);
    }
    const last = events.end();
    return last ? decoded(last.data, undefined) : { bytes: undefined, measure: NOTHING_MEASURED };
  };

  return {
    splice(block: Buffer): SplicedEvent {
      if (done) return { bytes: undefined, measure: NOTHING_MEASURED };
      // The usual event: one `data:` line holding a JSON object (or [DONE]), LF line ends.
      const firstLf = block.indexOf(LF);
      if (!block.subarray(0, DATA.length).equals(DATA) || firstLf !== block.length - 2 || block[block.length - 1] !== LF || block.indexOf(0x0d) !== -1) {
        return slow(block);
      }
      const start = block[DATA.length] === 0x20 ? DATA.length + 1 : DATA.length;
      const json = block.subarray(start, block.length - 2);
      if (json.equals(DONE)) {
        done = true;
        return { bytes: block, measure: NOTHING_MEASURED, done: true };
      }
      if (json[0] !== 0x7b || json[json.length - 1] !== 0x7d) return decoded(json.toString(), undefined);
      const usage = valueOf(json, USAGE).value;
      if ((usage !== -1 && json[usage] === 0x7b) || valueOf(json, ERROR).value !== -1) return decoded(json.toString(), block);
      return { bytes: rewrite(block.subarray(0, start), json, false) ?? block, measure: measureBytes(json) };
    },
  };
}
