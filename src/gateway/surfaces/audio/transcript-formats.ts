import type { TranscriptionResult } from '../../providers/types';
import type { SpeechRequest } from '../surface';

interface Rendered {
  contentType: string;
  body: string;
}

const JSON_TYPE = 'application/json';
const TEXT_TYPE = 'text/plain; charset=utf-8';

/** `HH:MM:SS,mmm` (SubRip) or `HH:MM:SS.mmm` (WebVTT). */
function timestamp(seconds: number, separator: ',' | '.'): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}${separator}${pad(ms % 1000, 3)}`;
}

/** The upstream's timed segments, or the whole transcript as one cue when it gave none. */
function cuesOf(transcript: TranscriptionResult): Array<{ start: number; end: number; text: string }> {
  if (transcript.segments?.length) return transcript.segments;
  return [{ start: 0, end: (transcript.durationMs ?? 0) / 1000, text: transcript.text }];
}

function usageOf(transcript: TranscriptionResult): unknown {
  const usage = transcript.raw?.usage;
  if (usage !== null && typeof usage === 'object') return usage;
  return transcript.durationMs !== null ? { type: 'duration', seconds: Math.ceil(transcript.durationMs / 1000) } : undefined;
}

/**
 * The caller's `response_format`, rendered by the gateway from the upstream's verbose answer
 * (asked for whatever the caller wants, because it carries the duration that is billed):
 * `json` {text, usage}, `text`, `srt`, `vtt` from its segments, `verbose_json` as the upstream sent
 * it (built from what is known when the upstream only answers json).
 */
export function renderTranscript(transcript: TranscriptionResult, speech: SpeechRequest, modelId: string): Rendered {
  switch (speech.responseFormat) {
    case 'text':
      return { contentType: TEXT_TYPE, body: `${transcript.text}\n` };
    case 'srt':
      return {
        contentType: TEXT_TYPE,
        body: cuesOf(transcript).map((cue, i) => `${i + 1}\n${timestamp(cue.start, ',')} --> ${timestamp(cue.end, ',')}\n${cue.text.trim()}\n\n`).join(''),
      };
    case 'vtt':
      return {
        contentType: TEXT_TYPE,
        body: `WEBVTT\n\n${cuesOf(transcript).map((cue) => `${timestamp(cue.start, '.')} --> ${timestamp(cue.end, '.')}\n${cue.text.trim()}\n\n`).join('')}`,
      };
    case 'verbose_json': {
      const raw = transcript.raw;
      // A `model` some upstreams add names the channel's model; the caller sees the one it asked for.
      if (raw && ('segments' in raw || 'duration' in raw)) return { contentType: JSON_TYPE, body: JSON.stringify('model' in raw ? { ...raw, model: modelId } : raw) };
      const verbose = {
        task: speech.options.task === 'translate' ? 'translate' : 'transcribe',
        language: speech.options.task === 'translate' ? 'english' : (speech.options.language ?? 'unknown'),
        duration: (transcript.durationMs ?? 0) / 1000,
        text: transcript.text,
        segments: transcript.segments ?? [],
        ...(usageOf(transcript) !== undefined ? { usage: usageOf(transcript) } : {}),
      };
      return { contentType: JSON_TYPE, body: JSON.stringify(verbose) };
    }
    case 'json': {
      const usage = usageOf(transcript);
      return { contentType: JSON_TYPE, body: JSON.stringify(usage !== undefined ? { text: transcript.text, usage } : { text: transcript.text }) };
    }
  }
}
