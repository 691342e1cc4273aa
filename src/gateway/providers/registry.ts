import type { ChannelProtocol } from '../../db/entities';
import type { ChatProvider, TranscriptionProvider } from './types';

// The only module that knows every vendor adapter. Each adapter folder registers one entry here.
const CHAT_PROVIDERS: Partial<Record<ChannelProtocol, ChatProvider>> = {};

const TRANSCRIPTION_PROVIDERS: Partial<Record<ChannelProtocol, TranscriptionProvider>> = {};

export function chatProviderFor(protocol: ChannelProtocol): ChatProvider | undefined {
  return CHAT_PROVIDERS[protocol];
}

export function transcriptionProviderFor(protocol: ChannelProtocol): TranscriptionProvider | undefined {
  return TRANSCRIPTION_PROVIDERS[protocol];
}
