import type { IncomingMessage, ServerResponse } from 'node:http';
import { gatewayErrors } from '../gateway-error';

/**
 * Reads the request body with a hard byte limit, without express.json(): the declared
 * Content-Length is refused up front, a chunked body as soon as it crosses the limit. An
 * over-limit request gets `Connection: close` so its remaining bytes are never read.
 */
export function readBody(req: IncomingMessage, res: ServerResponse, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    res.setHeader('connection', 'close');
    return Promise.reject(gatewayErrors.requestTooLarge(limit));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.pause();
        res.setHeader('connection', 'close');
        reject(gatewayErrors.requestTooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    };
    // The caller went away mid-upload; nobody will read the answer, but keep the error typed.
    const onError = () => {
      cleanup();
      reject(gatewayErrors.invalidRequest('The request body was interrupted.'));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

/** JSON.parse with the error the data plane promises for a body that is not JSON. */
export function parseJsonBody(raw: Buffer): unknown {
  if (raw.length === 0) throw gatewayErrors.invalidRequest('The request body is empty; send a JSON object.');
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw gatewayErrors.invalidRequest('We could not parse the JSON body of your request.');
  }
}
