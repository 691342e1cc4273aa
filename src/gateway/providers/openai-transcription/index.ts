import type { TranscriptionProvider } from '../types';
import { classifyOpenAITranscriptionError } from './errors';
import { buildOpenAITranscriptionRequest } from './request';
import { parseOpenAITranscriptionResponse } from './response';

/** Speech-to-text over an OpenAI-compatible `/audio/transcriptions` (protocol OPENAI). */
export const openAITranscriptionProvider: TranscriptionProvider = {
  protocol: 'OPENAI',
  buildTranscriptionRequest: buildOpenAITranscriptionRequest,
  parseTranscriptionResponse: parseOpenAITranscriptionResponse,
  classifyError: classifyOpenAITranscriptionError,
};
