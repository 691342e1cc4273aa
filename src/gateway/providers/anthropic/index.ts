import type { ChatProvider } from '../types';
import { classifyAnthropicError } from './errors';
import { buildAnthropicChatRequest } from './request';
import { parseAnthropicResponse } from './response';
import { AnthropicStreamMapper } from './stream';

/** Anthropic Messages API channels (protocol ANTHROPIC). */
export const anthropicChatProvider: ChatProvider = {
  protocol: 'ANTHROPIC',
  buildChatRequest: buildAnthropicChatRequest,
  parseChatResponse: parseAnthropicResponse,
  createStreamMapper: (ctx) => new AnthropicStreamMapper(ctx),
  classifyError: classifyAnthropicError,
};
