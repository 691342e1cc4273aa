import { z } from 'zod';
import { gatewayErrors } from '../gateway-error';
import type { RerankQuery } from '../providers/rerank';
import { requireObject } from './anthropic';
import { chatSurface } from './chat-surface';
import type { Surface, SurfaceRequest } from './surface';
import { firstIssue } from './zod-issues';

/** Cohere's v1 and Jina both take at most 1,000 documents per call. */
const MAX_DOCUMENTS = 1_000;

const documentSchema = z.union([z.string(), z.looseObject({ text: z.string() })]);

const rerankRequestSchema = z.looseObject({
  model: z.string().min(1),
  query: z.string().min(1),
  documents: z.array(documentSchema).min(1).max(MAX_DOCUMENTS),
  top_n: z.number().int().min(1).optional(),
  return_documents: z.boolean().optional(),
  max_chunks_per_doc: z.number().int().min(1).optional(),
});

/** The rerank request as the pipeline serves it; `returnDocuments` defaults to true, as Jina's does. */
export interface RerankRequest extends RerankQuery {
  returnDocuments: boolean;
}

/**
 * `POST /v1/rerank` in the shape Cohere's v1 and Jina share. The query and documents become user
 * messages of the internal request only so the pipeline has a model name and a prompt to hold
 * for; what the rerank exchange sends and answers is `request.rerank`. Documents may be strings
 * or `{ text }` objects (Cohere's structured documents with other fields are refused: they would
 * be ranked on fields the gateway cannot see to hold for).
 */
export const rerankSurface: Surface = {
  name: 'rerank',
  streamFormat: chatSurface.streamFormat,
  parse(json): SurfaceRequest {
    const raw = requireObject(json);
    const parsed = rerankRequestSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = firstIssue(parsed.error);
      const hint = issue.field.startsWith('documents') ? ` (1 to ${MAX_DOCUMENTS} strings or { text } objects)` : '';
      throw gatewayErrors.invalidRequest(`Invalid value for '${issue.field}'${hint}: ${issue.message.slice(issue.field.length + 2)}`, issue.field);
    }
    const { model, query, documents, top_n: topN, return_documents: returnDocuments, max_chunks_per_doc: maxChunksPerDoc } = parsed.data;
    const texts = documents.map((d) => (typeof d === 'string' ? d : d.text));
    const rerank: RerankRequest = {
      query, documents: texts, returnDocuments: returnDocuments ?? true,
      ...(topN !== undefined ? { topN } : {}), ...(maxChunksPerDoc !== undefined ? { maxChunksPerDoc } : {}),
    };
    return { body: { model, messages: [{ role: 'user', content: query }] }, stream: false, raw, rerank };
  },
  renderJson: (completion) => completion,
  streamEncoder: chatSurface.streamEncoder,
  renderError: chatSurface.renderError,
};
