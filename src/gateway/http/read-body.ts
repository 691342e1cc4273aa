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

/**
 * Deepest nesting a request body may have. Real requests stay under ~10 (messages -> content
 * parts -> tool schemas); everything downstream (token estimates, adapters, JSON Schema
 * mapping) walks the body recursively, so depth is refused here, once, for every surface.
 */
export const MAX_JSON_DEPTH = 64;

/** Whether `text` nests arrays/objects deeper than `max`, read without recursion (strings skipped). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}

/** JSON.parse with the error the data plane promises for a body that is not JSON, or nested too deep. */
export function parseJsonBody(raw: Buffer): unknown {
  if (raw.length === 0) throw gatewayErrors.invalidRequest('The request body is empty; send a JSON object.');
  const text = raw.toString('utf8');
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    throw gatewayErrors.invalidRequest(`The JSON body is nested more than ${MAX_JSON_DEPTH} levels deep.`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw gatewayErrors.invalidRequest('We could not parse the JSON body of your request.');
  }
}
