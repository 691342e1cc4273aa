import { randomBytes } from 'node:crypto';

export type MultipartField =
  | { name: string; value: string }
  | { name: string; filename: string; contentType: string; data: Uint8Array };

/**
 * multipart/form-data (RFC 7578) built by hand: the body must be a plain byte array so the
 * gateway can send it, retry it on another channel and measure it like any other request.
 * Names and filenames are the adapter's own constants, never caller input.
 */
export function encodeMultipart(fields: MultipartField[]): { body: Uint8Array; contentType: string } {
  const boundary = `----gateway-${randomBytes(16).toString('hex')}`;
  const pieces: Buffer[] = [];
  for (const field of fields) {
    if ('value' in field) {
      pieces.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field.name}"\r\n\r\n${field.value}\r\n`, 'utf8'));
    } else {
      pieces.push(Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field.name}"; filename="${field.filename}"\r\nContent-Type: ${field.contentType}\r\n\r\n`,
        'utf8',
      ));
      pieces.push(Buffer.from(field.data.buffer, field.data.byteOffset, field.data.byteLength));
      pieces.push(Buffer.from('\r\n', 'utf8'));
    }
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`, 'utf8'));
  const joined = Buffer.concat(pieces);
  return { body: new Uint8Array(joined.buffer, joined.byteOffset, joined.byteLength), contentType: `multipart/form-data; boundary=${boundary}` };
}
