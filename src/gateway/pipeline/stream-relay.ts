import type { Readable } from 'node:stream';
import { measureChunk } from '../providers/chunk-measure';
import type { ChatCompletionChunk, StreamMapper, StreamOutput, UpstreamErrorInfo, Usage } from '../providers/types';
import { SseEventDecoder, SseLineDecoder, type SseEvent } from '../sse/sse-decoder';
import type { SseWriter } from '../sse/sse-writer';
import type { SurfaceStreamEncoder } from '../surfaces/surface';
import type { AttemptControl } from '../upstream/attempt-control';
import { failureFromError, failureFromInfo, type AttemptFailure } from '../upstream/upstream-call';

export interface StreamRelayResult {
  /**
   * COMPLETED: the upstream finished. CLIENT_GONE: the caller left. UPSTREAM_BROKE: failed after
   * the caller got the first bytes. FAILED_BEFORE_COMMIT: failed before; another channel may try.
   */
  status: 'COMPLETED' | 'CLIENT_GONE' | 'UPSTREAM_BROKE' | 'FAILED_BEFORE_COMMIT';
  /** The upstream's own count, when it sent one before the end. */
  usage: Usage | undefined;
  /** UTF-8 bytes of completion text (content, reasoning, tool arguments) the caller received. */
  deliveredBytes: number;
  contentChunks: number;
  failure?: AttemptFailure;
  /** Pass-through only: the upstream's own end-of-stream events ('' if none), held back until the charge is settled. */
  heldTail?: string;
}

export interface RelayOptions {
  /** Renders internal chunks in the caller's protocol. */
  encoder: SurfaceStreamEncoder;
  onFirstToken(): void;
}

/** How long a finished upstream response may take to close after its last event before we drop it. */
const DRAIN_GRACE_MS = 5_000;

/**
 * Pumps one upstream SSE body to the caller: bytes -> events (the shared decoder) -> the
 * adapter's chunks -> the surface's encoding, one write at a time with back-pressure. On
 * same-protocol pass-through the adapter still reads every event (usage, end, errors) but the
 * caller gets the upstream's own event (`raw`). It does not write the stream's end: the
 * handler settles the charge first, then ends the response.
 */
export async function relayStream(
  body: Readable,
  mapper: StreamMapper,
  writer: SseWriter,
  control: AttemptControl,
  options: RelayOptions,
): Promise<StreamRelayResult> {
  const lines = new SseLineDecoder();
  const events = new SseEventDecoder();
  const result: StreamRelayResult = { status: 'COMPLETED', usage: undefined, deliveredBytes: 0, contentChunks: 0 };
  let sawEvent = false;
  let finished = false;
  let done = false;
  let upstreamError: UpstreamErrorInfo | undefined;
  let clientGone = false;

  // Chunks that carry nothing usable (the role-only first chunk, empty deltas, a pass-through's
  // message_start) wait here until one does, so that an upstream failing right after them has
  // still sent the caller nothing and the next channel can be tried, as for a failure before the
  // first byte.
  let heldBack = '';
  let usable = false;
  const count = (chunk: ChatCompletionChunk): boolean => {
    const text = measureChunk(chunk);
    if (text.finished) finished = true;
    if (text.bytes > 0) {
      if (result.contentChunks === 0) options.onFirstToken();
      result.contentChunks++;
      result.deliveredBytes += text.bytes;
    }
    return text.bytes > 0 || text.finished || text.toolCall || !!chunk.usage;
  };
  const send = async (data: string): Promise<void> => {
    const payload = heldBack + data;
    heldBack = '';
    if (payload && !(await writer.write(payload))) clientGone = true;
  };
  const emit = async (data: string, carriesSomething: boolean): Promise<void> => {
    if (!usable && !carriesSomething) {
      heldBack += data;
      return;
    }
    usable = true;
    await send(data);
  };

  const handleOutput = async (out: StreamOutput): Promise<void> => {
    if (out.usage) result.usage = out.usage;
    if (out.raw !== undefined) {
      let carriesSomething = false;
      for (const chunk of out.chunks) if (count(chunk)) carriesSomething = true;
      // Set on every pass-through (empty until an end marker is held), so the surface knows it was one.
      result.heldTail ??= '';
      // The upstream's own error event is not forwarded: the surface renders the outcome itself.
      if (out.done || out.holdRaw) result.heldTail += out.raw;
      else if (!out.error && out.raw) await emit(options.encoder.frame ? options.encoder.frame(out.raw) : out.raw, carriesSomething);
    } else {
      for (const chunk of out.chunks) {
        const carriesSomething = count(chunk);
        await emit(options.encoder.chunk(chunk), carriesSomething);
        if (clientGone) return;
      }
    }
    if (out.error) upstreamError = out.error;
    if (out.done) done = true;
  };

  const handle = async (event: SseEvent): Promise<void> => {
    if (!sawEvent) {
      sawEvent = true;
      control.firstByte();
    }
    await handleOutput(mapper.push(event));
  };

  const stopped = () => done || clientGone || upstreamError !== undefined;
  const iterator = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  writer.armKeepAlive();
  try {
    while (!stopped()) {
      const next = await iterator.next();
      if (next.done) break;
      for (const line of lines.push(next.value)) {
        const event = events.pushLine(line);
        if (event) await handle(event);
        if (stopped()) break;
      }
    }
    if (!stopped()) {
      for (const line of lines.end()) {
        const event = events.pushLine(line);
        if (event && !stopped()) await handle(event);
      }
      const last = events.end();
      if (last && !stopped()) await handle(last);
      // Protocols without an end-of-stream event (Gemini) say at the end whether the answer was whole.
      if (!stopped()) await handleOutput(mapper.end());
    }
  } catch (err) {
    const failure = failureFromError(err, control);
    if (failure.kind === 'CLIENT_GONE') return { ...result, status: 'CLIENT_GONE' };
    return { ...result, status: writer.committed ? 'UPSTREAM_BROKE' : 'FAILED_BEFORE_COMMIT', failure };
  }

  return concludeRelay(result, { clientGone, done, upstreamError, finished }, body, iterator, writer, control, async () => {
    await send('');
    return !clientGone;
  });
}

/** How the relay loop left the stream. */
export interface RelayEnding {
  clientGone: boolean;
  /** The upstream's end marker arrived. */
  done: boolean;
  upstreamError: UpstreamErrorInfo | undefined;
  /** A choice said it finished. */
  finished: boolean;
}

/**
 * The verdict once the relay loop stopped without throwing: who ended the stream and whether
 * the caller got a whole answer. `flush` sends what was held back (a stream that ended with
 * nothing usable still answers with what it sent) and says whether the caller is still there.
 */
export async function concludeRelay(
  result: StreamRelayResult,
  ending: RelayEnding,
  body: Readable,
  iterator: AsyncIterator<Buffer>,
  writer: SseWriter,
  control: AttemptControl,
  flush: () => Promise<boolean>,
): Promise<StreamRelayResult> {
  const { done, upstreamError, finished } = ending;
  if (ending.clientGone || control.cause === 'CLIENT_GONE') {
    body.destroy();
    return { ...result, status: 'CLIENT_GONE' };
  }
  if (done) {
    const stillThere = await flush();
    drainQuietly(iterator, body);
    return stillThere ? result : { ...result, status: 'CLIENT_GONE' };
  }
  if (upstreamError) {
    body.destroy();
    // Before the caller saw anything, an error event is as good as an error status: fail over
    // unless it blames the request itself.
    const failure = failureFromInfo(upstreamError);
    if (!writer.committed) failure.retryable = !failure.callerError;
    return { ...result, status: writer.committed ? 'UPSTREAM_BROKE' : 'FAILED_BEFORE_COMMIT', failure };
  }
  // The body ended without the protocol's end marker: complete if the model said it finished.
  if (finished && writer.committed) return result;
  const failure: AttemptFailure = { kind: 'ERROR', status: 200, message: 'the upstream closed the stream before it finished', retryable: true, keyInvalid: false };
  return { ...result, status: writer.committed ? 'UPSTREAM_BROKE' : 'FAILED_BEFORE_COMMIT', failure };
}

/**
 * After the end marker the caller is answered at once; the rest of the upstream body (usually
 * just the chunked-encoding terminator) is read in the background so its keep-alive connection
 * returns to the pool instead of being torn down.
 */
function drainQuietly(iterator: AsyncIterator<Buffer>, body: Readable): void {
  const timer = setTimeout(() => body.destroy(), DRAIN_GRACE_MS);
  timer.unref();
  void (async () => {
    try {
      while (!(await iterator.next()).done);
    } catch {
      // Nothing depends on the tail of a finished stream.
    } finally {
      clearTimeout(timer);
    }
  })();
}
