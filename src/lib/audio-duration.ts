/**
 * What an audio file's own header says about its length, checked against the file's size.
 * The gateway sizes a speech request's hold from this (issue 12.1): it is never the bill when the
 * upstream reports a duration, and a header that disagrees with the bytes it describes is
 * refused rather than believed, so a forged header can neither shrink the hold nor the charge.
 *
 * - WAV (PCM, IEEE float, A-law, mu-law, extensible): exact. The `fmt ` chunk must describe itself
 *   consistently (byte rate = sample rate x block align, block align = channels x sample bytes)
 *   and the `data` chunk may not declare more bytes than the file carries.
 * - MP3: the frames are walked one by one (each header names its own length and sample count),
 *   which is what a decoder plays; Xing/VBRI counts are not trusted. When the frames do not cover
 *   the file the length is unknown.
 * - Anything else (or a compressed WAV whose byte rate cannot be checked): unknown.
 */
export type AudioMeasure =
  | { kind: 'measured'; ms: number; exact: boolean }
  | { kind: 'unknown' }
  | { kind: 'inconsistent'; reason: string };

const UNKNOWN: AudioMeasure = { kind: 'unknown' };

export function measureAudio(data: Uint8Array, format?: string): AudioMeasure {
  if (isWav(data)) return measureWav(data);
  const kind = format?.toLowerCase();
  if (kind === 'mp3' || kind === 'mpeg' || kind === 'mpga' || looksLikeMp3(data)) return measureMp3(data);
  return UNKNOWN;
}

/** The measured length in ms, or null when it is unknown or the header cannot be believed. */
export function audioDurationMs(data: Uint8Array, format?: string): number | null {
  const measure = measureAudio(data, format);
  return measure.kind === 'measured' ? measure.ms : null;
}

function view(data: Uint8Array): DataView {
  return new DataView(data.buffer, data.byteOffset, data.byteLength);
}

function ascii(data: Uint8Array, offset: number, length: number): string {
  if (offset + length > data.length) return '';
  return String.fromCharCode(...data.subarray(offset, offset + length));
}

function isWav(data: Uint8Array): boolean {
  return ascii(data, 0, 4) === 'RIFF' && ascii(data, 8, 4) === 'WAVE';
}

interface WavFmt {
  tag: number;
  channels: number;
  sampleRate: number;
  byteRate: number;
  blockAlign: number;
  bitsPerSample: number;
}

/** Sample formats whose byte rate follows from the rest of the header (and so can be checked). */
const PCM_LIKE_TAGS = new Set([0x0001, 0x0003, 0x0006, 0x0007, 0xfffe]);
/** Streamed WAVs leave the data size unset (0) or at its maximum; the bytes present are the audio. */
const UNSET_SIZES = new Set([0, 0xffffffff]);
const MAX_SAMPLE_RATE = 768_000;
const MAX_CHANNELS = 64;

/** RIFF chunks may come in any order (LIST before fmt, fmt after data); sizes are padded to even. */
function measureWav(data: Uint8Array): AudioMeasure {
  const dv = view(data);
  let fmt: WavFmt | undefined;
  let dataBytes: number | undefined;
  let offset = 12;
  while (offset + 8 <= data.length && (fmt === undefined || dataBytes === undefined)) {
    const id = ascii(data, offset, 4);
    const size = dv.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ' && size >= 16 && body + 16 <= data.length) {
      fmt = {
        tag: dv.getUint16(body, true),
        channels: dv.getUint16(body + 2, true),
        sampleRate: dv.getUint32(body + 4, true),
        byteRate: dv.getUint32(body + 8, true),
        blockAlign: dv.getUint16(body + 12, true),
        bitsPerSample: dv.getUint16(body + 14, true),
      };
    }
    if (id === 'data') {
      const available = data.length - body;
      if (UNSET_SIZES.has(size)) dataBytes = available;
      else if (size > available) return { kind: 'inconsistent', reason: `its data chunk declares ${size} bytes of audio but the file carries ${available}` };
      else dataBytes = size;
    }
    offset = body + size + (size % 2);
  }
  if (!fmt || dataBytes === undefined) return { kind: 'inconsistent', reason: 'it has no readable fmt and data chunks' };
  if (!PCM_LIKE_TAGS.has(fmt.tag)) return UNKNOWN;
  const problem = pcmHeaderProblem(fmt);
  if (problem) return { kind: 'inconsistent', reason: problem };
  return { kind: 'measured', ms: Math.round((dataBytes * 1000) / fmt.byteRate), exact: true };
}

function pcmHeaderProblem(fmt: WavFmt): string | null {
  if (fmt.channels < 1 || fmt.channels > MAX_CHANNELS) return `its header gives ${fmt.channels} channels`;
  if (fmt.sampleRate < 1 || fmt.sampleRate > MAX_SAMPLE_RATE) return `its header gives a sample rate of ${fmt.sampleRate} Hz`;
  if (fmt.bitsPerSample < 1 || fmt.bitsPerSample > 64) return `its header gives ${fmt.bitsPerSample} bits per sample`;
  const blockAlign = fmt.channels * Math.ceil(fmt.bitsPerSample / 8);
  if (fmt.blockAlign !== blockAlign) return `its header's block align (${fmt.blockAlign}) is not channels x sample bytes (${blockAlign})`;
  const byteRate = fmt.sampleRate * blockAlign;
  if (fmt.byteRate !== byteRate) return `its header's byte rate (${fmt.byteRate}) is not sample rate x block align (${byteRate})`;
  return null;
}

// MPEG audio frame headers: https://www.mp3-tech.org/programmer/frame_header.html
const BITRATES_KBPS: Record<string, number[]> = {
  '1-1': [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  '1-2': [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  '1-3': [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  '2-1': [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  '2-2': [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  '2-3': [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES: Record<number, number[]> = { 1: [44100, 48000, 32000], 2: [22050, 24000, 16000], 25: [11025, 12000, 8000] };

interface FrameHeader {
  version: 1 | 2 | 25;
  layer: 1 | 2 | 3;
  bitrate: number;
  sampleRate: number;
  mono: boolean;
  frameBytes: number;
  samplesPerFrame: number;
}

export function parseMp3FrameHeader(data: Uint8Array, offset: number): FrameHeader | null {
  if (offset + 4 > data.length) return null;
  const b1 = data[offset + 1]!, b2 = data[offset + 2]!, b3 = data[offset + 3]!;
  if (data[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const versionBits = (b1 >> 3) & 3;
  const layerBits = (b1 >> 1) & 3;
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  if (versionBits === 1 || layerBits === 0 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const version = versionBits === 3 ? 1 : versionBits === 2 ? 2 : 25;
  const layer = (4 - layerBits) as 1 | 2 | 3;
  const bitrate = BITRATES_KBPS[`${version === 1 ? 1 : 2}-${layer}`]![bitrateIndex]! * 1000;
  const sampleRate = SAMPLE_RATES[version]![rateIndex]!;
  const padding = (b2 >> 1) & 1;
  const samplesPerFrame = layer === 1 ? 384 : layer === 2 || version === 1 ? 1152 : 576;
  const frameBytes = layer === 1
    ? (Math.floor((12 * bitrate) / sampleRate) + padding) * 4
    : Math.floor(((samplesPerFrame / 8) * bitrate) / sampleRate) + padding;
  return { version, layer, bitrate, sampleRate, mono: b3 >> 6 === 3, frameBytes, samplesPerFrame };
}

function looksLikeMp3(data: Uint8Array): boolean {
  return ascii(data, 0, 3) === 'ID3' || parseMp3FrameHeader(data, 0) !== null;
}

/** ID3v2 tags precede the audio: 10-byte header, syncsafe size, optional 10-byte footer. */
function id3v2Length(data: Uint8Array): number {
  if (ascii(data, 0, 3) !== 'ID3' || data.length < 10) return 0;
  const size = ((data[6]! & 0x7f) << 21) | ((data[7]! & 0x7f) << 14) | ((data[8]! & 0x7f) << 7) | (data[9]! & 0x7f);
  return 10 + size + (data[5]! & 0x10 ? 10 : 0);
}

/**
 * Walks the frames from the first one to the end (ID3 tags skipped). Trailing bytes that are
 * not frames are tolerated up to a few tag's worth (APE, Lyrics3); beyond that the frames do not
 * describe the file and its length is unknown.
 */
const TRAILING_TOLERANCE_BYTES = 4096;

function measureMp3(data: Uint8Array): AudioMeasure {
  let end = data.length;
  if (end >= 128 && ascii(data, end - 128, 3) === 'TAG') end -= 128; // ID3v1 trailer
  const first = firstFrame(data, id3v2Length(data), end);
  if (first === null) return UNKNOWN;
  let offset = first;
  let ms = 0;
  for (let header = parseMp3FrameHeader(data, offset); header; header = parseMp3FrameHeader(data, offset)) {
    ms += (header.samplesPerFrame * 1000) / header.sampleRate;
    offset += header.frameBytes;
  }
  if (end - offset > TRAILING_TOLERANCE_BYTES) return UNKNOWN;
  return { kind: 'measured', ms: Math.round(ms), exact: false };
}

/** The first sync word whose frame is followed by another frame (or by the end of the data). */
function firstFrame(data: Uint8Array, from: number, end: number): number | null {
  for (let offset = from; offset + 4 <= end; offset++) {
    const header = parseMp3FrameHeader(data, offset);
    if (!header) continue;
    const next = offset + header.frameBytes;
    if (next + 4 > end || parseMp3FrameHeader(data, next)) return offset;
  }
  return null;
}
