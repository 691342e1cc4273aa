import type { ChannelProtocol } from '../../lib/channel-protocol';
import { anthropicChatProvider } from './anthropic';
import { geminiChatProvider } from './gemini';
import { openAIEmbeddingsProvider } from './openai/embeddings';
import { openAIChatProvider } from './openai/openai-provider';
import { openAITranscriptionProvider } from './openai-transcription';
import type { ChatProvider, EmbeddingsProvider, TranscriptionProvider, UpstreamErrorInfo, UpstreamHttpRequest, UpstreamTarget } from './types';
import type { ImageRequest, ImageResult } from './media-request';
import { buildOpenAIImageRequest, parseOpenAIImageResponse } from './openai-media/images';
import { buildGeminiImageRequest, parseGeminiImageResponse } from './gemini-media/image';
import { classifyGeminiError } from './gemini/errors';

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

/** Image generation and edits on one protocol (streams are OpenAI's own, see image-stream-exchange). */
export interface ImageProvider {
  buildImageRequest(media: ImageRequest, raw: Record<string, unknown>, target: UpstreamTarget): UpstreamHttpRequest;
  parseImageResponse(json: unknown, media: ImageRequest): ImageResult;
  classifyError(status: number, body: unknown): UpstreamErrorInfo;
}

const IMAGE_PROVIDERS: Partial<Record<ChannelProtocol, ImageProvider>> = {
  OPENAI: { buildImageRequest: buildOpenAIImageRequest, parseImageResponse: parseOpenAIImageResponse, classifyError: openAIChatProvider.classifyError },
  GEMINI: { buildImageRequest: (media, _raw, target) => buildGeminiImageRequest(media, target), parseImageResponse: parseGeminiImageResponse, classifyError: classifyGeminiError },
};

export function imageProviderFor(protocol: ChannelProtocol): ImageProvider | undefined {
  return IMAGE_PROVIDERS[protocol];
}
