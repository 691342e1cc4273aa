import { measureAudioFile } from '../../lib/container-duration';
import { parseDataUrl } from '../../lib/data-url';
import { gatewayErrors, type GatewayError } from '../gateway-error';
import type { ChatRequestBody } from '../providers/types';
import { isBase64Text } from '../../lib/linear-text';

/** The audio of a speech-to-text request, decoded, with what its own header says about its length. */
export interface SpeechInput {
  data: Buffer;
  format: string;
  /**
   * From the file's header, checked against its size (exact for PCM WAV, counted frames for MP3,
   * the container's duration for ogg/opus, webm, m4a, flac); null when it cannot be read. Billed only when the upstream reports no duration.
   */
  headerMs: number | null;
  /** The longest the audio can plausibly be: what the reservation holds, so the most that is charged. */
  maxMs: number;
}

/**
 * Without a readable header the length is bounded from the size at 16 kbit/s. That is only a
 * guess (Opus voice runs at 6 kbit/s, 2.7 times longer), so every container the surfaces accept
 * is read for its real duration first, and the guess is left for files nothing can read. Known lengths are rounded up to whole seconds because
 * upstreams report seconds rounded up; a counted MP3 gets one more second for decoder padding.
 */
const MIN_BYTES_PER_SECOND = 2_000;
const FORMAT = /^[a-z0-9]{1,16}$/;

interface AudioPart {
  param: string;
  data: unknown;
  format: unknown;
}

function audioParts(body: ChatRequestBody): AudioPart[] {
  const found: AudioPart[] = [];
  body.messages.forEach((message, i) => {
    if (!Array.isArray(message.content)) return;
    message.content.forEach((part, j) => {
      if (part.type !== 'input_audio') return;
      const audio: unknown = (part as { input_audio?: unknown }).input_audio;
      const fields = audio !== null && typeof audio === 'object' ? (audio as Record<string, unknown>) : {};
      found.push({ param: `messages[${i}].content[${j}]`, data: fields.data, format: fields.format });
    });
  });
  return found;
}

/** Chat models are not sent audio: the one protocol that could carry it is not worth the surprise. */
export function refuseAudio(body: ChatRequestBody, modelId: string): void {
  const part = audioParts(body)[0];
  if (part) {
    throw gatewayErrors.invalidRequest(
      `The model \`${modelId}\` does not accept audio input. Use a speech-to-text model for audio.`,
      part.param,
    );
  }
}

/** The one `input_audio` part a speech-to-text request must carry, checked and decoded. */
export async function readSpeechInput(body: ChatRequestBody, modelId: string): Promise<SpeechInput> {
  const parts = audioParts(body);
  if (parts.length === 0) {
    throw gatewayErrors.invalidRequest(
      `The model \`${modelId}\` is a speech-to-text model: send the audio as an input_audio content part ({"type":"input_audio","input_audio":{"data":"<base64>","format":"wav"}}) in a user message.`,
      'messages',
    );
  }
  if (parts.length > 1) throw gatewayErrors.invalidRequest('A speech-to-text request takes exactly one input_audio part.', parts[1]!.param);
  const part = parts[0]!;
  const format = typeof part.format === 'string' ? part.format.toLowerCase() : '';
  if (!FORMAT.test(format)) throw invalidPart('input_audio.format must be an audio format name such as wav or mp3.', part, 'format');
  return measureSpeech(decode(part), format, `${part.param}.input_audio.data`);
}

/**
 * Sizes the hold for `data` (issue 12.1): a header that disagrees with the bytes it describes
 * is refused with a 400 naming `param`, before anything is held, instead of being believed.
 */
export async function measureSpeech(data: Buffer, format: string, param: string): Promise<SpeechInput> {
  const measure = await measureAudioFile(data, format);
  if (measure.kind === 'inconsistent') throw gatewayErrors.invalidRequest(`The audio file's header does not agree with its contents: ${measure.reason}.`, param);
  if (measure.kind === 'unknown') return { data, format, headerMs: null, maxMs: Math.ceil(data.length / MIN_BYTES_PER_SECOND) * 1000 };
  const slackSeconds = measure.exact ? 0 : 1;
  return { data, format, headerMs: measure.ms, maxMs: (Math.ceil(measure.ms / 1000) + slackSeconds) * 1000 };
}

function decode(part: AudioPart): Buffer {
  if (typeof part.data !== 'string') throw invalidPart('input_audio.data must be a base64 string.', part, 'data');
  // Some clients send a data URL where OpenAI documents bare base64; both mean the same bytes.
  const text = parseDataUrl(part.data)?.data ?? part.data;
  if (!isBase64Text(text)) throw invalidPart('input_audio.data must be base64-encoded audio.', part, 'data');
  const data = Buffer.from(text, 'base64');
  if (data.length === 0) throw invalidPart('input_audio.data is empty.', part, 'data');
  return data;
}

function invalidPart(message: string, part: AudioPart, field: 'data' | 'format'): GatewayError {
  return gatewayErrors.invalidRequest(message, `${part.param}.input_audio.${field}`);
}
