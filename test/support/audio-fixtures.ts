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

/** Ogg's page checksum: CRC-32, polynomial 0x04c11db7, not reflected, over the page with its CRC field zero. */
function oggCrc(page: Buffer): number {
  let crc = 0;
  for (const byte of page) {
    crc ^= byte << 24;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
  }
  return crc >>> 0;
}

function oggPage(packets: Buffer[], granule: bigint, sequence: number, flags: number): Buffer {
  const lacing: number[] = [];
  for (const packet of packets) {
    for (let left = packet.length; ; left -= 255) {
      lacing.push(Math.min(left, 255));
      if (left < 255) break;
    }
  }
  const header = Buffer.alloc(27);
  header.write('OggS', 0, 'ascii');
  header[5] = flags;
  header.writeBigInt64LE(granule, 6);
  header.writeUInt32LE(0x0f0e0d0c, 14); // stream serial
  header.writeUInt32LE(sequence, 18);
  header[26] = lacing.length;
  const page = Buffer.concat([header, Buffer.from(lacing), ...packets]);
  page.writeUInt32LE(oggCrc(page), 22);
  return page;
}

/**
 * A valid Ogg Opus stream (RFC 7845) of `seconds` of mono 60 ms SILK frames, `frameBytes` each
 * (43 bytes: 5.7 kbit/s of audio, ~5.9 kbit/s with the pages). The frames are not decodable
 * speech, but everything a container reader uses is real: headers, pages, granule positions.
 * `claimedSeconds` forges the last page's granule position (the duration readers report).
 */
export function encodeOggOpus(seconds: number, frameBytes = 43, claimedSeconds?: number): Buffer {
  const preSkip = 312;
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'ascii');
  head[8] = 1; // version
  head[9] = 1; // channels
  head.writeUInt16LE(preSkip, 10);
  head.writeUInt32LE(16_000, 12); // input sample rate, informational
  const tags = Buffer.concat([Buffer.from('OpusTags', 'ascii'), Buffer.from([6, 0, 0, 0]), Buffer.from('tester', 'ascii'), Buffer.alloc(4)]);
  const pages = [oggPage([head], 0n, 0, 0x02), oggPage([tags], 0n, 1, 0)];
  const frames = Math.round((seconds * 1000) / 60);
  const frame = Buffer.alloc(frameBytes, 0x55);
  frame[0] = 3 << 3; // TOC: config 3 (SILK narrowband, 60 ms), mono, one frame
  let written = 0;
  while (written < frames) {
    const count = Math.min(255, frames - written);
    written += count;
    const last = written === frames;
    const granule = last && claimedSeconds !== undefined ? Math.round(claimedSeconds * 48_000) : written * 2880;
    pages.push(oggPage(Array.from({ length: count }, () => frame), BigInt(granule + preSkip), pages.length, last ? 0x04 : 0));
  }
  return Buffer.concat(pages);
}
