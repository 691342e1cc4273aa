import { anthropicChatProvider } from '../../../src/gateway/providers/anthropic';
import { geminiChatProvider } from '../../../src/gateway/providers/gemini';
import { openAITranscriptionProvider } from '../../../src/gateway/providers/openai-transcription';
import { chatProviderFor, transcriptionProviderFor } from '../../../src/gateway/providers/registry';

describe('provider registry: vendor adapters', () => {
  it('serves Anthropic and Gemini chat channels and OpenAI-compatible transcription', () => {
    expect(chatProviderFor('ANTHROPIC')).toBe(anthropicChatProvider);
    expect(chatProviderFor('GEMINI')).toBe(geminiChatProvider);
    expect(transcriptionProviderFor('OPENAI')).toBe(openAITranscriptionProvider);
    expect(anthropicChatProvider.protocol).toBe('ANTHROPIC');
    expect(geminiChatProvider.protocol).toBe('GEMINI');
  });
});
