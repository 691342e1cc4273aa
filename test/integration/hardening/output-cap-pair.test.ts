import {
  createChannel, createToken, createUser, disableAllChannels, expectedCost, freeBalance, GPT_4O_MINI, rawChat, usageCharges,
} from '../../support/data-plane-fixtures';
import { openAICompletion, ProbeUpstream } from '../../support/probe-upstream';
import { startTestApp, type TestApp } from '../../support/test-app';

// A request may carry both `max_tokens` and `max_completion_tokens` and is forwarded to
// OpenAI-compatible channels as it came. The hold used to cover only `max_completion_tokens`:
// with `max_completion_tokens: 1, max_tokens: 8000` it held one token of output, and a server
// that reads `max_tokens` wrote 8,000, charged at the one-token hold.

let app: TestApp;
let upstream: ProbeUpstream;
let userId: number;
const held: bigint[] = [];

beforeAll(async () => {
  app = await startTestApp();
  // Like vLLM and many OpenAI-compatible servers: reads the older `max_tokens` and writes that many tokens.
  upstream = await ProbeUpstream.start(async ({ body }) => {
    // The hold is in place before any request goes upstream.
    held.push((await freeBalance(app, userId)).reserved);
    return openAICompletion(5, body.max_tokens as number);
  });
  await disableAllChannels(app);
  await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: ['gpt-4o-mini'] });
});
afterAll(async () => {
  await app.close();
  await upstream.close();
});

it('max_completion_tokens: 1 with max_tokens: 8000 holds 8,000 tokens of output, so the 8,000 written are charged in full', async () => {
  userId = await createUser(app, { freeQuota: 1_000_000n });
  const { key } = await createToken(app, userId);
  const res = await rawChat(app, key, { model: 'gpt-4o-mini', max_completion_tokens: 1, max_tokens: 8000, messages: [{ role: 'user', content: 'hi' }] });
  expect(res.status).toBe(200);
  // The upstream received both fields as sent.
  expect(upstream.requests[0]!.body).toMatchObject({ max_completion_tokens: 1, max_tokens: 8000 });

  const cost = expectedCost(GPT_4O_MINI, 5, 8000);
  expect(held[0]).toBeGreaterThanOrEqual(cost);
  expect((await usageCharges(app, userId)).map((e) => e.amount)).toEqual([-cost]);
  expect(await freeBalance(app, userId)).toEqual({ quota: 1_000_000n - cost, reserved: 0n });
});

it('the larger of the two is held whichever field carries it', async () => {
  userId = await createUser(app, { freeQuota: 1_000_000n });
  const { key } = await createToken(app, userId);
  held.length = 0;
  const res = await rawChat(app, key, { model: 'gpt-4o-mini', max_completion_tokens: 8000, max_tokens: 1, messages: [{ role: 'user', content: 'hi' }] });
  expect(res.status).toBe(200);
  expect(held[0]).toBeGreaterThanOrEqual(expectedCost(GPT_4O_MINI, 0, 8000));
});
