/**
 * The canonical 44-byte header of a PCM WAV (16-bit mono): put in front of raw samples it makes
 * them a .wav file, losslessly (Gemini speech comes as bare 24 kHz samples).
 */
export function wavHeader(dataSize: number, sampleRate: number): Buffer {
  const bytesPerSample = 2;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataSize, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * bytesPerSample, 28);
  header.writeUInt16LE(bytesPerSample, 32);
  header.writeUInt16LE(bytesPerSample * 8, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataSize, 40);
  return header;
}

/** 16-bit mono samples as a .wav file. */
export function pcmToWav(pcm: Uint8Array, sampleRate: number): Buffer {
  return Buffer.concat([wavHeader(pcm.byteLength, sampleRate), pcm]);
}
