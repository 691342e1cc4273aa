import busboy from 'busboy';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gatewayErrors, type GatewayError } from '../gateway-error';

export interface MultipartFile {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data request read whole: its files in order (`file` the first) and its text fields (a name may repeat). */
export interface MultipartForm {
  file: MultipartFile | null;
  files: MultipartFile[];
  fields: Array<[name: string, value: string]>;
}

/** Text fields are short (a prompt, a language code): anything longer is not a real request. */
const FIELD_BYTES = 64 * 1024;
const MAX_FIELDS = 32;
/** Room for the text fields and part headers around the file, for the up-front size check. */
const FORM_OVERHEAD_BYTES = MAX_FIELDS * FIELD_BYTES;

/**
 * Reads a multipart/form-data body (busboy) with hard limits: one file of at most `fileLimit`
 * bytes (413 as soon as it crosses it, or up front when Content-Length already says so), at most
 * 32 text fields of 64 KB. Anything malformed is a 400. On any refusal the rest of the body is
 * not read and the connection is closed after the answer, as readBody does.
 */
export function readMultipart(req: IncomingMessage, res: ServerResponse, fileLimit: number, options: { maxFiles?: number } = {}): Promise<MultipartForm> {
  const maxFiles = options.maxFiles ?? 1;
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > fileLimit * maxFiles + FORM_OVERHEAD_BYTES) {
    res.setHeader('connection', 'close');
    return Promise.reject(gatewayErrors.requestTooLarge(fileLimit));
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      limits: { fileSize: fileLimit, files: maxFiles, fields: MAX_FIELDS, fieldSize: FIELD_BYTES, parts: MAX_FIELDS + maxFiles, headerPairs: 16 },
    });
  } catch {
    return Promise.reject(gatewayErrors.invalidRequest('Send the request as multipart/form-data with the audio in a `file` part.', 'file'));
  }

  return new Promise((resolve, reject) => {
    const form: MultipartForm = { file: null, files: [], fields: [] };
    let settled = false;
    const fail = (err: GatewayError) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      req.pause();
      res.setHeader('connection', 'close');
      reject(err);
    };
    const malformed = (detail: string) => gatewayErrors.invalidRequest(`The multipart/form-data body is malformed: ${detail}.`);

    // The parser may close before the file's stream has ended: the form is whole when both have.
    const filesRead: Array<Promise<void>> = [];
    parser.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        chunks.push(chunk);
      });
      stream.on('limit', () => fail(gatewayErrors.requestTooLarge(fileLimit)));
      const index = filesRead.length;
      filesRead.push(new Promise((done) => {
        stream.on('end', () => {
          if (!stream.truncated) form.files[index] = { field, filename: info.filename ?? '', contentType: info.mimeType, data: Buffer.concat(chunks, size) };
          done();
        });
        stream.on('error', () => done());
      }));
    });
    parser.on('field', (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated) return fail(gatewayErrors.invalidRequest(`The form field '${name.slice(0, 64)}' is longer than ${FIELD_BYTES} bytes.`, name.slice(0, 64)));
      form.fields.push([name, value]);
    });
    parser.on('filesLimit', () => fail(gatewayErrors.invalidRequest(maxFiles === 1 ? 'Send exactly one file per request.' : `Send at most ${maxFiles} files per request.`, 'file')));
    parser.on('fieldsLimit', () => fail(gatewayErrors.invalidRequest(`A request takes at most ${MAX_FIELDS} form fields.`)));
    parser.on('partsLimit', () => fail(gatewayErrors.invalidRequest(`A request takes at most ${MAX_FIELDS + maxFiles} form parts.`)));
    parser.on('error', (err: Error) => fail(malformed(err.message.replace(/^Multipart: /, '').replace(/\.$/, '').toLowerCase())));
    parser.on('close', () => {
      void Promise.all(filesRead).then(() => {
        if (settled) return;
        settled = true;
        form.files = form.files.filter((f) => f !== undefined);
        form.file = form.files[0] ?? null;
        resolve(form);
      });
    });
    // The caller went away mid-upload; nobody will read the answer, but keep the error typed.
    req.on('error', () => fail(gatewayErrors.invalidRequest('The request body was interrupted.')));
    req.pipe(parser);
  });
}
