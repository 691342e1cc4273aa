import { audioDurationMs, mp3DurationMs, parseMp3FrameHeader, wavDurationMs } from '../../../src/lib/audio-duration';
import { encodeSilentWav, riffChunk as chunk, riffWave as riff, wavFmtChunk as fmt } from '../../support/audio-fixtures';

describe('WAV duration', () => {
  it('reads 1.5 s of 16 kHz mono 16-bit PCM as 1500 ms', () => {
    const wav = encodeSilentWav(1.5);
    expect(wav.length).toBe(44 + 48_000);
    expect(wavDurationMs(wav)).toBe(1500);
    expect(audioDurationMs(wav, 'wav')).toBe(1500);
    expect(audioDurationMs(wav)).toBe(1500); // sniffed without a format
  });

  it('finds fmt and data in any order, skipping other chunks with odd sizes', () => {
    const data = chunk('data', Buffer.alloc(44_100 * 2 * 2 * 3)); // 3 s of 44.1 kHz stereo 16-bit
    const wav = riff(chunk('LIST', Buffer.from('INFOISFT\x05\x00\x00\x00Lavf\x00', 'binary')), chunk('junk', Buffer.alloc(3)), data, fmt(44_100, 2, 16));
    expect(wavDurationMs(wav)).toBe(3000);
  });

  it('uses the bytes present when a streamed WAV left the data size unset', () => {
    const wav = encodeSilentWav(0.25, 8000);
    wav.writeUInt32LE(0xffffffff, 40);
    expect(wavDurationMs(wav)).toBe(250);
  });

  it('is null for something that is not a WAV or lacks a fmt chunk', () => {
    expect(wavDurationMs(Buffer.from('not a wav at all'))).toBeNull();
    expect(wavDurationMs(riff(chunk('data', Buffer.alloc(100))))).toBeNull();
    expect(audioDurationMs(Buffer.from('OggS....'), 'ogg')).toBeNull();
  });
});

/** MPEG-1 Layer III, 128 kbit/s, 44.1 kHz, stereo, no padding: 417-byte frames of 1152 samples. */
const MPEG1_L3_128K = [0xff, 0xfb, 0x90, 0x00];
/** MPEG-2 Layer III, 64 kbit/s, 16 kHz, mono: 288-byte frames of 576 samples. */
const MPEG2_L3_64K_MONO = [0xff, 0xf3, 0x88, 0xc0];

function frames(header: number[], frameBytes: number, count: number): Buffer {
  const frame = Buffer.alloc(frameBytes);
  Buffer.from(header).copy(frame);
  return Buffer.concat(Array.from({ length: count }, () => frame));
}

describe('MP3 duration', () => {
  it('parses a frame header', () => {
    expect(parseMp3FrameHeader(Buffer.from(MPEG1_L3_128K), 0)).toEqual({
      version: 1, layer: 3, bitrate: 128_000, sampleRate: 44_100, mono: false, frameBytes: 417, samplesPerFrame: 1152,
    });
    expect(parseMp3FrameHeader(Buffer.from(MPEG2_L3_64K_MONO), 0)).toMatchObject({ version: 2, bitrate: 64_000, sampleRate: 16_000, mono: true, frameBytes: 288, samplesPerFrame: 576 });
    expect(parseMp3FrameHeader(Buffer.from([0xff, 0xfb, 0xf0, 0x00]), 0)).toBeNull(); // bitrate index 15 is invalid
  });

  it('estimates constant-bitrate audio from the first frame bitrate and the size', () => {
    // 100 frames * 417 bytes * 8 / 128 kbit/s = 2606.25 ms
    expect(mp3DurationMs(frames(MPEG1_L3_128K, 417, 100))).toBe(2606);
    // 50 frames * 288 bytes * 8 / 64 kbit/s = 1800 ms (= 50 * 576 / 16 kHz)
    expect(audioDurationMs(frames(MPEG2_L3_64K_MONO, 288, 50), 'mp3')).toBe(1800);
  });

  it('skips an ID3v2 tag and an ID3v1 trailer', () => {
    const id3 = Buffer.concat([Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0x01, 0x00]), Buffer.alloc(128)]); // syncsafe size 128
    const trailer = Buffer.concat([Buffer.from('TAG', 'ascii'), Buffer.alloc(125)]);
    expect(audioDurationMs(Buffer.concat([id3, frames(MPEG1_L3_128K, 417, 100), trailer]))).toBe(2606);
  });

  it('uses the frame count of a Xing/Info header when there is one', () => {
    const first = Buffer.alloc(417);
    Buffer.from(MPEG1_L3_128K).copy(first);
    first.write('Xing', 4 + 32, 'ascii'); // after the stereo MPEG-1 side information
    first.writeUInt32BE(0x0001, 4 + 32 + 4); // frames field present
    first.writeUInt32BE(1000, 4 + 32 + 8);
    // 1000 frames * 1152 samples / 44100 Hz = 26122.4 ms, whatever the file size says
    expect(mp3DurationMs(Buffer.concat([first, frames(MPEG1_L3_128K, 417, 3)]))).toBe(26122);
  });

  it('is null when no frame can be found', () => {
    expect(mp3DurationMs(Buffer.from('definitely not audio'))).toBeNull();
    expect(audioDurationMs(Buffer.alloc(0), 'mp3')).toBeNull();
  });
});
