import type { ChatProvider } from '../types';
import { classifyGeminiError } from './errors';
import { buildGeminiChatRequest } from './request';
import { parseGeminiResponse } from './response';
import { GeminiStreamMapper } from './stream';

/** Gemini API channels (protocol GEMINI). */
export const geminiChatProvider: ChatProvider = {
  protocol: 'GEMINI',
  buildChatRequest: buildGeminiChatRequest,
  parseChatResponse: parseGeminiResponse,
  createStreamMapper: (ctx) => new GeminiStreamMapper(ctx),
  classifyError: classifyGeminiError,
};
