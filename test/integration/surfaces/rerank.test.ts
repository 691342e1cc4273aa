import { CohereClient, CohereError } from 'cohere-ai';
import { costOf, UNIT_MULTIPLIER } from '../../../src/domain/billing/pricing';
import { createChannel, freeBalance } from '../../support/data-plane-fixtures';
import { expectChargedOnce, expectNothingCharged, newCaller, seedPrices, vendorTestbed, waitForUsageLog } from '../../support/vendor-fixtures';

// POST /v1/rerank (the shape Cohere's v1 and Jina share): catalogue type RERANK, billed per
// search unit (Cohere-compatible upstreams) or per token (Jina-compatible ones), through fetch
// and through Cohere's own SDK, against the fake upstream's Cohere and Jina wire formats.

const START = 1_000_000n;
const JINA = 'jina-reranker-v2-base-multilingual';
const COHERE = 'rerank-v3.5';
const bed = vendorTestbed();

const DOCUMENTS = ['Paris is the capital of France.', { text: 'Berlin is the capital of Germany.' }, 'The capital of France has many museums.'];

async function rerank(key: string, body: unknown): Promise<Response> {
  return fetch(`${bed.app.v1Url}/rerank`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

it('ranks through a Jina-compatible upstream and bills its reported tokens at the input price', async () => {
  const { userId, key } = await newCaller(bed.app, START);
  await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: [JINA], modelMapping: { [JINA]: 'jina-upstream' } });
  bed.main.next({ usage: { prompt_tokens: 3_000, completion_tokens: 0 } });
  const res = await rerank(key, { model: JINA, query: 'capital of France', documents: DOCUMENTS, top_n: 2 });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { model: string; results: Array<{ index: number; relevance_score: number; document?: { text: string } }>; usage: unknown };
  expect(body.model).toBe(JINA);
  expect(body.results.map((r) => r.index)).toEqual([0, 2]);
  expect(body.results[0]!.document).toEqual({ text: 'Paris is the capital of France.' });
  expect(body.results[0]!.relevance_score).toBeGreaterThan(body.results[1]!.relevance_score);
  expect(body.usage).toEqual({ total_tokens: 3_000 });
  // Upstream got plain strings, its own model name, and was not asked to send the documents back.
  expect(bed.main.requests[0]!.body).toEqual({
    model: 'jina-upstream', query: 'capital of France', documents: [DOCUMENTS[0], 'Berlin is the capital of Germany.', DOCUMENTS[2]], top_n: 2, return_documents: false,
  });
  const requestId = res.headers.get('x-request-id')!;
  const cost = costOf(seedPrices(JINA), { promptTokens: 3_000, completionTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, audioMs: 0 }, UNIT_MULTIPLIER);
  expect(cost).toBe(30n); // 3,000 tokens x 10,000 units per 1M
  await expectChargedOnce(bed.app, userId, { before: START, cost, requestId });
  expect(await waitForUsageLog(bed.app, requestId)).toMatchObject({ surface: 'rerank', outcome: 'SUCCESS', promptTokens: 3_000, cost });
});

it('serves the Cohere SDK from a Cohere-compatible upstream, billed per search unit', async () => {
  const { userId, key } = await newCaller(bed.app, START);
  await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: [COHERE] });
  const cohere = new CohereClient({ token: key, baseUrl: bed.app.url });
  const documents = Array.from({ length: 150 }, (_, i) => (i === 42 ? 'the best answer about whales' : `filler document number ${i}`));
  const { data, rawResponse } = await cohere.rerank({ model: COHERE, query: 'whales answer', documents, topN: 3, returnDocuments: true }).withRawResponse();
  expect(data.results).toHaveLength(3);
  expect(data.results[0]!.index).toBe(42);
  expect(data.results[0]!.document?.text).toBe('the best answer about whales');
  expect(data.meta?.billedUnits?.searchUnits).toBe(2); // 150 documents: two searches of up to 100
  const requestId = rawResponse.headers.get('x-request-id')!;
  await expectChargedOnce(bed.app, userId, { before: START, cost: 2_000n, requestId }); // 2 x 1,000 units ($0.002 each)
});

it('holds every document before the upstream answers, by tokens and by search units', async () => {
  const { userId, key } = await newCaller(bed.app, START);
  await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: [COHERE] });
  bed.main.next({ delayMs: 400 });
  // 250 documents of 2,400 bytes with the query: up to 800 tokens each (3 bytes per token), 2 chunks of 500 -> 500 chunks = 5 search units.
  const documents = Array.from({ length: 250 }, () => 'x'.repeat(2_395));
  const pending = rerank(key, { model: COHERE, query: 'query', documents, return_documents: false });
  let held = 0n;
  for (let i = 0; i < 40 && held === 0n; i++) {
    await new Promise((r) => setTimeout(r, 10));
    held = (await freeBalance(bed.app, userId)).reserved;
  }
  expect(held).toBe(5_000n);
  const res = await pending;
  expect(res.status).toBe(200);
  const body = (await res.json()) as { results: Array<{ document?: unknown }>; meta: unknown };
  expect(body.results[0]!.document).toBeUndefined();
  expect(body.meta).toEqual({ api_version: { version: '1' }, billed_units: { search_units: 3 } }); // what the upstream billed
  expect(await freeBalance(bed.app, userId)).toEqual({ quota: START - 3_000n, reserved: 0n });
});

it('fails over to another channel before the first byte', async () => {
  const { userId, key } = await newCaller(bed.app, START);
  await createChannel(bed.app, { baseUrl: bed.other.openAIBaseUrl, models: [JINA], priority: 10 });
  await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: [JINA], priority: 0 });
  bed.other.next({ status: 503, errorBody: { error: { message: 'overloaded' } } });
  bed.main.next({ usage: { prompt_tokens: 100, completion_tokens: 0 } });
  const res = await rerank(key, { model: JINA, query: 'q', documents: ['a', 'b'] });
  expect(res.status).toBe(200);
  expect(bed.other.requests).toHaveLength(1);
  expect(bed.main.requests).toHaveLength(1);
  const requestId = res.headers.get('x-request-id')!;
  await expectChargedOnce(bed.app, userId, { before: START, cost: 1n, requestId });
  const row = await waitForUsageLog(bed.app, requestId);
  expect(row.attempts.map((a) => a.status)).toEqual([503, 200]);
});

it('refuses bad input with a 400 naming the param, and rerank models elsewhere, charging nothing', async () => {
  const { userId, key } = await newCaller(bed.app, START);
  await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: [JINA, 'gpt-4o-mini'] });
  const cases: Array<[unknown, string]> = [
    [{ model: JINA, documents: ['a'] }, 'query'],
    [{ model: JINA, query: 'q', documents: [] }, 'documents'],
    [{ model: JINA, query: 'q', documents: [{ title: 'no text' }] }, 'documents[0]'],
    [{ model: JINA, query: 'q', documents: ['a'], top_n: 0 }, 'top_n'],
    [{ model: 'gpt-4o-mini', query: 'q', documents: ['a'] }, 'model'],
  ];
  for (const [body, param] of cases) {
    const res = await rerank(key, body);
    expect(res.status).toBe(400);
    const error = ((await res.json()) as { error: { param: string; type: string } }).error;
    expect([param, error.type]).toEqual([error.param, 'invalid_request_error']);
  }
  const asChat = await fetch(`${bed.app.v1Url}/chat/completions`, {
    method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: JINA, messages: [{ role: 'user', content: 'x' }] }),
  });
  expect(asChat.status).toBe(400);
  expect(await asChat.text()).toContain('/v1/rerank');
  const viaSdk = await new CohereClient({ token: key, baseUrl: bed.app.url }).rerank({ model: JINA, query: '', documents: ['a'] }).catch((e: unknown) => e);
  expect(viaSdk).toBeInstanceOf(CohereError);
  expect((viaSdk as CohereError).statusCode).toBe(400);
  expect(bed.main.requests).toHaveLength(0);
  await expectNothingCharged(bed.app, userId, START);
});
