/** An image's pixel size read from its own header; null when the format or the bytes are not understood. */
export interface ImageSize {
  width: number;
  height: number;
}

const ascii = (data: Uint8Array, offset: number, length: number): string =>
  offset + length > data.length ? '' : String.fromCharCode(...data.subarray(offset, offset + length));

// Plain byte scans of the PNG, GIF, WebP and JPEG headers: the hold needs only the dimensions,
// and no decoder touches caller bytes for it.
export function imageSize(data: Uint8Array): ImageSize | null {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let size: ImageSize | null = null;
  if (data.length >= 24 && ascii(data, 1, 3) === 'PNG' && ascii(data, 12, 4) === 'IHDR') {
    size = { width: view.getUint32(16), height: view.getUint32(20) };
  } else if (data.length >= 10 && (ascii(data, 0, 6) === 'GIF87a' || ascii(data, 0, 6) === 'GIF89a')) {
    size = { width: view.getUint16(6, true), height: view.getUint16(8, true) };
  } else if (data.length >= 30 && ascii(data, 0, 4) === 'RIFF' && ascii(data, 8, 4) === 'WEBP') {
    size = webpSize(data, view);
  } else if (data.length >= 4 && data[0] === 0xff && data[1] === 0xd8) {
    size = jpegSize(data, view);
  }
  return size && size.width > 0 && size.height > 0 ? size : null;
}

function webpSize(data: Uint8Array, view: DataView): ImageSize | null {
  const chunk = ascii(data, 12, 4);
  const u24 = (at: number) => data[at]! | (data[at + 1]! << 8) | (data[at + 2]! << 16);
  if (chunk === 'VP8X') return { width: 1 + u24(24), height: 1 + u24(27) };
  if (chunk === 'VP8L' && data[20] === 0x2f) {
    const bits = view.getUint32(21, true);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  if (chunk === 'VP8 ' && data[23] === 0x9d && data[24] === 0x01 && data[25] === 0x2a) {
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  }
  return null;
}

/** Start-of-frame markers (baseline, progressive, lossless...); C4, C8 and CC are other tables. */
const isStartOfFrame = (marker: number): boolean => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** Walks the marker segments (each names its own length) up to the first frame header. */
function jpegSize(data: Uint8Array, view: DataView): ImageSize | null {
  let offset = 2;
  while (offset + 9 <= data.length) {
    if (data[offset] !== 0xff) return null;
    const marker = data[offset + 1]!;
    if (marker === 0xff) {
      offset++; // fill byte
      continue;
    }
    if (isStartOfFrame(marker)) return { width: view.getUint16(offset + 7), height: view.getUint16(offset + 5) };
    if (marker === 0xd9 || marker === 0xda) return null; // end of image, or scan data before any frame header
    offset += 2 + view.getUint16(offset + 2);
  }
  return null;
}
