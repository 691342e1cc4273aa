import { gatewayErrors } from '../../gateway-error';
import { readMultipart, type MultipartForm } from '../../http/read-multipart';
import { chatSurface } from '../chat-surface';
import type { Surface, SurfaceName, SurfaceRequest } from '../surface';
import { readAudioForm } from './audio-form';
import { renderTranscript } from './transcript-formats';

/**
 * `POST /v1/audio/transcriptions` and `/v1/audio/translations`: OpenAI's multipart upload in,
 * its `response_format` out, OpenAI's error shape. Only the codec is here: the request goes
 * through the same pipeline as chat completions (surface-handler) to the speech models' transcription
 * exchange, reserved and billed by audio duration, with `usage_logs.surface` naming the endpoint.
 */
function audioSurface(name: SurfaceName, task: 'transcribe' | 'translate'): Surface {
  return {
    name,
    streamFormat: chatSurface.streamFormat,
    readBody: (req, res, limits) => readMultipart(req, res, limits.audioFileBytes),
    parse(form): SurfaceRequest {
      const { model, speech } = readAudioForm(form as MultipartForm, task);
      return { body: { model, messages: [] }, stream: false, raw: { model }, speech };
    },
    renderTranscript(transcript, request) {
      if (!request.speech) throw gatewayErrors.internal();
      return renderTranscript(transcript, request.speech, request.body.model);
    },
    renderJson: (completion) => completion,
    streamEncoder: chatSurface.streamEncoder,
    renderError: chatSurface.renderError,
  };
}

export const transcriptionsSurface = audioSurface('audio.transcriptions', 'transcribe');
export const translationsSurface = audioSurface('audio.translations', 'translate');
