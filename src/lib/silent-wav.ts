import { pcmToWav } from './pcm-wav';

/**
 * A PCM WAV of silence (16-bit mono, canonical 44-byte header): the smallest audio every
 * speech-to-text upstream accepts, for probing a channel without shipping a binary file.
 */
export function encodeSilentWav(seconds: number, sampleRate = 16_000): Uint8Array {
  return pcmToWav(Buffer.alloc(Math.round(seconds * sampleRate) * 2), sampleRate);
}
