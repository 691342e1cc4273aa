import { SetTokenBudgetDocument, SetUserBudgetDocument, TokenBudgetDocument } from '../../generated/graphql';
import { createChannel, createToken, createUser, rawChat, usageCharges, usageLogs } from '../../support/data-plane-fixtures';
import { adminSession, expectTypename, gqlData } from '../../support/graphql-client';
import { vendorTestbed } from '../../support/vendor-fixtures';

// Spend budgets per key and per user, per calendar window: refused with 429 budget_exceeded and
// the reset time in each surface's shape, held against the window so concurrent requests cannot
// overshoot, started afresh when the window rolls over.

// The concurrency limits (32 per key by default) lifted above the 50 concurrent requests below: on
// a slow machine all 50 are in flight at once, and the refusals must be the budget's.
const bed = vendorTestbed({ BREAKER_FAILURES: '1000', MAX_CONCURRENT_PER_KEY: '100', MAX_CONCURRENT_PER_USER: '100' });
const MODEL = 'gpt-4o-mini';
// 10 prompt + 100 completion tokens at 75,000 / 300,000 per 1M: 31 units, within the hold for max_tokens 100.
const USAGE = { prompt_tokens: 10, completion_tokens: 100 };
const COST = 31n;
let admin: string;

beforeAll(async () => {
  admin = await adminSession(bed.app);
});
beforeEach(async () => {
  await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: [MODEL] });
});

async function keyWithBudget(amount: bigint, period: 'DAY' | 'WEEK' | 'MONTH' = 'DAY') {
  const userId = await createUser(bed.app, { freeQuota: 10_000_000n });
  const { key, tokenId } = await createToken(bed.app, userId);
  const set = await gqlData(bed.app, SetTokenBudgetDocument, { tokenId: String(tokenId), budget: { amount: String(amount), period } }, admin);
  expectTypename(set.setTokenBudget, 'Token');
  return { userId, key, tokenId };
}

function ask(key: string): Promise<Response> {
  return rawChat(bed.app, key, { model: MODEL, max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] });
}

async function spent(userId: number): Promise<bigint> {
  return (await usageCharges(bed.app, userId)).reduce((sum, c) => sum - c.amount, 0n);
}

describe('a key budget', () => {
  it('serves until the window is spent, then answers 429 budget_exceeded with when it resets', async () => {
    const { userId, key, tokenId } = await keyWithBudget(COST * 2n + 20n);
    for (let i = 0; i < 2; i++) {
      bed.main.next({ content: 'ok', usage: USAGE });
      expect((await ask(key)).status).toBe(200);
    }
    const refused = await ask(key);
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toMatchObject({ code: 'budget_exceeded', type: 'rate_limit_error' });
    const reset = new Date(refused.headers.get('x-gateway-budget-reset')!);
    expect(reset.getTime()).toBeGreaterThan(Date.now());
    expect(reset.getTime()).toBeLessThanOrEqual(Date.now() + 86_400_000);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await spent(userId)).toBe(COST * 2n);

    const read = await gqlData(bed.app, TokenBudgetDocument, { id: String(tokenId) }, admin);
    expect(expectTypename(read.token, 'Token').budget).toMatchObject({ amount: String(COST * 2n + 20n), period: 'DAY', spent: String(COST * 2n), remaining: '20' });

    // The window rolls over: the budget starts afresh.
    await bed.app.em().getConnection().execute(`update tokens set budget_window_ends_at = now() - interval '1 second' where id = ?`, [tokenId]);
    bed.main.next({ content: 'ok', usage: USAGE });
    expect((await ask(key)).status).toBe(200);
    const after = await gqlData(bed.app, TokenBudgetDocument, { id: String(tokenId) }, admin);
    expect(expectTypename(after.token, 'Token').budget).toMatchObject({ spent: String(COST) });
  });

  it('is refused in the Anthropic shape on /v1/messages and Google\'s on Gemini', async () => {
    const { key } = await keyWithBudget(10n, 'MONTH');
    const res = await fetch(`${bed.app.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key, 'anthropic-version': '2023-06-01' },
      body: JSON.stringify({ model: MODEL, max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('x-gateway-budget-reset')).toBeTruthy();
    expect(await res.json()).toMatchObject({ type: 'error', error: { type: 'rate_limit_error' } });
    const gemini = await fetch(`${bed.app.url}/v1beta/models/${MODEL}:generateContent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': key },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }], generationConfig: { maxOutputTokens: 100 } }),
    });
    expect(gemini.status).toBe(429);
    expect(gemini.headers.get('x-gateway-budget-reset')).toBeTruthy();
    expect(await gemini.json()).toMatchObject({ error: { code: 429, status: 'RESOURCE_EXHAUSTED' } });
  });

  it('never overshoots under 50 concurrent requests', async () => {
    const budget = COST * 5n + 20n;
    const { userId, key, tokenId } = await keyWithBudget(budget);
    for (let i = 0; i < 50; i++) bed.main.next({ content: 'ok', usage: USAGE, delayMs: 30 });
    const answers = await Promise.all(Array.from({ length: 50 }, () => ask(key)));
    const statuses = answers.map((r) => r.status);
    const served = statuses.filter((s) => s === 200).length;
    expect(served).toBeGreaterThan(0);
    expect(served + statuses.filter((s) => s === 429).length).toBe(50);
    for (const r of answers.filter((a) => a.status === 429)) expect((await r.json()).error.code).toBe('budget_exceeded');
    const total = await spent(userId);
    expect(total).toBe(COST * BigInt(served));
    expect(total).toBeLessThanOrEqual(budget);
    const rows = await usageLogs(bed.app, { userId });
    expect(rows.filter((r) => r.outcome === 'SUCCESS').reduce((sum, r) => sum + r.cost, 0n)).toBe(total);
    const [token] = await bed.app.em().getConnection().execute<Array<{ reserved_quota: string; budget_spent: string }>>(
      'select reserved_quota, budget_spent from tokens where id = ?', [tokenId],
    );
    expect(token).toEqual({ reserved_quota: '0', budget_spent: String(total) });
  });
});

describe('a user budget', () => {
  it('caps every key of the user together', async () => {
    const userId = await createUser(bed.app, { freeQuota: 10_000_000n });
    const first = await createToken(bed.app, userId);
    const second = await createToken(bed.app, userId);
    const set = await gqlData(bed.app, SetUserBudgetDocument, { userId: String(userId), budget: { amount: String(COST + 10n), period: 'WEEK' } }, admin);
    expect(expectTypename(set.setUserBudget, 'UserSpendBudget').budget).toMatchObject({ amount: String(COST + 10n), spent: '0' });
    bed.main.next({ content: 'ok', usage: USAGE });
    expect((await ask(first.key)).status).toBe(200);
    const refused = await ask(second.key);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-gateway-budget-scope')).toBe('user');
    expect((await refused.json()).error.code).toBe('budget_exceeded');
    const read = await gqlData(bed.app, SetUserBudgetDocument, { userId: String(userId), budget: { amount: String(COST * 3n), period: 'WEEK' } }, admin);
    // Raised mid-window, it starts from what was already charged in the window.
    expect(expectTypename(read.setUserBudget, 'UserSpendBudget').budget).toMatchObject({ spent: String(COST), remaining: String(COST * 2n) });
    bed.main.next({ content: 'ok', usage: USAGE });
    expect((await ask(second.key)).status).toBe(200);
  });
});

describe('a busy key with a budget', () => {
  it('gets a quota lease no larger than what is left of its budget', async () => {
    const budget = 20_000n;
    const { userId, key, tokenId } = await keyWithBudget(budget);
    for (let i = 0; i < 8; i++) {
      bed.main.next({ content: 'ok', usage: USAGE });
      expect((await ask(key)).status).toBe(200);
    }
    const leases = await bed.app.em().getConnection().execute<Array<{ amount: string }>>(
      `select amount from quota_reservations where user_id = ? and request_id like 'lease\\_%'`, [userId],
    );
    expect(leases.length).toBe(1);
    // A lease is an ordinary hold: it counts against the window like a request's.
    for (const lease of leases) expect(BigInt(lease.amount) + (await spent(userId))).toBeLessThanOrEqual(budget);
    const [token] = await bed.app.em().getConnection().execute<Array<{ reserved_quota: string; budget_spent: string }>>(
      'select reserved_quota, budget_spent from tokens where id = ?', [tokenId],
    );
    expect(BigInt(token!.reserved_quota) + BigInt(token!.budget_spent)).toBeLessThanOrEqual(budget);
    expect(BigInt(token!.budget_spent)).toBe(await spent(userId));
  });
});
