import type { ChannelProtocol } from '../../lib/channel-protocol';
import { anthropicChatProvider } from './anthropic';
import { geminiChatProvider } from './gemini';
import { openAIEmbeddingsProvider } from './openai/embeddings';
import { openAIChatProvider } from './openai/openai-provider';
import { openAITranscriptionProvider } from './openai-transcription';
import type { ChatProvider, EmbeddingsProvider, TranscriptionProvider } from './types';

// The only module that knows every vendor adapter. Each adapter folder registers one entry here.
const CHAT_PROVIDERS: Partial<Record<ChannelProtocol, ChatProvider>> = {
  OPENAI: openAIChatProvider,
  ANTHROPIC: anthropicChatProvider,
  GEMINI: geminiChatProvider,
};

const TRANSCRIPTION_PROVIDERS: Partial<Record<ChannelProtocol, TranscriptionProvider>> = {
  OPENAI: openAITranscriptionProvider,
};

const EMBEDDINGS_PROVIDERS: Partial<Record<ChannelProtocol, EmbeddingsProvider>> = {
  OPENAI: openAIEmbeddingsProvider,
};

export function chatProviderFor(protocol: ChannelProtocol): ChatProvider | undefined {
  return CHAT_PROVIDERS[protocol];
}

export function transcriptionProviderFor(protocol: ChannelProtocol): TranscriptionProvider | undefined {
  return TRANSCRIPTION_PROVIDERS[protocol];
}

export function embeddingsProviderFor(protocol: ChannelProtocol): EmbeddingsProvider | undefined {
  return EMBEDDINGS_PROVIDERS[protocol];
}
