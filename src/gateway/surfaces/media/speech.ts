import { z } from 'zod';
import { gatewayErrors } from '../../gateway-error';
import { requireObject } from '../anthropic';
import { SPEECH_FORMATS } from '../../providers/media-request';
import { invalidField, mediaSurface } from './media-surface';

/** OpenAI's limit on `input`. */
export const MAX_SPEECH_CHARACTERS = 4_096;

const speechSchema = z.looseObject({
  model: z.string({ error: 'you must provide a model parameter' }).min(1, 'you must provide a model parameter'),
  input: z.string({ error: 'input is required' }).min(1, 'input is required'),
  voice: z.union([z.string().min(1), z.looseObject({ id: z.string().min(1) })], { error: 'voice is required' }),
  instructions: z.string().max(4_096).optional(),
  response_format: z.enum(SPEECH_FORMATS).optional(),
  speed: z.number().min(0.25).max(4).optional(),
  stream_format: z.enum(['audio', 'sse']).optional(),
});

/**
 * `POST /v1/audio/speech`: OpenAI's JSON body; the answer is the audio itself (streamed through
 * as it comes) or, with `stream_format: sse`, `speech.audio.delta` / `speech.audio.done` events.
 * `input` is limited to 4,096 characters, counted as code points (what character prices bill).
 */
export const speechSurface = mediaSurface('audio.speech', (json) => {
  const raw = requireObject(json);
  const parsed = speechSchema.safeParse(raw);
  if (!parsed.success) invalidField(parsed.error);
  const body = parsed.data;
  const characters = [...body.input].length;
  if (characters > MAX_SPEECH_CHARACTERS) {
    throw gatewayErrors.invalidRequest(`Invalid value for 'input': at most ${MAX_SPEECH_CHARACTERS} characters (got ${characters}).`, 'input');
  }
  return {
    model: body.model,
    raw,
    media: {
      kind: 'speech',
      input: body.input,
      characters,
      voice: typeof body.voice === 'string' ? body.voice : body.voice.id,
      ...(body.instructions !== undefined ? { instructions: body.instructions } : {}),
      format: body.response_format ?? 'mp3',
      ...(body.speed !== undefined ? { speed: body.speed } : {}),
      streamFormat: body.stream_format ?? 'audio',
    },
  };
});
