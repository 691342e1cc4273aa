import { measureChunks, NOTHING_MEASURED, type ChunkMeasure } from '../chunk-measure';
import { bytesAre, replaceSpan, spansEqual, stringTextBytes, walkJsonMembers, type JsonMemberVisitor } from '../json-bytes';
import { simpleEventOf } from '../../sse/sse-blocks';
import { decodeSseBlock, type SseEvent } from '../../sse/sse-decoder';
import type { ResponseContext, SplicedEvent, StreamSplicer } from '../types';
import { AnthropicStreamMapper } from './stream';

const name = (text: string) => Buffer.from(text);
const TYPE = name('type');
const MODEL = name('model');
const MESSAGE_START = name('message_start');
const CONTENT_BLOCK_DELTA = name('content_block_delta');
const CONTENT_BLOCK_STOP = name('content_block_stop');
const PING = name('ping');
/** The delta members whose text the caller receives as completion (as the mapper turns them into chunks). */
const TEXT = name('text');
const THINKING = name('thinking');
const PARTIAL_JSON = name('partial_json');

/**
 * What the walk over one event's JSON found: its `type`, `message.model` on message_start, and
 * the completion text a content_block_delta carries.
 */
class EventScan implements JsonMemberVisitor {
  typeSpan: [number, number] = [-1, -1];
  modelSpan: [number, number] = [-1, -1];
  bytes = 0;
  toolCall = false;
  private reading: 'type' | 'model' | 'text' | 'json' | undefined;

  member(b: Buffer, start: number, end: number, depth: number): boolean {
    this.reading = undefined;
    if (depth === 1 && bytesAre(b, start, end, TYPE)) this.reading = 'type';
    else if (depth === 2) {
      if (bytesAre(b, start, end, TEXT) || bytesAre(b, start, end, THINKING)) this.reading = 'text';
      else if (bytesAre(b, start, end, PARTIAL_JSON)) this.reading = 'json';
      else if (bytesAre(b, start, end, MODEL) && this.modelSpan[0] === -1) this.reading = 'model';
    }
    return this.reading !== undefined;
  }

  value(b: Buffer, open: number, close: number, escaped: boolean): void {
    if (this.reading === 'type') this.typeSpan = [open + 1, close];
    else if (this.reading === 'model') this.modelSpan = [open, close + 1];
    else {
      const bytes = stringTextBytes(b, open, close, escaped);
      this.bytes += bytes;
      // An empty fragment is no tool call yet, as the mapper sees it.
      if (this.reading === 'json' && bytes > 0) this.toolCall = true;
    }
  }
}

/**
 * Anthropic caller, Anthropic channel: each event reaches the caller as the upstream wrote it.
 * The text deltas (nearly every event of a stream), pings and block stops are only walked for
 * the text they deliver; message_start has its `message.model` replaced by the catalogue id (and
 * is read for the prompt's usage); the few others (content_block_start, message_delta with the
 * final usage, message_stop, error, types not known yet) go through the adapter's mapper, which
 * keeps the usage and the end of the stream, while their bytes still pass as they came. An event
 * in an unusual form (comments, several data lines, mixed line ends) is decoded and written
 * anew, as the decoding way does.
 */
export function createAnthropicStreamSplicer(ctx: ResponseContext): StreamSplicer {
  const mapper = new AnthropicStreamMapper(ctx);
  const model = Buffer.from(JSON.stringify(ctx.model));
  let done = false;

  const throughMapper = (event: SseEvent, bytes: Buffer | undefined): SplicedEvent => {
    const out = mapper.push(event);
    const measure = measureChunks(out.chunks);
    const usage = out.usage ? { usage: out.usage } : {};
    // The upstream's error event is not forwarded: the pipeline renders the outcome itself.
    if (out.error) return { bytes: undefined, measure, error: out.error, ...usage };
    if (out.done) {
      done = true;
      return { bytes, measure, done: true, ...usage };
    }
    return { bytes, measure, ...usage };
  };

  /** The decoding way, for an event in an unusual form: its fields written out again, the model replaced. */
  const decoded = (block: Buffer): SplicedEvent => {
    const event = decodeSseBlock(block);
    if (!event) return { bytes: undefined, measure: NOTHING_MEASURED };
    return throughMapper(event, Buffer.from(anthropicEventFor(event, ctx.model)));
  };

  return {
    splice(block: Buffer): SplicedEvent {
      if (done) return { bytes: undefined, measure: NOTHING_MEASURED };
      const framed = simpleEventOf(block);
      if (!framed || framed.nameStart === -1 || block[framed.dataStart] !== 0x7b) return decoded(block);
      const scan = new EventScan();
      if (!walkJsonMembers(block, framed.dataStart, framed.dataEnd, scan)) return decoded(block);
      const [typeStart, typeEnd] = scan.typeSpan;
      // The event's name and its data's type agree, as Anthropic always writes them; else decode.
      if (typeStart === -1 || !spansEqual(block, framed.nameStart, framed.nameEnd, typeStart, typeEnd)) return decoded(block);
      const named = (type: Buffer) => bytesAre(block, typeStart, typeEnd, type);
      if (named(CONTENT_BLOCK_DELTA)) {
        const measure: ChunkMeasure = scan.bytes > 0 || scan.toolCall ? { bytes: scan.bytes, finished: false, toolCall: scan.toolCall } : NOTHING_MEASURED;
        return { bytes: block, measure };
      }
      if (named(PING) || named(CONTENT_BLOCK_STOP)) return { bytes: block, measure: NOTHING_MEASURED };
      const event: SseEvent = { event: block.toString('latin1', framed.nameStart, framed.nameEnd), data: block.toString('utf8', framed.dataStart, framed.dataEnd), id: undefined };
      let bytes = block;
      const [modelStart, modelEnd] = scan.modelSpan;
      if (named(MESSAGE_START) && modelStart !== -1 && !bytesAre(block, modelStart, modelEnd, model)) bytes = replaceSpan(block, modelStart, modelEnd, model);
      return throughMapper(event, bytes);
    },
  };
}

/** One decoded Anthropic event written out again for the caller, message_start's model set to `model`. */
export function anthropicEventFor(event: SseEvent, model: string): string {
  let data = event.data;
  if (event.event === 'message_start') {
    try {
      const parsed = JSON.parse(data) as { message?: { model?: string } };
      if (parsed.message && typeof parsed.message === 'object') {
        parsed.message.model = model;
        data = JSON.stringify(parsed);
      }
    } catch {
      // the mapper reports a malformed event
    }
  }
  return `${event.event ? `event: ${event.event}\n` : ''}data: ${data}\n\n`;
}
