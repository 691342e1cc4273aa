import type { Readable } from 'node:stream';
import type { SplicedEvent, StreamSplicer, UpstreamErrorInfo } from '../providers/types';
import { SseBlockSplitter } from '../sse/sse-blocks';
import type { SseWriter } from '../sse/sse-writer';
import type { AttemptControl } from '../upstream/attempt-control';
import { failureFromError } from '../upstream/upstream-call';
import { concludeRelay, type StreamRelayResult } from './stream-relay';

const EVENT_END = Buffer.from('\n\n');

/**
 * relayStream's byte-level twin for a same-protocol pass-through that can splice: each upstream
 * read is cut into whole events, each event spliced (not decoded and encoded again), and what
 * one read produced reaches the caller in one write. It keeps relayStream's rules: events that
 * carry nothing usable wait until one does (so a failure right after them may still fail over),
 * the end marker is held back until the charge is settled, and the first text marks the first
 * token.
 */
export async function relaySplicedStream(
  body: Readable,
  splicer: StreamSplicer,
  writer: SseWriter,
  control: AttemptControl,
  options: { onFirstToken(): void },
): Promise<StreamRelayResult> {
  const blocks = new SseBlockSplitter();
  const result: StreamRelayResult = { status: 'COMPLETED', usage: undefined, deliveredBytes: 0, contentChunks: 0, heldTail: '' };
  let sawEvent = false;
  let finished = false;
  let done = false;
  let upstreamError: UpstreamErrorInfo | undefined;
  let clientGone = false;
  let usable = false;
  let out: Buffer[] = [];

  const take = (event: SplicedEvent): void => {
    if (!sawEvent) {
      sawEvent = true;
      control.firstByte();
    }
    if (event.usage) result.usage = event.usage;
    if (event.error) {
      upstreamError = event.error;
      return;
    }
    if (event.done) {
      done = true;
      if (event.bytes) result.heldTail = event.bytes.toString();
      return;
    }
    const measure = event.measure;
    if (measure.finished) finished = true;
    if (measure.bytes > 0) {
      if (result.contentChunks === 0) options.onFirstToken();
      result.contentChunks++;
      result.deliveredBytes += measure.bytes;
    }
    if (measure.bytes > 0 || measure.finished || measure.toolCall || event.usage) usable = true;
    if (event.bytes) out.push(event.bytes);
  };
  // Sends what this read produced, unless nothing usable has come yet (then it keeps waiting).
  const flush = async (force: boolean): Promise<void> => {
    if (out.length === 0 || (!usable && !force)) return;
    const data = out.length === 1 ? out[0]! : Buffer.concat(out);
    out = [];
    if (!(await writer.write(data))) clientGone = true;
  };
  const stopped = () => done || clientGone || upstreamError !== undefined;

  const iterator = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  writer.armKeepAlive();
  try {
    while (!stopped()) {
      const next = await iterator.next();
      if (next.done) break;
      for (const block of blocks.push(next.value)) {
        take(splicer.splice(block));
        if (stopped()) break;
      }
      await flush(false);
    }
    if (!stopped()) {
      const rest = blocks.end();
      // An event the upstream did not end with a blank line still counts, ended for the caller.
      if (rest) take(splicer.splice(Buffer.concat([rest, EVENT_END])));
      // Protocols without an end-of-stream event (Gemini) say at the end whether the answer was whole.
      if (!stopped() && splicer.end) take(splicer.end());
      await flush(false);
    }
  } catch (err) {
    const failure = failureFromError(err, control);
    if (failure.kind === 'CLIENT_GONE') return { ...result, status: 'CLIENT_GONE' };
    return { ...result, status: writer.committed ? 'UPSTREAM_BROKE' : 'FAILED_BEFORE_COMMIT', failure };
  }
  return concludeRelay(result, { clientGone, done, upstreamError, finished }, body, iterator, writer, control, async () => {
    await flush(true);
    return !clientGone;
  });
}
