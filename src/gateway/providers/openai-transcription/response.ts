import { z } from 'zod';
import { gatewayErrors } from '../../gateway-error';
import type { TranscriptionResult } from '../types';

const transcriptionSchema = z.object({
  text: z.string(),
  /** verbose_json: seconds of audio. */
  duration: z.union([z.number(), z.string()]).nullish(),
  /** Newer models answer json with `usage: {type: "duration", seconds}` instead. */
  usage: z
    .object({ type: z.string(), seconds: z.number().nullish(), input_tokens: z.number().int().nonnegative().nullish(), output_tokens: z.number().int().nonnegative().nullish() })
    .nullish(),
  segments: z.array(z.looseObject({ start: z.number(), end: z.number(), text: z.string() })).nullish(),
});

/** A plain string is what `response_format=text` (or a server that ignores the field) returns. */
export function parseOpenAITranscriptionResponse(json: unknown): TranscriptionResult {
  if (typeof json === 'string') return { text: json.trim(), durationMs: null };
  const parsed = transcriptionSchema.safeParse(json);
  if (!parsed.success) throw gatewayErrors.upstreamError('The upstream sent a malformed transcription.');
  const { text, duration, usage, segments } = parsed.data;
  const seconds = duration != null ? Number(duration) : usage?.type === 'duration' ? usage.seconds : null;
  const result: TranscriptionResult = {
    text,
    durationMs: seconds != null && Number.isFinite(seconds) && seconds >= 0 ? Math.round(seconds * 1000) : null,
    raw: json as Record<string, unknown>,
  };
  if (usage?.type === 'tokens') result.tokens = { input: usage.input_tokens ?? 0, output: usage.output_tokens ?? 0 };
  if (segments) result.segments = segments.map(({ start, end, text: segmentText }) => ({ start, end, text: segmentText }));
  return result;
}
