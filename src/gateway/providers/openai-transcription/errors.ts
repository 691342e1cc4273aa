import { z } from 'zod';
import { classifyByStatus } from '../upstream-errors';
import type { UpstreamErrorInfo } from '../types';

const openAIErrorBodySchema = z.object({
  error: z.object({ message: z.string().nullish(), type: z.string().nullish(), code: z.string().nullish(), param: z.string().nullish() }),
});

/** OpenAI-style `{error:{message,type,code,param}}`; status decides, two codes refine it. */
export function classifyOpenAITranscriptionError(status: number, body: unknown): UpstreamErrorInfo {
  const parsed = openAIErrorBodySchema.safeParse(body);
  const error = parsed.success ? parsed.data.error : undefined;
  const info = classifyByStatus(status, error?.message ?? `Transcription upstream answered HTTP ${status}`, {
    code: error?.code ?? null,
    param: error?.param ?? null,
  });
  // An account out of credit answers 429 insufficient_quota: waiting does not help, like a bad key.
  if (error?.code === 'invalid_api_key' || error?.code === 'insufficient_quota') return { ...info, retryable: true, keyInvalid: true, callerFault: false, type: 'upstream_error' };
  return info;
}
