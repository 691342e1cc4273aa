import type { UpstreamMode } from './chaos-upstream';

/** What one request did, as its caller saw it. */
export interface RequestRecord {
  requestId: string | null;
  mode: UpstreamMode;
  stream: boolean;
  /** HTTP status; 0: no response (connection refused or reset). */
  status: number;
  /** Content chunks (streams) the caller received; for JSON 1 when an answer with content arrived. */
  contentChunks: number;
  /** A stream that ended with `[DONE]` and no error event, or a whole JSON answer. */
  complete: boolean;
  errorEvent: boolean;
}

/** The caller received output: a whole JSON answer, or at least one content chunk of a stream. */
export const delivered = (r: RequestRecord): boolean => r.contentChunks > 0;

export interface LoadOptions {
  /** Where each request goes (asked per request: a test moves load between instances, or holds it while one restarts). */
  target: () => Promise<string>;
  keys: readonly string[];
  /** The modes requests cycle through. */
  modes: readonly UpstreamMode[];
  workers: number;
  /** Stop after this many requests in all (bounded loops). */
  maxRequests: number;
  /** Fraction of requests that stream. */
  streamShare?: number;
}

export interface Load {
  records: RequestRecord[];
  /** Resolves when every worker has finished (stop() or maxRequests). */
  done: Promise<void>;
  stop(): Promise<void>;
}

export const MAX_TOKENS = 16;

/** Every request the same size, so every request has the same hold whatever its mode. */
export function promptOf(mode: UpstreamMode, n: number): string {
  return `mode=${mode};${'.'.repeat(14 - mode.length)}n=${String(n).padStart(9, '0')}`;
}

export async function oneRequest(base: string, key: string, mode: UpstreamMode, stream: boolean, n: number): Promise<RequestRecord> {
  const record: RequestRecord = { requestId: null, mode, stream, status: 0, contentChunks: 0, complete: false, errorEvent: false };
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), 20_000);
  try {
    const res = await fetch(`${base}/v1/chat/completions`, {
      method: 'POST',
      signal: abort.signal,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', stream, max_tokens: MAX_TOKENS, messages: [{ role: 'user', content: promptOf(mode, n) }] }),
    });
    record.status = res.status;
    record.requestId = res.headers.get('x-request-id');
    if (!stream || res.status !== 200 || !res.body) {
      const text = await res.text();
      if (res.status === 200) {
        const content = (JSON.parse(text) as { choices?: Array<{ message?: { content?: string } }> }).choices?.[0]?.message?.content;
        record.contentChunks = content ? 1 : 0;
        record.complete = true;
      }
      return record;
    }
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const bytes of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(bytes, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = event.split('\n').find((line) => line.startsWith('data: '))?.slice(6);
        if (data === undefined) continue;
        if (data === '[DONE]') {
          record.complete = !record.errorEvent;
          continue;
        }
        const parsed = JSON.parse(data) as { error?: unknown; choices?: Array<{ delta?: { content?: string } }> };
        if (parsed.error) record.errorEvent = true;
        if (parsed.choices?.[0]?.delta?.content) record.contentChunks++;
      }
      // The caller walks away after the first words (a client abort).
      if (mode === 'abort' && record.contentChunks >= 2) {
        abort.abort();
        break;
      }
    }
  } catch {
    // Refused, reset, cut, or our own abort: what was recorded so far stands.
  } finally {
    clearTimeout(timer);
  }
  return record;
}

let counter = 0;

/** Closed-loop load: `workers` callers, each sending its next request when the last one ended. */
export function startLoad(options: LoadOptions): Load {
  const records: RequestRecord[] = [];
  let running = true;
  let sent = 0;
  const streamEvery = Math.max(1, Math.round(1 / (options.streamShare ?? 0.5)));
  const workers = Array.from({ length: options.workers }, async (_, w) => {
    while (running && sent < options.maxRequests) {
      const n = sent++;
      const mode = options.modes[n % options.modes.length]!;
      const stream = mode === 'slow' || mode === 'abort' || mode === 'linger' || (n + w) % streamEvery === 0;
      const key = options.keys[n % options.keys.length]!;
      const record = await oneRequest(await options.target(), key, mode, stream, counter++);
      records.push(record);
      // Nobody listening (a killed instance): a short pause instead of a refused-connection spin.
      if (record.status === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  const done = Promise.all(workers).then(() => undefined);
  return {
    records,
    done,
    stop: async () => {
      running = false;
      await done;
    },
  };
}
