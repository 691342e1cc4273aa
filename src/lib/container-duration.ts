import { measureAudio, type AudioMeasure } from './audio-duration';

type MusicMetadata = typeof import('music-metadata', { with: { 'resolution-mode': 'import' } });

// music-metadata is ESM-only: a real dynamic import() here (TypeScript keeps `import()` as it is
// in CommonJS output under `module: node16`). The test runner turns it into require() and
// compiles the package and its ESM dependencies to CommonJS (jest.config.js).
const importMusicMetadata = (): Promise<MusicMetadata> => import('music-metadata');

/** The container's media type for the format names the surfaces accept (music-metadata sniffs the rest). */
const MEDIA_TYPES: Record<string, string> = {
  ogg: 'audio/ogg', oga: 'audio/ogg', opus: 'audio/ogg', webm: 'audio/webm', m4a: 'audio/mp4', mp4: 'audio/mp4', aac: 'audio/aac', flac: 'audio/flac',
};

/** Headers, tags and padding a container carries besides its pictures and audio. */
const OVERHEAD_BYTES = 16 * 1024;
/** Lossy codecs never exceed the PCM rate at 16 bits; lossless ones say their own sample size. */
const DEFAULT_BITS_PER_SAMPLE = 16;
/** Opus always decodes at 48 kHz whatever input rate its header records, so no lower rate bounds a file. */
const MIN_BOUND_SAMPLE_RATE = 48_000;

/**
 * What a file's own container says about its length (issue 22: ogg/opus, webm, m4a, flac...),
 * after WAV and MP3, which `measureAudio` checks exactly. The container's duration is checked
 * against the file's size: audio cannot be denser than uncompressed PCM at its own sample rate,
 * channel count and sample size, so a header that claims a shorter duration than the bytes
 * carry is refused, like a WAV whose data chunk is larger than its header says.
 */
export async function measureAudioFile(data: Uint8Array, format?: string): Promise<AudioMeasure> {
  const simple = measureAudio(data, format);
  if (simple.kind !== 'unknown') return simple;
  const mediaType = format ? MEDIA_TYPES[format.toLowerCase()] : undefined;
  let parsed: Awaited<ReturnType<MusicMetadata['parseBuffer']>>;
  try {
    const { parseBuffer } = await importMusicMetadata();
    parsed = await parseBuffer(data, mediaType ? { mimeType: mediaType, size: data.length } : { size: data.length }, { duration: true });
  } catch {
    return { kind: 'unknown' };
  }
  const { duration, sampleRate, numberOfChannels, bitsPerSample } = parsed.format;
  if (duration === undefined || !Number.isFinite(duration) || duration <= 0 || !sampleRate || !numberOfChannels) return { kind: 'unknown' };
  const pictures = (parsed.common.picture ?? []).reduce((sum, p) => sum + p.data.length, 0);
  const audioBytes = data.length - pictures - OVERHEAD_BYTES;
  const pcmBytesPerSecond = (Math.max(sampleRate, MIN_BOUND_SAMPLE_RATE) * numberOfChannels * (bitsPerSample ?? DEFAULT_BITS_PER_SAMPLE)) / 8;
  if (audioBytes > duration * pcmBytesPerSecond) {
    const seconds = Math.round(duration * 10) / 10;
    return { kind: 'inconsistent', reason: `its container gives ${seconds} s, but the file carries more audio than ${seconds} s can hold at ${sampleRate} Hz` };
  }
  return { kind: 'measured', ms: Math.round(duration * 1000), exact: false };
}
