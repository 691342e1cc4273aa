/**
 * Audio duration read from the file itself, for billing when the upstream does not say.
 * WAV is exact (header sizes); MP3 is an estimate (Xing/Info/VBRI frame count when present,
 * else the first frame's bitrate over the audio size). null whenever the data is not understood.
 */
export function audioDurationMs(data: Uint8Array, format?: string): number | null {
  const kind = format?.toLowerCase();
  if (kind === 'wav' || kind === 'wave' || isWav(data)) return wavDurationMs(data);
  if (kind === 'mp3' || kind === 'mpeg' || kind === 'mpga' || looksLikeMp3(data)) return mp3DurationMs(data);
  return null;
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

/** RIFF chunks may come in any order (LIST before fmt, fmt after data); sizes are padded to even. */
export function wavDurationMs(data: Uint8Array): number | null {
  if (!isWav(data)) return null;
  const dv = view(data);
  let byteRate: number | undefined;
  let dataBytes: number | undefined;
  let offset = 12;
  while (offset + 8 <= data.length) {
    const id = ascii(data, offset, 4);
    const size = dv.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ' && body + 12 <= data.length) byteRate = dv.getUint32(body + 8, true);
    if (id === 'data') {
      // Streamed WAVs leave the size at 0 or 0xFFFFFFFF; the bytes present are then the audio.
      const available = data.length - body;
      dataBytes = size === 0 || size > available ? available : size;
    }
    if (byteRate !== undefined && dataBytes !== undefined) break;
    offset = body + size + (size % 2);
  }
  if (!byteRate || dataBytes === undefined) return null;
  return Math.round((dataBytes * 1000) / byteRate);
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

export function mp3DurationMs(data: Uint8Array): number | null {
  let end = data.length;
  if (end >= 128 && ascii(data, end - 128, 3) === 'TAG') end -= 128; // ID3v1 trailer
  const frameStart = firstFrame(data, id3v2Length(data), end);
  if (frameStart === null) return null;
  const header = parseMp3FrameHeader(data, frameStart)!;

  const frames = vbrFrameCount(data, frameStart, header);
  if (frames !== null) return Math.round((frames * header.samplesPerFrame * 1000) / header.sampleRate);
  return Math.round(((end - frameStart) * 8 * 1000) / header.bitrate);
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

/** Xing/Info (LAME) or VBRI (Fraunhofer) headers sit in the first frame and count the frames. */
function vbrFrameCount(data: Uint8Array, frameStart: number, header: FrameHeader): number | null {
  const dv = view(data);
  const sideInfo = header.version === 1 ? (header.mono ? 17 : 32) : header.mono ? 9 : 17;
  const xing = frameStart + 4 + sideInfo;
  const tag = ascii(data, xing, 4);
  if ((tag === 'Xing' || tag === 'Info') && xing + 12 <= data.length) {
    const flags = dv.getUint32(xing + 4, false);
    if (flags & 1) return dv.getUint32(xing + 8, false);
  }
  const vbri = frameStart + 4 + 32;
  if (ascii(data, vbri, 4) === 'VBRI' && vbri + 18 <= data.length) return dv.getUint32(vbri + 14, false);
  return null;
}
