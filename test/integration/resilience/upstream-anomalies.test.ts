import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import {
  client, createChannel, createToken, createUser, disableAllChannels, expectedCost, freeBalance, GPT_4O_MINI, ledgerSum, usageCharges,
} from '../../support/data-plane-fixtures';
import { collect, streamedText } from '../../support/vendor-fixtures';
import { startTestApp, type TestApp } from '../../support/test-app';

// Issue 15, items 5 and 7: an upstream's absurd usage report is charged at the hold, never above
// it; and a stream that breaks after only its role-only first chunk fails over like one that
// broke before its first byte.

let app: TestApp;
let absurd: FakeUpstream;
let main: FakeUpstream;
let flaky: FakeUpstream;
let absurdChannel: number;

const START = 1_000_000_000n;
const ABSURD_USAGE = { prompt_tokens: 10, completion_tokens: 100_000 };

beforeAll(async () => {
  app = await startTestApp({ BREAKER_FAILURES: '1000', QUOTA_LEASES: 'false' });
  absurd = (await FakeUpstream.start()).setDefault({ usage: ABSURD_USAGE });
  main = await FakeUpstream.start();
  flaky = await FakeUpstream.start();
  await disableAllChannels(app);
  absurdChannel = await createChannel(app, { baseUrl: absurd.openAIBaseUrl, models: ['gpt-4o-mini'] });
  // deepseek-chat: a channel whose streams break right after the role chunk, preferred over a healthy one.
  await createChannel(app, { baseUrl: flaky.openAIBaseUrl, models: ['deepseek-chat'], priority: 10 });
  await createChannel(app, { baseUrl: main.openAIBaseUrl, models: ['deepseek-chat'], priority: 0 });
});
afterAll(async () => {
  await app.close();
  await Promise.all([absurd.close(), main.close(), flaky.close()]);
});

describe('completion usage reported beyond the output cap', () => {
  it.each([false, true])('is charged at the cap and counted as an anomaly of the channel (stream: %s)', async (stream) => {
    const userId = await createUser(app, { freeQuota: START });
    const { key } = await createToken(app, userId);
    const before = app.server.services.chargeAnomalies.completionOverCapByChannel.get(absurdChannel) ?? 0;
    const messages = [{ role: 'user' as const, content: 'hi' }];
    if (stream) await collect(await client(app, key).chat.completions.create({ model: 'gpt-4o-mini', messages, max_tokens: 64, stream: true }));
    else await client(app, key).chat.completions.create({ model: 'gpt-4o-mini', messages, max_tokens: 64 });

    const [charge] = await usageCharges(app, userId);
    const charged = -charge!.amount;
    // The reported prompt and the 64 completion tokens asked for, against what 100 000 would cost.
    expect(charged).toBe(expectedCost(GPT_4O_MINI, ABSURD_USAGE.prompt_tokens, 64));
    expect(charged).toBeLessThan(expectedCost(GPT_4O_MINI, ABSURD_USAGE.prompt_tokens, ABSURD_USAGE.completion_tokens));
    const free = await freeBalance(app, userId);
    expect(free).toEqual({ quota: START - charged, reserved: 0n });
    expect(await ledgerSum(app, userId, 'FREE')).toBe(free.quota);
    expect(app.server.services.chargeAnomalies.completionOverCapByChannel.get(absurdChannel)).toBe(before + 1);
  });
});

describe('failover until the first usable byte', () => {
  it('a stream cut right after its role-only chunk is retried on the next channel', async () => {
    flaky.setDefault({ cutAfterChunks: 0 });
    main.setDefault({ content: 'served by the healthy channel' });
    const userId = await createUser(app, { freeQuota: START });
    const { key } = await createToken(app, userId);
    const chunks = await collect(
      await client(app, key).chat.completions.create({ model: 'deepseek-chat', messages: [{ role: 'user', content: 'hi' }], stream: true }),
    );
    expect(streamedText(chunks)).toBe('served by the healthy channel');
    expect(flaky.requests).toHaveLength(1);
    expect(main.requests).toHaveLength(1);
    // One role announcement, not one per channel tried.
    expect(chunks.filter((c) => c.choices[0]?.delta?.role === 'assistant')).toHaveLength(1);
  });
});
