import fc from 'fast-check';
import { encodeSilentWav } from '../support/audio-fixtures';

// What the bad-input suites (malformed-requests, funded-requests) share: the documented error
// shape of every surface, a sender that counts figures per surface, and the generators.

export type Shape = 'openai' | 'anthropic' | 'gemini' | 'graphql' | 'webhook';

export const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
export const RUNS = Number(process.env.FUZZ_RUNS ?? 1);

export function shapeOk(shape: Shape, status: number, body: unknown): boolean {
  const b = body as Record<string, unknown> | null;
  if (shape === 'openai' || shape === 'anthropic' || shape === 'gemini') {
    // A 2xx may be SSE or plain text (audio response_format=text/srt/vtt): only errors have a shape.
    if (status < 400) return true;
  }
  if (typeof b !== 'object' || b === null) return false;
  if (shape === 'openai') {
    const e = b.error as Record<string, unknown> | undefined;
    return typeof e === 'object' && e !== null && typeof e.message === 'string' && typeof e.type === 'string' && 'param' in e && 'code' in e;
  }
  if (shape === 'anthropic') {
    const e = b.error as Record<string, unknown> | undefined;
    return b.type === 'error' && typeof e === 'object' && e !== null && typeof e.type === 'string' && typeof e.message === 'string';
  }
  if (shape === 'gemini') {
    const e = b.error as Record<string, unknown> | undefined;
    return typeof e === 'object' && e !== null && typeof e.code === 'number' && typeof e.message === 'string' && typeof e.status === 'string';
  }
  if (shape === 'graphql') {
    const errors = b.errors as Array<{ message?: unknown }> | undefined;
    if (errors !== undefined) {
      // A masked "Unexpected error." is a 500 in disguise: it counts as a violation.
      return Array.isArray(errors) && errors.length > 0 && errors.every((e) => typeof e.message === 'string' && e.message !== 'Unexpected error.');
    }
    return 'data' in b;
  }
  return status < 400 ? true : typeof b.error === 'string';
}

export interface SurfaceFigures { tried: number; fiveXx: number; shapeViolations: number; ok2xx: number }
export interface Sent { status: number; body: unknown; requestId: string | null }

/** Sends requests and keeps the figures per surface label, plus the first failures verbatim. */
export class FuzzSender {
  readonly perSurface = new Map<string, SurfaceFigures>();
  readonly failures: string[] = [];

  async send(label: string, shape: Shape, url: string, init: RequestInit): Promise<Sent> {
    const figures = this.perSurface.get(label) ?? { tried: 0, fiveXx: 0, shapeViolations: 0, ok2xx: 0 };
    this.perSurface.set(label, figures);
    figures.tried++;
    let status = 0;
    let body: unknown = null;
    let requestId: string | null = null;
    try {
      const res = await fetch(url, init);
      status = res.status;
      requestId = res.headers.get('x-request-id');
      const text = await res.text();
      try {
        body = JSON.parse(text);
      } catch {
        body = null;
      }
    } catch (err) {
      status = 599;
      body = String(err);
    }
    const shown = () => (init.body instanceof Uint8Array ? Buffer.from(init.body).subarray(0, 200).toString('latin1') : String(init.body).slice(0, 200));
    if (status >= 200 && status < 300) figures.ok2xx++;
    if (status >= 500) {
      figures.fiveXx++;
      if (this.failures.length < 20) this.failures.push(`${label}: HTTP ${status} ${JSON.stringify(body).slice(0, 200)} for ${shown()}`);
    } else if (!shapeOk(shape, status, body)) {
      figures.shapeViolations++;
      if (this.failures.length < 20) this.failures.push(`${label}: shape (HTTP ${status}) ${JSON.stringify(body).slice(0, 200)} for ${shown()}`);
    }
    return { status, body, requestId };
  }

  totals(): SurfaceFigures {
    const sum = { tried: 0, fiveXx: 0, shapeViolations: 0, ok2xx: 0 };
    for (const f of this.perSurface.values()) {
      sum.tried += f.tried;
      sum.fiveXx += f.fiveXx;
      sum.shapeViolations += f.shapeViolations;
      sum.ok2xx += f.ok2xx;
    }
    return sum;
  }

  /** One line per surface and a total, for the closing note. */
  report(title: string, stateChanges: number, stillAnswering: boolean): string {
    const rows = [...this.perSurface].map(([label, f]) => `  ${label.padEnd(28)} tried ${String(f.tried).padStart(4)}  2xx ${String(f.ok2xx).padStart(4)}  5xx ${f.fiveXx}  shape ${f.shapeViolations}`);
    const t = this.totals();
    return `\n${title} (seed ${SEED}):\n${rows.join('\n')}\n  TOTAL inputs tried ${t.tried}, 5xx ${t.fiveXx}, shape violations ${t.shapeViolations}, `
      + `state changes ${stateChanges}, still answering ${stillAnswering}\n${this.failures.join('\n')}\n`;
  }
}

export const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body),
});

// ---- JSON generators --------------------------------------------------------------------------

export const anyJson = fc.jsonValue({ maxDepth: 4 });
export const nasty = fc.oneof(
  anyJson,
  fc.constantFrom(null, '', 'x', [], {}, [{}], [1], -1, 0, 1e308, -1e308, 2 ** 63, '9'.repeat(40), true, { $ref: '#' }),
  fc.string({ maxLength: 50 }),
  fc.integer(),
);

export function deepJson(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

export const rawBody = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.constantFrom('', '{', '{"model":', 'null', '[]', '"str"', '{"messages":[{"role":"user","content":"hi"}]', deepJson(10_000), `{"model":"gpt-4o-mini","messages":${deepJson(5_000)}}`,
    `{"model":"gpt-4o-mini","messages":[{"role":"user","content":"hi"}],"metadata":${deepJson(20_000)}}`,
    `{"model":"gpt-4o-mini","messages":[{"role":"user","content":"hi"}],"tools":[{"type":"function","function":{"name":"f","parameters":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}}]}`, '\u0000\u0001', '{"a":1}{"b":2}'),
);

/** Legacy completions: the strict schema's fields with hostile values, and unknown fields. */
export const completionsBody = fc.record({
  model: fc.oneof(fc.constantFrom('gpt-4o-mini', 'claude-3-5-haiku-20241022', 'gemini-2.5-flash', 'text-embedding-3-small', 'whisper-1', 'no-such-model'), nasty),
  prompt: fc.oneof(fc.string({ maxLength: 100 }), fc.array(fc.string({ maxLength: 20 }), { maxLength: 3 }), fc.array(fc.integer(), { maxLength: 5 }), nasty),
  max_tokens: fc.oneof(fc.integer({ min: -5, max: 100 }), nasty),
  n: fc.oneof(fc.integer({ min: -2, max: 200 }), nasty),
  stream: fc.oneof(fc.boolean(), nasty),
  stream_options: nasty,
  stop: fc.oneof(fc.array(fc.string({ maxLength: 5 }), { maxLength: 6 }), nasty),
  logit_bias: fc.oneof(fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.double(), nasty), { maxKeys: 3 }), nasty),
  echo: nasty, logprobs: nasty, suffix: nasty, best_of: nasty, seed: nasty, user: nasty,
  unknown_field: nasty,
}, { requiredKeys: [] });

export const embeddingsBody = fc.record({
  model: fc.oneof(fc.constantFrom('text-embedding-3-small', 'text-embedding-3-large', 'gpt-4o-mini', 'whisper-1', 'no-such-model'), nasty),
  input: fc.oneof(fc.string({ maxLength: 100 }), fc.array(fc.string({ maxLength: 20 }), { maxLength: 4 }), fc.constant([]), fc.array(fc.integer(), { maxLength: 5 }), fc.constant([[1, 2, 3]]), nasty),
  encoding_format: fc.oneof(fc.constantFrom('float', 'base64', 'int8'), nasty),
  dimensions: fc.oneof(fc.integer({ min: -3, max: 5000 }), nasty),
  user: nasty,
}, { requiredKeys: [] });

// ---- multipart generators (audio) -------------------------------------------------------------

const SMALL_WAV = encodeSilentWav(0.25);

/** Audio files as callers (and attackers) send them: real, forged headers, other magic, plain junk. */
export const audioBytes = fc.oneof(
  fc.constant(SMALL_WAV),
  // A WAV whose header bytes (sizes, rates, format) are overwritten.
  fc.array(fc.tuple(fc.nat({ max: 43 }), fc.nat({ max: 255 })), { minLength: 1, maxLength: 6 }).map((edits) => {
    const wav = Buffer.from(SMALL_WAV);
    for (const [at, byte] of edits) wav[at] = byte;
    return wav;
  }),
  fc.constantFrom(0xffffffff, 0, 1, 0x7fffffff).chain((n) => fc.constantFrom(4, 24, 28, 40).map((at) => {
    const wav = Buffer.from(SMALL_WAV);
    wav.writeUInt32LE(n, at);
    return wav;
  })),
  fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
  fc.constantFrom('RIFF', 'RIFF\0\0\0\0WAVE', 'ID3', 'OggS', 'fLaC', '\x1aE\xdf\xa3', '\0\0\0\x18ftypmp42', '', 'not audio at all')
    .chain((magic) => fc.uint8Array({ maxLength: 64 }).map((tail) => Buffer.concat([Buffer.from(magic, 'latin1'), Buffer.from(tail)]))),
);

export interface MultipartCase { contentType: string; body: Buffer }

const field = fc.tuple(
  fc.oneof(fc.constantFrom('model', 'language', 'prompt', 'response_format', 'temperature', 'timestamp_granularities[]', 'stream', 'file', 'x"y', 'a\r\nb', ''), fc.string({ maxLength: 20 })),
  fc.oneof(fc.constantFrom('whisper-1', 'gpt-4o-mini', 'en', 'zz-top', 'json', 'text', 'srt', 'vtt', 'verbose_json', 'xml', '0.5', '2', '-1', 'NaN', 'true', 'word', ''), fc.string({ maxLength: 40 })),
);

function part(boundary: string, headers: string, data: Buffer | string): Buffer {
  return Buffer.concat([Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`, 'latin1'), typeof data === 'string' ? Buffer.from(data, 'utf8') : data, Buffer.from('\r\n')]);
}

/** A multipart/form-data body built by hand, so it can be wrong in every way a library would not be. */
export const multipartCase: fc.Arbitrary<MultipartCase> = fc.record({
  boundary: fc.constantFrom('fuzzboundary', 'x'.repeat(70), 'a', '----WebKitFormBoundary7MA4YWxkTrZu0gW'),
  declared: fc.constantFrom('same', 'same', 'same', 'other', 'none', 'quoted', 'empty', 'too-long'),
  mediaType: fc.constantFrom('multipart/form-data', 'multipart/form-data', 'multipart/form-data', 'multipart/mixed', 'application/json', 'text/plain', 'application/x-www-form-urlencoded', ''),
  model: fc.constantFrom('whisper-1', 'whisper-1', 'gpt-4o-mini', 'no-such-model', null),
  fields: fc.array(field, { maxLength: 5 }),
  file: fc.option(fc.record({ data: audioBytes, filename: fc.constantFrom('a.wav', 'a.mp3', 'a.txt', 'noext', '', '../../etc/passwd', 'a"b.wav'), fileCount: fc.constantFrom(1, 1, 1, 2) }), { freq: 5 }),
  fieldFlood: fc.constantFrom(0, 0, 0, 0, 0, 0, 200, 5000),
  truncateAt: fc.option(fc.nat(), { freq: 4 }),
  closing: fc.constantFrom('--\r\n', '--\r\n', '--', '', '\r\n'),
}).map((c) => {
  const parts: Buffer[] = [];
  if (c.model !== null) parts.push(part(c.boundary, 'Content-Disposition: form-data; name="model"', c.model));
  for (const [name, value] of c.fields) parts.push(part(c.boundary, `Content-Disposition: form-data; name="${name}"`, value));
  for (let i = 0; i < c.fieldFlood; i++) parts.push(part(c.boundary, `Content-Disposition: form-data; name="f${i}"`, '1'));
  for (let i = 0; i < (c.file?.fileCount ?? 0); i++) {
    parts.push(part(c.boundary, `Content-Disposition: form-data; name="file"; filename="${c.file!.filename}"\r\nContent-Type: audio/wav`, c.file!.data));
  }
  let body = Buffer.concat([...parts, Buffer.from(`--${c.boundary}${c.closing}`, 'latin1')]);
  if (c.truncateAt !== null) body = body.subarray(0, c.truncateAt % (body.length + 1));
  const boundaryParam = {
    same: `; boundary=${c.boundary}`, other: '; boundary=somethingelse', none: '', quoted: `; boundary="${c.boundary}"`, empty: '; boundary=', 'too-long': `; boundary=${'b'.repeat(200)}`,
  }[c.declared];
  return { contentType: c.mediaType === '' ? '' : `${c.mediaType}${boundaryParam}`, body };
});

export function multipartInit(c: MultipartCase, headers: Record<string, string>): RequestInit {
  return { method: 'POST', headers: { ...(c.contentType ? { 'content-type': c.contentType } : {}), ...headers }, body: new Uint8Array(c.body) };
}
