import { measureChunks, type ChunkMeasure } from '../../src/gateway/providers/chunk-measure';
import type { StreamMapper, SplicedEvent, StreamSplicer, Usage } from '../../src/gateway/providers/types';
import { SseBlockSplitter } from '../../src/gateway/sse/sse-blocks';
import { decodeSse } from '../../src/gateway/sse/sse-decoder';

// Drives a byte-level stream splicer as the relay does (splitter -> splicer, end at the body's
// end) and, for comparison, the adapter's mapper the decoding way, so a test can hold a splicer
// to "the caller gets the upstream's bytes except the spliced fields, and the gateway counts
// the same as when it decodes everything".

export interface SpliceRun {
  /** Everything the caller would receive, concatenated (the end marker included). */
  text: string;
  events: SplicedEvent[];
  /** What the relay would count: delivered text bytes, a finish, a tool call. */
  totals: ChunkMeasure;
  usage: Usage | undefined;
  done: boolean;
  error: boolean;
}

export function runSplicer(create: () => StreamSplicer, reads: Buffer[]): SpliceRun {
  const splitter = new SseBlockSplitter();
  const splicer = create();
  const events: SplicedEvent[] = [];
  let stopped = false;
  const take = (event: SplicedEvent) => {
    events.push(event);
    if (event.done || event.error) stopped = true;
  };
  for (const read of reads) for (const block of splitter.push(read)) if (!stopped) take(splicer.splice(block));
  const rest = splitter.end();
  if (rest && !stopped) take(splicer.splice(Buffer.concat([rest, Buffer.from('\n\n')])));
  if (!stopped && splicer.end) take(splicer.end());
  const totals = { bytes: 0, finished: false, toolCall: false };
  for (const e of events) {
    totals.bytes += e.measure.bytes;
    totals.finished ||= e.measure.finished;
    totals.toolCall ||= e.measure.toolCall;
  }
  return {
    text: Buffer.concat(events.flatMap((e) => (e.bytes ? [e.bytes] : []))).toString(),
    events,
    totals,
    usage: events.reduce<Usage | undefined>((last, e) => e.usage ?? last, undefined),
    done: events.some((e) => e.done),
    error: events.some((e) => e.error),
  };
}

/** The same stream the decoding way: every event through the adapter's mapper. */
export async function runMapper(mapper: StreamMapper, upstream: string): Promise<Omit<SpliceRun, 'text' | 'events'>> {
  const totals = { bytes: 0, finished: false, toolCall: false };
  let usage: Usage | undefined;
  let done = false;
  let error = false;
  const add = (out: ReturnType<StreamMapper['push']>) => {
    const m = measureChunks(out.chunks);
    totals.bytes += m.bytes;
    totals.finished ||= m.finished;
    totals.toolCall ||= m.toolCall;
    if (out.usage) usage = out.usage;
    if (out.done) done = true;
    if (out.error) error = true;
  };
  async function* body(): AsyncGenerator<Uint8Array> {
    yield Buffer.from(upstream);
  }
  for await (const event of decodeSse(body())) {
    add(mapper.push(event));
    if (done || error) break;
  }
  if (!done && !error) add(mapper.end());
  return { totals, usage, done, error };
}

/** A deterministic generator (mulberry32), so random cuts are the same on every run. */
export function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `whole` cut into reads: at every single offset, byte by byte, and at random offsets (fixed seed). */
export function everyCut(whole: Buffer): Buffer[][] {
  const cuts: Buffer[][] = [];
  for (let cut = 1; cut < whole.length; cut++) cuts.push([whole.subarray(0, cut), whole.subarray(cut)]);
  cuts.push([...whole].map((b) => Buffer.from([b])));
  const random = seeded(22);
  for (let round = 0; round < 50; round++) {
    const reads: Buffer[] = [];
    let at = 0;
    while (at < whole.length) {
      const size = 1 + Math.floor(random() * 40);
      reads.push(whole.subarray(at, at + size));
      at += size;
    }
    cuts.push(reads);
  }
  return cuts;
}
