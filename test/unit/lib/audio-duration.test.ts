import { audioDurationMs, measureAudio, parseMp3FrameHeader } from '../../../src/lib/audio-duration';

const wavDurationMs = (data: Buffer) => audioDurationMs(data, 'wav');
const mp3DurationMs = (data: Buffer) => audioDurationMs(data, 'mp3');
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

  it('is unknown for something that is not a WAV', () => {
    expect(measureAudio(Buffer.from('not a wav at all'), 'wav')).toEqual({ kind: 'unknown' });
    expect(measureAudio(Buffer.from('OggS....'), 'ogg')).toEqual({ kind: 'unknown' });
  });

  it('is unknown for a compressed WAV, whose byte rate cannot be checked', () => {
    const adpcm = Buffer.alloc(16);
    adpcm.writeUInt16LE(0x11, 0); // IMA ADPCM
    adpcm.writeUInt16LE(1, 2);
    adpcm.writeUInt32LE(16_000, 4);
    adpcm.writeUInt32LE(8_000, 8);
    adpcm.writeUInt16LE(256, 12);
    adpcm.writeUInt16LE(4, 14);
    expect(measureAudio(riff(chunk('fmt ', adpcm), chunk('data', Buffer.alloc(8_000))))).toEqual({ kind: 'unknown' });
  });
});

describe('WAV headers that disagree with the file (issue 12.1)', () => {
  const inconsistent = (wav: Buffer) => measureAudio(wav, 'wav').kind;

  it('a byte rate that is not sample rate x block align', () => {
    const wav = encodeSilentWav(30);
    wav.writeUInt32LE(0xfffffff0, 28);
    expect(measureAudio(wav)).toMatchObject({ kind: 'inconsistent', reason: expect.stringMatching(/byte rate \(4294967280\) is not sample rate x block align \(32000\)/) });
  });

  it('a block align that is not channels x sample bytes, or an absurd sample rate or channel count', () => {
    const align = encodeSilentWav(1);
    align.writeUInt16LE(1, 32);
    expect(inconsistent(align)).toBe('inconsistent');
    const rate = encodeSilentWav(1);
    rate.writeUInt32LE(4_000_000_000, 24);
    expect(inconsistent(rate)).toBe('inconsistent');
    const channels = encodeSilentWav(1);
    channels.writeUInt16LE(0, 22);
    expect(inconsistent(channels)).toBe('inconsistent');
  });

  it('a data chunk that declares more bytes than the file carries', () => {
    const wav = encodeSilentWav(1);
    wav.writeUInt32LE(32_000 * 600, 40);
    expect(measureAudio(wav)).toMatchObject({ kind: 'inconsistent', reason: expect.stringMatching(/declares 19200000 bytes of audio but the file carries 32000/) });
  });

  it('a RIFF/WAVE file without fmt or data', () => {
    expect(inconsistent(riff(chunk('data', Buffer.alloc(100))))).toBe('inconsistent');
    expect(inconsistent(riff(fmt(16_000, 1, 16)))).toBe('inconsistent');
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

  it('counts the frames: samples per frame over the sample rate, each frame by its own header', () => {
    // 100 frames * 1152 samples / 44.1 kHz = 2612.2 ms
    expect(mp3DurationMs(frames(MPEG1_L3_128K, 417, 100))).toBe(2612);
    // 50 frames * 288 bytes * 8 / 64 kbit/s = 1800 ms (= 50 * 576 / 16 kHz)
    expect(audioDurationMs(frames(MPEG2_L3_64K_MONO, 288, 50), 'mp3')).toBe(1800);
  });

  it('skips an ID3v2 tag and an ID3v1 trailer', () => {
    const id3 = Buffer.concat([Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0x01, 0x00]), Buffer.alloc(128)]); // syncsafe size 128
    const trailer = Buffer.concat([Buffer.from('TAG', 'ascii'), Buffer.alloc(125)]);
    expect(audioDurationMs(Buffer.concat([id3, frames(MPEG1_L3_128K, 417, 100), trailer]))).toBe(2612);
  });

  it('does not believe the frame count of a Xing/Info header: the frames present are what plays', () => {
    const first = Buffer.alloc(417);
    Buffer.from(MPEG1_L3_128K).copy(first);
    first.write('Xing', 4 + 32, 'ascii'); // after the stereo MPEG-1 side information
    first.writeUInt32BE(0x0001, 4 + 32 + 4); // frames field present
    first.writeUInt32BE(1000, 4 + 32 + 8);
    // the header claims 1000 frames; 4 frames * 1152 samples / 44100 Hz = 104.5 ms are there
    expect(mp3DurationMs(Buffer.concat([first, frames(MPEG1_L3_128K, 417, 3)]))).toBe(104);
  });

  it('is unknown when frames stop well before the end of the file (a decoder could find more)', () => {
    const garbage = Buffer.alloc(10_000, 0x55);
    expect(measureAudio(Buffer.concat([frames(MPEG1_L3_128K, 417, 10), garbage, frames(MPEG1_L3_128K, 417, 1000)]), 'mp3')).toEqual({ kind: 'unknown' });
  });

  it('is null when no frame can be found', () => {
    expect(mp3DurationMs(Buffer.from('definitely not audio'))).toBeNull();
    expect(audioDurationMs(Buffer.alloc(0), 'mp3')).toBeNull();
  });
});
