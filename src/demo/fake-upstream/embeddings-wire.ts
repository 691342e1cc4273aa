import { createHash } from 'node:crypto';
import type { RouteHandler } from './http-helpers';

/** A deterministic unit-ish vector per text, so the same input always embeds the same. */
function vectorOf(text: string, dimensions: number): number[] {
  const out: number[] = [];
  for (let i = 0; out.length < dimensions; i++) {
    for (const byte of createHash('sha256').update(`${i}:${text}`).digest()) {
      if (out.length === dimensions) break;
      out.push(Number(((byte - 127.5) / 127.5).toFixed(6)));
    }
  }
  return out;
}

/** OpenAI `POST /v1/embeddings`: float vectors (base64 when asked), usage in prompt tokens (~4 characters each). */
export const openAIEmbeddings: RouteHandler = async (req, res, b) => {
  const body = (req.body ?? {}) as { model?: string; input?: unknown; dimensions?: number; encoding_format?: string };
  const inputs = Array.isArray(body.input) ? (body.input as unknown[]) : [body.input];
  const dimensions = body.dimensions ?? 8;
  const data = inputs.map((input, index) => {
    const vector = vectorOf(String(input), dimensions);
    const embedding = body.encoding_format === 'base64' ? Buffer.from(new Float32Array(vector).buffer).toString('base64') : vector;
    return { object: 'embedding', index, embedding };
  });
  const promptTokens = b.usage?.prompt_tokens ?? inputs.reduce<number>((n, input) => n + Math.max(1, Math.ceil(String(input).length / 4)), 0);
  res.writeHead(200, { 'content-type': 'application/json', ...b.headers });
  res.end(JSON.stringify({ object: 'list', data, model: body.model ?? 'unknown', usage: { prompt_tokens: promptTokens, total_tokens: promptTokens } }));
};
