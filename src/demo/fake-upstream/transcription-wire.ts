import type { ServerResponse } from 'node:http';
import { audioDurationMs } from '../../lib/audio-duration';
import type { RouteHandler } from './http-helpers';
import { parseMultipart } from './multipart-parser';

// OpenAI's `POST /v1/audio/transcriptions` and `/v1/audio/translations`
// (https://platform.openai.com/docs/api-reference/audio): multipart upload in, `json` /
// `verbose_json` / `text` / `srt` / `vtt` out. A translation is the same answer in English.

function invalid(res: ServerResponse, message: string, param: string): void {
  res.writeHead(400, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { message, type: 'invalid_request_error', param, code: null } }));
}

function timestamp(seconds: number, comma: boolean): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const text = `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
  return comma ? text.replace('.', ',') : text;
}

const audioTask = (task: 'transcribe' | 'translate'): RouteHandler => async (req, res, b) => {
  const parts = parseMultipart(req.rawBody, req.headers['content-type'] as string | undefined);
  if (!parts) return invalid(res, 'Expected a multipart/form-data body.', 'file');
  const field = (name: string) => parts.find((p) => p.name === name && p.filename === undefined)?.data.toString('utf8');
  const file = parts.find((p) => p.name === 'file' && p.filename !== undefined);
  if (!file) return invalid(res, "Missing required parameter: 'file'.", 'file');
  if (!field('model')) return invalid(res, "Missing required parameter: 'model'.", 'model');

  const format = file.filename?.split('.').pop();
  const measured = audioDurationMs(file.data, format);
  const duration = b.audioDurationSeconds ?? (measured !== null ? measured / 1000 : 0);
  const text = b.transcript ?? b.content ?? `transcript of ${file.data.length} bytes of ${format ?? 'unknown'} audio`;
  const responseFormat = field('response_format') ?? 'json';
  const headers = b.headers ?? {};

  switch (responseFormat) {
    case 'json':
      res.writeHead(200, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify({ text, usage: { type: 'duration', seconds: Math.ceil(duration) } }));
      return;
    case 'verbose_json':
      res.writeHead(200, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify({
        task,
        language: task === 'translate' ? 'english' : (field('language') ?? 'english'),
        duration,
        text,
        segments: [{ id: 0, seek: 0, start: 0, end: duration, text, tokens: [], temperature: 0, avg_logprob: 0, compression_ratio: 1, no_speech_prob: 0 }],
        usage: { type: 'duration', seconds: Math.ceil(duration) },
      }));
      return;
    case 'text':
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', ...headers });
      res.end(`${text}\n`);
      return;
    case 'srt':
    case 'vtt': {
      const vtt = responseFormat === 'vtt';
      const cue = `${timestamp(0, !vtt)} --> ${timestamp(duration, !vtt)}\n${text}\n`;
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', ...headers });
      res.end(vtt ? `WEBVTT\n\n${cue}` : `1\n${cue}`);
      return;
    }
    default:
      return invalid(res, `Invalid value for 'response_format': '${responseFormat}'.`, 'response_format');
  }
};

export const openAITranscriptions = audioTask('transcribe');
export const openAITranslations = audioTask('translate');
