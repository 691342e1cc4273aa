import type { ServerResponse } from 'node:http';
import type { MeteredUsage, PriceMultiplier } from '../../domain/billing/billing.types';
import { maxCostOf } from '../../domain/billing/pricing';
import type { CatalogueEntry } from '../../domain/catalogue/catalogue.types';
import { openAIChatProvider } from '../providers/openai/openai-provider';
import { buildRerankRequest, parseRerankResponse, type RerankAnswer } from '../providers/rerank';
import type { RerankRequest } from '../surfaces/rerank';
import { failCall, failoverPlan, targetFor, type AdmittedCall } from './admitted-call';
import { runWithFailover, type AttemptOutcome } from './failover';
import type { GatewayDeps } from './gateway-deps';
import { attemptJson, noAdapterFailure } from './json-attempt';
import { settleCostOf } from './settle-cost';
import { usageCostOf } from './price-report';

// Cohere's billing rule: a search unit is one query over up to 100 documents, and a document
// that with the query is longer than 500 tokens counts once per 500-token chunk.
const DOCUMENTS_PER_SEARCH_UNIT = 100;
const TOKENS_PER_CHUNK = 500;
// The same one-sided byte ratios as the chat prompt estimate (token-estimate.ts): 3 bytes per
// token to hold (never too little), 4 to charge when an upstream reports nothing.
const RESERVE_BYTES_PER_TOKEN = 3;
const CHARGE_BYTES_PER_TOKEN = 4;

/** What a rerank may be billed by: tokens of every (query, document) pair, and search units. */
export interface RerankMeasure {
  tokens: number;
  searchUnits: number;
}

/**
 * Every document with the query, in tokens, each pair within the model's per-document limit
 * (its catalogue context length: the upstream truncates longer documents), and in search units.
 */
export function measureRerank(rerank: RerankRequest, model: Pick<CatalogueEntry, 'contextLength'>, bytesPerToken: number): RerankMeasure {
  const queryBytes = Buffer.byteLength(rerank.query);
  let tokens = 0;
  let chunks = 0;
  for (const doc of rerank.documents) {
    const pair = Math.ceil((queryBytes + Buffer.byteLength(doc)) / bytesPerToken);
    const read = model.contextLength > 0 ? Math.min(pair, model.contextLength) : pair;
    tokens += read;
    chunks += Math.max(1, Math.ceil(read / TOKENS_PER_CHUNK));
  }
  return { tokens, searchUnits: Math.ceil(chunks / DOCUMENTS_PER_SEARCH_UNIT) };
}

/** The hold: every document, by tokens and by search units, whichever the model is priced by. */
export function rerankHold(rerank: RerankRequest, model: CatalogueEntry, multiplier: PriceMultiplier): bigint {
  const bound = measureRerank(rerank, model, RESERVE_BYTES_PER_TOKEN);
  return maxCostOf(model.prices, { promptTokens: bound.tokens, maxCompletionTokens: 0, audioMs: 0, searchUnits: bound.searchUnits }, multiplier);
}

/** One rerank result as the caller gets it. */
interface RerankResult {
  index: number;
  relevance_score: number;
  document?: { text: string };
}

/**
 * A rerank on the pipeline: OpenAI-compatible channels (whose base URL is the vendor's `/v1`,
 * Cohere's and Jina's alike), failover like any JSON exchange, billed from what the upstream
 * reports (Cohere's search units, Jina's tokens; the fair estimate of each it does not report).
 * The answer carries both usage forms, so Cohere and Jina clients each find theirs.
 */
export async function serveRerank(deps: GatewayDeps, call: AdmittedCall, rerank: RerankRequest, res: ServerResponse): Promise<void> {
  const result = await runWithFailover(deps, failoverPlan(deps, call), call.trace, async (picked): Promise<AttemptOutcome<RerankAnswer>> => {
    if (picked.channel.protocol !== 'OPENAI') return { kind: 'failed', failure: noAdapterFailure(picked.channel.protocol, 'rerank') };
    const target = targetFor(picked, call.model);
    return attemptJson(deps.upstream, picked.channel, call.model.modelId, call.client, openAIChatProvider, () => buildRerankRequest(rerank, target), (json) =>
      parseRerankResponse(json, rerank.documents.length),
    );
  });
  if (result.kind === 'failed') return failCall(call, result);

  deps.breakers.onSuccess(result.picked.channel.id);
  const answer = result.value;
  // A measure the upstream did not report is estimated fairly, and only when the model is priced by it.
  const fair = measureRerank(rerank, call.model, CHARGE_BYTES_PER_TOKEN);
  const prices = call.model.prices;
  const reported: MeteredUsage = {
    promptTokens: answer.totalTokens ?? (prices.inputPrice > 0n ? fair.tokens : 0), completionTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, audioMs: 0,
    searchUnits: answer.searchUnits ?? ((prices.searchUnitPrice ?? 0n) > 0n ? fair.searchUnits : 0),
  };
  // The catalogue's context length of a reranker is a per-document limit, not a cap on the request's tokens.
  const { billed, cost, upstreamCost } = settleCostOf(
    { modelId: call.model.modelId, prices: call.model.prices, contextLength: 0 }, reported, { completionCap: 0 }, result.picked.group.multiplier, result.picked.channel,
  );
  call.trace.upstreamBilled(upstreamCost);
  call.trace.billed(cost, await call.charge.settle(cost, result.picked.channel.id));
  call.price.onCharge(call.trace.cost);
  call.trace.promptTokens = billed.promptTokens;
  call.trace.firstToken();

  const topN = rerank.topN ?? answer.results.length;
  const results: RerankResult[] = answer.results.slice(0, topN).map((r) => ({
    index: r.index, relevance_score: r.relevance_score, ...(rerank.returnDocuments ? { document: { text: rerank.documents[r.index]! } } : {}),
  }));
  const searchUnits = billed.searchUnits ?? 0;
  const payload = JSON.stringify({
    id: call.trace.requestId,
    model: call.model.modelId,
    results,
    usage: { total_tokens: billed.promptTokens, ...(searchUnits ? { search_units: searchUnits } : {}), ...(call.request.includeCost ? usageCostOf(call.trace.cost, call.price.rate) : {}) },
    meta: { api_version: { version: '1' }, billed_units: { search_units: searchUnits } },
  });
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
  res.end(payload);
}
