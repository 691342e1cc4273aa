import type { ChatProvider } from '../types';
import { classifyOpenAIError } from './errors';
import { buildOpenAIChatRequest, webSearchesPerRequest } from './request';
import { parseOpenAIChatResponse } from './response';
import { createOpenAIStreamMapper } from './stream';

/** OpenAI and every server that speaks its chat-completions wire format. */
export const openAIChatProvider: ChatProvider = {
  protocol: 'OPENAI',
  buildChatRequest: buildOpenAIChatRequest,
  parseChatResponse: parseOpenAIChatResponse,
  createStreamMapper: createOpenAIStreamMapper,
  classifyError: classifyOpenAIError,
  serverToolUsesPerRequest: webSearchesPerRequest,
};
