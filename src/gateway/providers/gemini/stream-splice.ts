import { measureChunks, NOTHING_MEASURED } from '../chunk-measure';
import { bytesAre, replaceSpan, stringTextBytes, walkJsonMembers, type JsonMemberVisitor } from '../json-bytes';
import { simpleEventOf } from '../../sse/sse-blocks';
import { decodeSseBlock } from '../../sse/sse-decoder';
import type { ResponseContext, SplicedEvent, StreamSplicer } from '../types';
import { GeminiStreamMapper } from './stream';

const name = (text: string) => Buffer.from(text);
const MODEL_VERSION = name('modelVersion');
const USAGE_METADATA = name('usageMetadata');
const CANDIDATES = name('candidates');
const CONTENT = name('content');
const PARTS = name('parts');
const TEXT = name('text');
/** Members that make an event one for the mapper: the end of the answer, a whole function call, an error, a blocked prompt. */
const FOR_THE_MAPPER = [name('finishReason'), name('functionCall'), name('error'), name('promptFeedback')];

/**
 * What the walk over one GenerateContentResponse found. Its text is counted only in the first
 * candidate's `content.parts[].text` (what the mapper reads); an event with a second candidate,
 * or anything in FOR_THE_MAPPER, is left to the mapper.
 */
class ResponseScan implements JsonMemberVisitor {
  modelSpan: [number, number] = [-1, -1];
  bytes = 0;
  hasUsage = false;
  forMapper = false;
  private candidates = 0;
  private inCandidates = false;
  private inContent = false;
  private inParts = false;
  private reading: 'model' | 'text' | undefined;

  member(b: Buffer, start: number, end: number, depth: number): boolean {
    this.reading = undefined;
    if (depth === 1) {
      this.inCandidates = bytesAre(b, start, end, CANDIDATES);
      if (bytesAre(b, start, end, MODEL_VERSION) && this.modelSpan[0] === -1) this.reading = 'model';
      else if (bytesAre(b, start, end, USAGE_METADATA)) this.hasUsage = true;
    } else if (depth === 3 && this.inCandidates) {
      this.inContent = bytesAre(b, start, end, CONTENT);
      this.inParts = false;
      if (this.inContent && ++this.candidates > 1) this.forMapper = true;
    } else if (depth === 4) {
      this.inParts = this.inContent && bytesAre(b, start, end, PARTS);
    } else if (depth === 6 && this.inParts && bytesAre(b, start, end, TEXT)) {
      this.reading = 'text';
    }
    if (!this.forMapper) for (const special of FOR_THE_MAPPER) if (bytesAre(b, start, end, special)) this.forMapper = true;
    return this.reading !== undefined;
  }

  value(b: Buffer, open: number, close: number, escaped: boolean): void {
    if (this.reading === 'model') this.modelSpan = [open, close + 1];
    else this.bytes += stringTextBytes(b, open, close, escaped);
  }
}

/**
 * Gemini caller asking for `alt=sse`, Gemini channel: each GenerateContentResponse reaches the
 * caller as Google wrote it, `modelVersion` replaced by the catalogue id. The events that only
 * carry text are walked for the text they deliver; the finishing one (with the final
 * usageMetadata), function calls, errors and blocked prompts go through the adapter's mapper,
 * which keeps the usage and decides at the end whether the answer was whole. Usage metadata
 * repeats on every event and the last one counts, so the last one walked past is kept and read
 * only if the finishing event lacks its own. An event in an unusual form is decoded and written
 * anew.
 */
export function createGeminiStreamSplicer(ctx: ResponseContext): StreamSplicer {
  const mapper = new GeminiStreamMapper(ctx);
  const model = Buffer.from(JSON.stringify(ctx.model));
  /** The JSON of the last event walked past that carried usage metadata, not yet read by the mapper (a view, not a copy). */
  let unreadUsage: Buffer | undefined;
  const readUnreadUsage = () => {
    if (unreadUsage !== undefined) mapper.push({ event: undefined, data: unreadUsage.toString(), id: undefined });
    unreadUsage = undefined;
  };
  let finished = false;

  const throughMapper = (data: string, bytes: Buffer | undefined, carriesUsage: boolean): SplicedEvent => {
    if (carriesUsage) unreadUsage = undefined;
    else readUnreadUsage();
    const out = mapper.push({ event: undefined, data, id: undefined });
    const measure = measureChunks(out.chunks);
    const usage = out.usage ? { usage: out.usage } : {};
    if (out.error) return { bytes: undefined, measure, error: out.error, ...usage };
    if (out.usage || measure.finished) finished = true;
    return { bytes, measure, ...usage };
  };

  /** The decoding way: the response framed as Google frames it, `modelVersion` replaced. */
  const decoded = (block: Buffer): SplicedEvent => {
    const event = decodeSseBlock(block);
    if (!event) return { bytes: undefined, measure: NOTHING_MEASURED };
    let data = event.data;
    try {
      const parsed = JSON.parse(data) as Record<string, unknown>;
      if (parsed && typeof parsed === 'object' && 'modelVersion' in parsed) data = JSON.stringify({ ...parsed, modelVersion: ctx.model });
    } catch {
      // the mapper reports a malformed event
    }
    return throughMapper(event.data, Buffer.from(`data: ${data}\r\n\r\n`), false);
  };

  return {
    splice(block: Buffer): SplicedEvent {
      const framed = simpleEventOf(block);
      if (!framed || framed.nameStart !== -1 || block[framed.dataStart] !== 0x7b) return decoded(block);
      const scan = new ResponseScan();
      if (!walkJsonMembers(block, framed.dataStart, framed.dataEnd, scan)) return decoded(block);
      const [modelStart, modelEnd] = scan.modelSpan;
      const bytes = modelStart !== -1 && !bytesAre(block, modelStart, modelEnd, model) ? replaceSpan(block, modelStart, modelEnd, model) : block;
      if (scan.forMapper || finished) return throughMapper(block.toString('utf8', framed.dataStart, framed.dataEnd), bytes, scan.hasUsage);
      if (scan.hasUsage) unreadUsage = block.subarray(framed.dataStart, framed.dataEnd);
      return { bytes, measure: scan.bytes > 0 ? { bytes: scan.bytes, finished: false, toolCall: false } : NOTHING_MEASURED };
    },
    end(): SplicedEvent {
      readUnreadUsage();
      const out = mapper.end();
      return { bytes: undefined, measure: NOTHING_MEASURED, ...(out.usage ? { usage: out.usage } : {}), ...(out.done ? { done: true } : {}) };
    },
  };
}
