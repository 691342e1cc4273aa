// Audio encoded in tests, so speech tests need no binary fixtures.

/** A RIFF chunk: id, little-endian size, body, pad byte when the size is odd. */
export function riffChunk(id: string, body: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.write(id, 0, 'ascii');
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body, body.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

/** A PCM `fmt ` chunk. */
export function wavFmtChunk(sampleRate: number, channels: number, bitsPerSample: number): Buffer {
  const body = Buffer.alloc(16);
  const blockAlign = (channels * bitsPerSample) / 8;
  body.writeUInt16LE(1, 0);
  body.writeUInt16LE(channels, 2);
  body.writeUInt32LE(sampleRate, 4);
  body.writeUInt32LE(sampleRate * blockAlign, 8);
  body.writeUInt16LE(blockAlign, 12);
  body.writeUInt16LE(bitsPerSample, 14);
  return riffChunk('fmt ', body);
}

export function riffWave(...chunks: Buffer[]): Buffer {
  const body = Buffer.concat([Buffer.from('WAVE', 'ascii'), ...chunks]);
  const header = Buffer.alloc(8);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body]);
}

/** A PCM WAV of silence, laid out as recorders write it (44-byte header). */
export function encodeSilentWav(seconds: number, sampleRate = 16_000, channels = 1, bitsPerSample = 16): Buffer {
  const samples = Math.round(seconds * sampleRate);
  return riffWave(wavFmtChunk(sampleRate, channels, bitsPerSample), riffChunk('data', Buffer.alloc(samples * channels * (bitsPerSample / 8))));
}
