import { costOf, UNIT_MULTIPLIER } from '../../../src/domain/billing/pricing';
import { createChannel, rawChat } from '../../support/data-plane-fixtures';
import { newCaller, seedPrices, vendorTestbed } from '../../support/vendor-fixtures';

// The caller sees what a request cost and what is left: response headers on every surface, JSON
// and streamed, and the charge in the final usage when it asks (`usage: { include: true }`).

const bed = vendorTestbed();
const MINI = 'gpt-4o-mini';
const HAIKU = 'claude-3-5-haiku-20241022';
const START = 1_000_000n;
const USAGE = { prompt_tokens: 1_000, completion_tokens: 100 };
// 1,000 x 75,000 + 100 x 300,000 per 1M = 105 units; at the default 500,000 units per USD.
const COST = costOf(seedPrices(MINI), { promptTokens: 1_000, completionTokens: 100, cacheReadTokens: 0, cacheWriteTokens: 0, audioMs: 0 }, UNIT_MULTIPLIER);

function priceHeaders(res: Response): Record<string, string | null> {
  const names = ['x-gateway-cost', 'x-gateway-cost-amount', 'x-gateway-cost-currency', 'x-gateway-cost-held', 'x-gateway-balance-remaining'];
  return Object.fromEntries(names.map((n) => [n, res.headers.get(n)]));
}

it('prices the fixture as expected', () => {
  expect(COST).toBe(105n);
});

it('a JSON answer carries the charge, its display amount and the balance left, and the usage carries the charge when asked', async () => {
  await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: [MINI] });
  const { key } = await newCaller(bed.app, START);
  bed.main.next({ content: 'ok', usage: USAGE });
  const res = await rawChat(bed.app, key, { model: MINI, max_tokens: 100, messages: [{ role: 'user', content: 'hi' }], usage: { include: true } });
  expect(res.status).toBe(200);
  expect(priceHeaders(res)).toMatchObject({
    'x-gateway-cost': '105', 'x-gateway-cost-amount': '0.000210', 'x-gateway-cost-currency': 'USD', 'x-gateway-balance-remaining': String(START - COST),
  });
  const body = await res.json();
  expect(body.usage).toMatchObject({ prompt_tokens: 1_000, completion_tokens: 100, cost: 0.00021, cost_quota: 105, cost_currency: 'USD' });
  // The gateway's own parameter never reaches the upstream.
  expect((bed.main.requests.at(-1)!.body as Record<string, unknown>).usage).toBeUndefined();
});

it('without the ask, the usage is the upstream\'s and the headers still carry the charge', async () => {
  await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: [MINI] });
  const { key } = await newCaller(bed.app, START);
  bed.main.next({ content: 'ok', usage: USAGE });
  const res = await rawChat(bed.app, key, { model: MINI, max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] });
  expect(res.headers.get('x-gateway-cost')).toBe('105');
  expect((await res.json()).usage.cost).toBeUndefined();
});

it('a stream\'s headers carry the hold and the balance after it (the charge is not known yet)', async () => {
  await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: [MINI] });
  const { key } = await newCaller(bed.app, START);
  bed.main.next({ chunks: ['o', 'k'], usage: USAGE });
  const res = await rawChat(bed.app, key, { model: MINI, max_tokens: 100, stream: true, messages: [{ role: 'user', content: 'hi' }] });
  const headers = priceHeaders(res);
  await res.text();
  expect(headers['x-gateway-cost']).toBeNull();
  const held = BigInt(headers['x-gateway-cost-held']!);
  expect(held).toBeGreaterThan(0n);
  expect(headers['x-gateway-balance-remaining']).toBe(String(START - held));
});

it('the other surfaces carry the same headers', async () => {
  await createChannel(bed.app, { baseUrl: bed.main.url, protocol: 'ANTHROPIC', models: [HAIKU] });
  const { key } = await newCaller(bed.app, START);
  bed.main.next({ content: 'ok', usage: USAGE });
  const res = await fetch(`${bed.app.url}/v1/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key, 'anthropic-version': '2023-06-01' },
    body: JSON.stringify({ model: HAIKU, max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] }),
  });
  expect(res.status).toBe(200);
  const cost = costOf(seedPrices(HAIKU), { promptTokens: 1_000, completionTokens: 100, cacheReadTokens: 0, cacheWriteTokens: 0, audioMs: 0 }, UNIT_MULTIPLIER);
  expect(priceHeaders(res)).toMatchObject({ 'x-gateway-cost': String(cost), 'x-gateway-balance-remaining': String(START - cost) });
  const gemini = await fetch(`${bed.app.url}/v1beta/models/${HAIKU}:generateContent`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-goog-api-key': key },
    body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }], generationConfig: { maxOutputTokens: 100 } }),
  });
  expect(gemini.headers.get('x-gateway-cost')).toMatch(/^\d+$/);
  expect(gemini.headers.get('x-gateway-balance-remaining')).toMatch(/^\d+$/);
});

it('a stream asked for the charge ends with a usage chunk that carries it, before [DONE]', async () => {
  await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: [MINI] });
  const { key } = await newCaller(bed.app, START);
  bed.main.next({ chunks: ['o', 'k'], usage: USAGE });
  const res = await rawChat(bed.app, key, {
    model: MINI, max_tokens: 100, stream: true, stream_options: { include_usage: true }, usage: { include: true }, messages: [{ role: 'user', content: 'hi' }],
  });
  const events = (await res.text()).split('\n\n').filter(Boolean);
  expect(events.at(-1)).toBe('data: [DONE]');
  const last = JSON.parse(events.at(-2)!.slice('data: '.length));
  expect(last.choices).toEqual([]);
  expect(last.usage).toMatchObject({ prompt_tokens: 1_000, completion_tokens: 100, cost: 0.00021, cost_quota: 105, cost_currency: 'USD' });
});
