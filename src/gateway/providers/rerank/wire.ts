// The rerank wire format Cohere's v1 and Jina share (also spoken by vLLM, Xinference, SiliconFlow
// and most Chinese vendors): POST {base}/rerank with a query and documents, answered with
// indices and relevance scores. They differ only in how they report what they bill: Cohere in
// `meta.billed_units.search_units`, Jina (and vLLM) in `usage.total_tokens`.

/** What the gateway sends upstream: documents as plain strings, which every implementation accepts. */
export interface RerankUpstreamBody {
  model: string;
  query: string;
  documents: string[];
  top_n?: number;
  return_documents: false;
  /** Cohere v1 only; other servers ignore it. */
  max_chunks_per_doc?: number;
}

export interface RerankUpstreamResult {
  index: number;
  relevance_score: number;
}

export interface RerankUpstreamAnswer {
  id?: string;
  results: RerankUpstreamResult[];
  meta?: { billed_units?: { search_units?: number } };
  usage?: { total_tokens?: number; prompt_tokens?: number };
}
