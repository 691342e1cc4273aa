export interface MultipartPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

/** A small multipart/form-data reader for the fake upstream and tests (whole body in memory). */
export function parseMultipart(body: Buffer, contentTypeHeader: string | undefined): MultipartPart[] | null {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentTypeHeader ?? '');
  const token = boundary?.[1] ?? boundary?.[2]?.trim();
  if (!token) return null;
  const delimiter = Buffer.from(`--${token}`);
  const parts: MultipartPart[] = [];
  let at = body.indexOf(delimiter);
  if (at === -1) return null;
  for (;;) {
    const afterDelimiter = at + delimiter.length;
    if (body.subarray(afterDelimiter, afterDelimiter + 2).toString() === '--') return parts;
    const headerStart = afterDelimiter + 2; // CRLF
    const headerEnd = body.indexOf('\r\n\r\n', headerStart);
    const next = body.indexOf(delimiter, headerStart);
    if (headerEnd === -1 || next === -1) return null;
    const headers = body.subarray(headerStart, headerEnd).toString('utf8');
    const disposition = /content-disposition:\s*form-data;([^\r\n]*)/i.exec(headers)?.[1] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined) return null;
    const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
    const contentType = /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim();
    // The part's data ends before the CRLF that precedes the next delimiter.
    parts.push({ name, ...(filename !== undefined ? { filename } : {}), ...(contentType ? { contentType } : {}), data: body.subarray(headerEnd + 4, next - 2) });
    at = next;
  }
}
