import { audioDurationMs } from '../../../src/lib/audio-duration';
import { encodeSilentWav } from '../../../src/lib/silent-wav';

describe('encodeSilentWav', () => {
  it('is a PCM WAV of the asked duration', () => {
    const wav = encodeSilentWav(0.5);
    expect(wav.length).toBe(44 + 16_000);
    expect(audioDurationMs(wav, 'wav')).toBe(500);
  });
});
