import { deflateSync } from 'node:zlib';
import type { ServerResponse } from 'node:http';
import { pcmToWav } from '../../lib/pcm-wav';
import type { RecordedRequest, UpstreamBehaviour } from './behaviour';
import { cutConnection, sleep, writeAndDrain, type RouteHandler } from './http-helpers';
import { parseMultipart } from './multipart-parser';

// OpenAI's media endpoints (images, speech, moderations) and Gemini's image and audio output,
// answered with real bytes: a small PNG built here (zlib, no image library), a WAV tone.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A `size` x `size` RGB PNG: a diagonal gradient tinted by `seed`, so each image differs. */
export function demoPng(size = 64, seed = 0): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      row[1 + x * 3] = (x * 255) / size;
      row[2 + x * 3] = (y * 255) / size;
      row[3 + x * 3] = (seed * 67) % 256;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

/** `seconds` of a 440 Hz tone as 16-bit mono PCM. */
export function demoTonePcm(seconds: number, sampleRate: number): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const pcm = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) pcm.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / sampleRate) * 8_000), i * 2);
  return pcm;
}

interface ImageBody {
  model?: string;
  prompt?: string;
  n?: number | string;
  stream?: boolean | string;
  partial_images?: number | string;
  size?: string;
  quality?: string;
  response_format?: string;
}

/** The form of an edit (text fields) or the JSON of a generation. */
function imageBodyOf(req: RecordedRequest): ImageBody {
  if (req.body) return req.body as ImageBody;
  const parts = parseMultipart(req.rawBody, req.headers['content-type'] as string | undefined) ?? [];
  return Object.fromEntries(parts.filter((p) => p.filename === undefined).map((p) => [p.name, p.data.toString('utf8')]));
}

/** gpt-image-1 reports usage; DALL-E does not. Tests script it with `imageUsage`. */
function imageUsageFor(body: ImageBody, b: UpstreamBehaviour, images: number): unknown {
  if (b.imageUsage !== undefined) return b.imageUsage;
  if (!String(body.model ?? '').includes('gpt-image')) return undefined;
  const text = Math.max(1, Math.ceil(String(body.prompt ?? '').length / 4));
  return { input_tokens: text, input_tokens_details: { text_tokens: text, image_tokens: 0 }, output_tokens: 272 * images, total_tokens: text + 272 * images };
}

/** `POST /v1/images/generations` and `/v1/images/edits`: n PNGs as b64_json (or data URLs), or SSE partial and completed events. */
export function openAIImages(operation: 'image_generation' | 'image_edit'): RouteHandler {
  return async (req, res, b) => {
    const body = imageBodyOf(req);
    const n = Number(body.n ?? 1);
    const stream = body.stream === true || body.stream === 'true';
    if (stream) return streamImages(res, b, body, n, operation);
    const data = Array.from({ length: n }, (_, i) => {
      const png = demoPng(64, i).toString('base64');
      return body.response_format === 'url' ? { url: `data:image/png;base64,${png}` } : { b64_json: png };
    });
    const usage = imageUsageFor(body, b, n);
    const quality = body.quality && body.quality !== 'auto' ? body.quality : undefined;
    res.writeHead(200, { 'content-type': 'application/json', ...b.headers });
    res.end(JSON.stringify({ created: Math.floor(Date.now() / 1000), data, ...(body.size ? { size: body.size } : {}), ...(quality ? { quality } : {}), ...(usage ? { usage } : {}) }));
  };
}

async function streamImages(res: ServerResponse, b: UpstreamBehaviour, body: ImageBody, n: number, operation: string): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', ...b.headers });
  const partials = Number(body.partial_images ?? 0);
  let sent = 0;
  for (let i = 0; i < n; i++) {
    const events: Array<Record<string, unknown>> = [];
    for (let p = 0; p < partials; p++) events.push({ type: `${operation}.partial_image`, b64_json: demoPng(16, p).toString('base64'), partial_image_index: p, created_at: 0 });
    events.push({ type: `${operation}.completed`, b64_json: demoPng(64, i).toString('base64'), created_at: 0, size: body.size ?? '1024x1024', quality: body.quality ?? 'medium', usage: imageUsageFor(body, b, 1) });
    for (const event of events) {
      if (b.cutAfterChunks !== undefined && sent >= b.cutAfterChunks) return cutConnection(res);
      if (b.chunkDelayMs) await sleep(b.chunkDelayMs);
      if (res.destroyed) return;
      await writeAndDrain(res, `event: ${String(event.type)}\ndata: ${JSON.stringify(event)}\n\n`);
      sent++;
    }
  }
  res.end();
}

/** `POST /v1/audio/speech`: a one-second WAV tone (whatever the format asked: it is a fake), in 4 KB writes, or `speech.audio.*` events. */
export const openAISpeech: RouteHandler = async (req, res, b) => {
  const body = (req.body ?? {}) as { input?: string; stream_format?: string };
  const audio = pcmToWav(demoTonePcm(1, 24_000), 24_000);
  const pieces: Buffer[] = [];
  for (let at = 0; at < audio.length; at += 4096) pieces.push(audio.subarray(at, at + 4096));
  const sse = body.stream_format === 'sse';
  res.writeHead(200, sse ? { 'content-type': 'text/event-stream; charset=utf-8', ...b.headers } : { 'content-type': 'audio/wav', ...b.headers });
  for (const [i, piece] of pieces.entries()) {
    if (b.cutAfterChunks !== undefined && i >= b.cutAfterChunks) return cutConnection(res);
    if (b.chunkDelayMs) await sleep(b.chunkDelayMs);
    if (res.destroyed) return;
    await writeAndDrain(res, sse ? `data: ${JSON.stringify({ type: 'speech.audio.delta', audio: piece.toString('base64') })}\n\n` : piece);
  }
  if (sse) {
    const input = Math.max(1, Math.ceil(String(body.input ?? '').length / 4));
    const usage = b.usage ? { input_tokens: b.usage.prompt_tokens, output_tokens: b.usage.completion_tokens } : { input_tokens: input, output_tokens: 250 };
    await writeAndDrain(res, `data: ${JSON.stringify({ type: 'speech.audio.done', usage: { ...usage, total_tokens: usage.input_tokens + usage.output_tokens } })}\n\n`);
  }
  res.end();
};

/** `POST /v1/moderations`: one result per input, flagged when its text mentions "attack". */
export const openAIModerations: RouteHandler = async (req, res, b) => {
  const body = (req.body ?? {}) as { model?: string; input?: unknown };
  const inputs = Array.isArray(body.input) ? (body.input as unknown[]) : [body.input];
  const results = inputs.map((input) => {
    const text = typeof input === 'string' ? input : JSON.stringify(input);
    const flagged = /attack/i.test(text);
    return { flagged, categories: { violence: flagged, harassment: false }, category_scores: { violence: flagged ? 0.91 : 0.01, harassment: 0.001 } };
  });
  res.writeHead(200, { 'content-type': 'application/json', ...b.headers });
  res.end(JSON.stringify({ id: `modr-${Date.now()}`, model: body.model ?? 'unknown', results }));
};

interface GeminiMediaBody {
  contents?: Array<{ parts?: Array<{ text?: string; inlineData?: unknown }> }>;
  generationConfig?: { responseModalities?: string[]; candidateCount?: number };
}

/** Gemini asked for image or audio output (`responseModalities`): the route answers it here; false otherwise. */
export function geminiMediaAnswer(req: RecordedRequest, res: ServerResponse, b: UpstreamBehaviour): boolean {
  const body = (req.body ?? {}) as GeminiMediaBody;
  const modalities = body.generationConfig?.responseModalities ?? [];
  if (!modalities.includes('IMAGE') && !modalities.includes('AUDIO')) return false;
  const parts = body.contents?.flatMap((c) => c.parts ?? []) ?? [];
  const text = parts.map((p) => p.text ?? '').join('');
  const images = parts.filter((p) => p.inlineData).length;
  const promptText = Math.max(1, Math.ceil(text.length / 4));
  const audio = modalities.includes('AUDIO');
  const count = audio ? 1 : (body.generationConfig?.candidateCount ?? 1);
  const candidates = Array.from({ length: count }, (_, i) => ({
    content: { role: 'model', parts: [{ inlineData: audio ? { mimeType: 'audio/L16;codec=pcm;rate=24000', data: demoTonePcm(1, 24_000).toString('base64') } : { mimeType: 'image/png', data: demoPng(64, i).toString('base64') } }] },
    finishReason: 'STOP',
    index: i,
  }));
  const output = b.usage?.completion_tokens ?? (audio ? 25 : 1290 * count);
  const usageMetadata = {
    promptTokenCount: promptText + images * 258,
    candidatesTokenCount: output,
    totalTokenCount: promptText + images * 258 + output,
    promptTokensDetails: [{ modality: 'TEXT', tokenCount: promptText }, ...(images ? [{ modality: 'IMAGE', tokenCount: images * 258 }] : [])],
  };
  res.writeHead(200, { 'content-type': 'application/json', ...b.headers });
  res.end(JSON.stringify({ candidates, usageMetadata, modelVersion: 'fake' }));
  return true;
}
