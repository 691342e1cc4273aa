import { gatewayErrors } from '../../gateway-error';
import type { TranscriptionOptions, UpstreamHttpRequest, UpstreamTarget } from '../types';
import { encodeMultipart, type MultipartField } from './multipart';
import { trimTrailingSlashes } from '../../../lib/linear-text';

// The formats OpenAI's /audio/transcriptions accepts, with the MIME type of each.
const AUDIO_TYPES: Record<string, string> = {
  flac: 'audio/flac',
  m4a: 'audio/mp4',
  mp3: 'audio/mpeg',
  mp4: 'audio/mp4',
  mpeg: 'audio/mpeg',
  mpga: 'audio/mpeg',
  oga: 'audio/ogg',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  webm: 'audio/webm',
};

export function audioMimeType(format: string): string {
  return AUDIO_TYPES[format] ?? 'application/octet-stream';
}

/** OpenAI-compatible base URLs already end in `/v1`, as for chat completions. */
export function transcriptionsUrl(baseUrl: string, task: 'transcribe' | 'translate' = 'transcribe'): string {
  return `${trimTrailingSlashes(baseUrl)}/audio/${task === 'translate' ? 'translations' : 'transcriptions'}`;
}

/**
 * verbose_json is the answer that carries the audio's duration, which the bill is based on.
 * OpenAI's GPT-4o transcribe models refuse it (json only, with token usage and no duration);
 * for those the gateway measures the audio itself.
 */
export function responseFormatFor(upstreamModel: string): 'json' | 'verbose_json' {
  return /^gpt-.*transcribe/i.test(upstreamModel) ? 'json' : 'verbose_json';
}

export function buildOpenAITranscriptionRequest(
  audio: { data: Uint8Array; format: string },
  target: UpstreamTarget,
  options: TranscriptionOptions,
): UpstreamHttpRequest {
  const format = audio.format.toLowerCase();
  // The format names the uploaded file, so it must not be able to break out of the part header.
  if (!/^[a-z0-9]{1,16}$/.test(format)) throw gatewayErrors.invalidRequest('input_audio.format must be an audio format name such as wav or mp3.', 'input_audio.format');
  const fields: MultipartField[] = [
    { name: 'file', filename: `audio.${format}`, contentType: audioMimeType(format), data: audio.data },
    { name: 'model', value: target.upstreamModel },
    { name: 'response_format', value: responseFormatFor(target.upstreamModel) },
  ];
  // A translation is always into English: OpenAI's /audio/translations takes no language.
  if (options.language && options.task !== 'translate') fields.push({ name: 'language', value: options.language });
  if (options.prompt) fields.push({ name: 'prompt', value: options.prompt });
  if (options.temperature !== undefined) fields.push({ name: 'temperature', value: String(options.temperature) });
  for (const granularity of options.timestampGranularities ?? []) fields.push({ name: 'timestamp_granularities[]', value: granularity });
  for (const [name, value] of options.extraFields ?? []) fields.push({ name, value });
  const { body, contentType } = encodeMultipart(fields);
  return {
    method: 'POST',
    url: transcriptionsUrl(target.baseUrl, options.task),
    headers: { authorization: `Bearer ${target.apiKey}`, 'content-type': contentType, accept: 'application/json' },
    body,
  };
}
