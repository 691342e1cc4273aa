import { measureAudioFile } from '../../../src/lib/container-duration';
import { encodeOggOpus, encodeSilentWav } from '../../support/audio-fixtures';

describe('container durations (music-metadata)', () => {
  it('reads an Ogg Opus stream of 60 s at ~5.9 kbit/s as 60 s, 2.7 times what 16 kbit/s would guess from its size', async () => {
    const ogg = encodeOggOpus(60);
    expect(ogg.length).toBeLessThan(50_000);
    const measured = await measureAudioFile(ogg, 'ogg');
    expect(measured).toEqual({ kind: 'measured', ms: 60_000, exact: false });
    expect(60 / (ogg.length / 2_000)).toBeGreaterThanOrEqual(2.7);
  });

  it('refuses a container whose duration is shorter than its bytes can carry', async () => {
    // 60 s of 200-byte frames (27 kbit/s) is plausible; the same bytes claimed as 1 s are not.
    expect(await measureAudioFile(encodeOggOpus(60, 200), 'opus')).toEqual({ kind: 'measured', ms: 60_000, exact: false });
    expect(await measureAudioFile(encodeOggOpus(60, 200, 1), 'opus')).toMatchObject({ kind: 'inconsistent', reason: expect.stringMatching(/gives 1 s/) });
  });

  it('leaves WAV to the exact reader and calls unreadable bytes unknown', async () => {
    expect(await measureAudioFile(encodeSilentWav(1.5), 'wav')).toEqual({ kind: 'measured', ms: 1500, exact: true });
    expect(await measureAudioFile(Buffer.from('OggS but not really'), 'ogg')).toEqual({ kind: 'unknown' });
  });
});
