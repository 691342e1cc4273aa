import type { RouteHandler } from './http-helpers';

// `POST /v1/rerank` as Cohere's v1 and Jina answer it. Which of the two the fake speaks follows
// the model name, as the real services are told apart: Cohere's models are `rerank-*` and bill
// search units in `meta.billed_units`; everything else answers as Jina does, with
// `usage.total_tokens` (and the documents back unless told not to).

const words = (text: string): Set<string> => new Set(text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean));

/** Deterministic scores in (0, 1): the share of the query's words a document has, a little less for longer documents. */
function scoreOf(query: Set<string>, document: string): number {
  const doc = words(document);
  let shared = 0;
  for (const w of query) if (doc.has(w)) shared++;
  const overlap = query.size ? shared / query.size : 0;
  return Number((0.05 + 0.9 * overlap - Math.min(0.04, document.length / 100_000)).toFixed(6));
}

export const rerank: RouteHandler = async (req, res, b) => {
  const body = (req.body ?? {}) as { model?: string; query?: string; documents?: unknown[]; top_n?: number; return_documents?: boolean };
  const documents = (body.documents ?? []).map((d) => (typeof d === 'string' ? d : String((d as { text?: unknown })?.text ?? '')));
  const query = words(body.query ?? '');
  const ranked = documents
    .map((text, index) => ({ index, relevance_score: scoreOf(query, text) }))
    .sort((a, b2) => b2.relevance_score - a.relevance_score)
    .slice(0, body.top_n ?? documents.length);
  const model = body.model ?? 'unknown';
  res.writeHead(200, { 'content-type': 'application/json', ...b.headers });
  if (model.startsWith('rerank-')) {
    const searchUnits = Math.max(1, Math.ceil(documents.length / 100));
    res.end(JSON.stringify({ id: 'rerank-fake', results: ranked, meta: { api_version: { version: '1' }, billed_units: { search_units: searchUnits } } }));
    return;
  }
  const queryChars = (body.query ?? '').length;
  const totalTokens = b.usage?.prompt_tokens ?? documents.reduce((n, d) => n + Math.max(1, Math.ceil((queryChars + d.length) / 4)), 0);
  const withDocuments = body.return_documents !== false;
  const results = ranked.map((r) => (withDocuments ? { ...r, document: { text: documents[r.index] } } : r));
  res.end(JSON.stringify({ model, usage: { total_tokens: totalTokens }, results }));
};
