import { imageSize } from '../../../src/lib/image-size';
import { pdfPageCount } from '../../../src/lib/pdf-pages';
import { anthropicImageTokens } from '../../../src/gateway/providers/anthropic/input-tokens';
import { geminiImageTokens } from '../../../src/gateway/providers/gemini/input-tokens';
import { openAIImageTokens } from '../../../src/gateway/providers/openai/input-tokens';

describe('image sizes from headers', () => {
  it('PNG, GIF, WebP (VP8X) and JPEG (frame header after an APP0 segment)', () => {
    const png = Buffer.alloc(24);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).copy(png);
    png.write('IHDR', 12, 'ascii');
    png.writeUInt32BE(1024, 16);
    png.writeUInt32BE(768, 20);
    expect(imageSize(png)).toEqual({ width: 1024, height: 768 });

    const gif = Buffer.alloc(10);
    gif.write('GIF89a', 0, 'ascii');
    gif.writeUInt16LE(320, 6);
    gif.writeUInt16LE(200, 8);
    expect(imageSize(gif)).toEqual({ width: 320, height: 200 });

    const webp = Buffer.alloc(30);
    webp.write('RIFF', 0, 'ascii');
    webp.write('WEBPVP8X', 8, 'ascii');
    webp.writeUIntLE(1999, 24, 3);
    webp.writeUIntLE(999, 27, 3);
    expect(imageSize(webp)).toEqual({ width: 2000, height: 1000 });

    const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, ...Buffer.alloc(14)]);
    const sof0 = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0x02, 0x58, 0x03, 0x20, ...Buffer.alloc(12)]);
    expect(imageSize(Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof0]))).toEqual({ width: 800, height: 600 });
  });

  it('never throws on a truncated header (caller bytes): every prefix of every format', () => {
    const webp = Buffer.alloc(30);
    webp.write('RIFFxxxxWEBPVP8X', 0, 'ascii');
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...Buffer.alloc(14), 0xff, 0xc0, 0x00, 0x11, 0x08, 0x02, 0x58, 0x03, 0x20]);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), Buffer.from('IHDR'), Buffer.alloc(8, 1)]);
    for (const sample of [webp, jpeg, png, Buffer.from('GIF89a\x01\x00\x01\x00')]) {
      for (let n = 0; n <= sample.length; n++) expect(() => imageSize(sample.subarray(0, n))).not.toThrow();
    }
  });

  it('is null for bytes it does not understand or a truncated JPEG', () => {
    expect(imageSize(Buffer.from('not an image'))).toBeNull();
    expect(imageSize(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]))).toBeNull();
  });
});

describe('vendor image rules', () => {
  it('OpenAI: low detail 85; otherwise tiles of the image scaled to a 768 shorter side', () => {
    expect(openAIImageTokens({ width: 1024, height: 1024 }, 'low')).toBe(85);
    expect(openAIImageTokens({ width: 1024, height: 1024 }, 'high')).toBe(765);
    expect(openAIImageTokens({ width: 2048, height: 4096 }, undefined)).toBe(1105);
  });

  it('Anthropic: w x h / 750 after the long edge is scaled to 1568, at most 1,600', () => {
    expect(anthropicImageTokens({ width: 1024, height: 1024 })).toBe(1399);
    expect(anthropicImageTokens({ width: 4000, height: 3000 })).toBe(1600);
  });

  it('Gemini: 258 for a small image, else 258 per 768-pixel tile', () => {
    expect(geminiImageTokens({ width: 384, height: 300 })).toBe(258);
    expect(geminiImageTokens({ width: 1024, height: 1024 })).toBe(1032);
  });
});

describe('PDF pages', () => {
  it('counts /Type /Page objects, not the /Pages tree, and is null for what is not a PDF', () => {
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj<</Type/Catalog>>\n2 0 obj<</Type /Pages /Count 2>>\n3 0 obj<</Type/Page>>\n4 0 obj<</Type\n/Page /Parent 2 0 R>>');
    expect(pdfPageCount(pdf)).toBe(2);
    expect(pdfPageCount(Buffer.from('hello'))).toBeNull();
    expect(pdfPageCount(Buffer.from('%PDF-1.7 compressed object streams only'))).toBeNull();
  });
});
