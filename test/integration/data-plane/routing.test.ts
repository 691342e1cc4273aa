import { Channel, Group } from '../../../src/db/entities';
import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import {
  client, createChannel, createSubscription, createToken, createUser, disableAllChannels, eventually, expectedCost, freeBalance, sleep, usageLogs,
} from '../../support/data-plane-fixtures';
import { startTestApp, type TestApp } from '../../support/test-app';

const COOLDOWN_MS = 2500;
let app: TestApp;
let good: FakeUpstream;
let bad: FakeUpstream;
let key: string;

beforeAll(async () => {
  // The cooldown is long enough that a request or two on a loaded machine never outlasts it (the
  // tests expect the breaker still open a few requests later), and short enough to wait out.
  app = await startTestApp({ BREAKER_FAILURES: '2', BREAKER_COOLDOWN_MS: String(COOLDOWN_MS), MAX_ATTEMPTS: '3' });
  good = await FakeUpstream.start();
  bad = await FakeUpstream.start();
  await disableAllChannels(app);
  const userId = await createUser(app, { freeQuota: 100_000_000n });
  ({ key } = await createToken(app, userId));
});
afterAll(async () => {
  await app.close();
  await good.close();
  await bad.close();
});
beforeEach(() => {
  good.reset();
  bad.reset();
});

const ask = (model: string, k = key) => client(app, k).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] });

describe('circuit breaker', () => {
  it('opens after repeated failures, then one probe closes it', async () => {
    const flaky = await createChannel(app, { baseUrl: bad.openAIBaseUrl, models: ['deepseek-chat'], priority: 10 });
    await createChannel(app, { baseUrl: good.openAIBaseUrl, models: ['deepseek-chat'], priority: 0 });
    bad.setDefault({ status: 503 });
    await ask('deepseek-chat');
    await ask('deepseek-chat');
    expect(bad.requests).toHaveLength(2);
    expect(app.server.services.breakers.health(flaky).state).toBe('OPEN');
    await ask('deepseek-chat');
    expect(bad.requests).toHaveLength(2); // skipped while open
    expect(good.requests).toHaveLength(3);

    await sleep(COOLDOWN_MS + 100);
    bad.setDefault({});
    await ask('deepseek-chat'); // the probe
    expect(bad.requests).toHaveLength(3);
    expect(app.server.services.breakers.health(flaky).state).toBe('CLOSED');
    await ask('deepseek-chat');
    expect(bad.requests).toHaveLength(4); // preferred again
  });

  it('a failed probe opens the breaker for another cooldown', async () => {
    const flaky = await createChannel(app, { baseUrl: bad.openAIBaseUrl, models: ['deepseek-reasoner'], priority: 10 });
    await createChannel(app, { baseUrl: good.openAIBaseUrl, models: ['deepseek-reasoner'], priority: 0 });
    bad.setDefault({ status: 500 });
    await ask('deepseek-reasoner');
    await ask('deepseek-reasoner');
    await sleep(COOLDOWN_MS + 100);
    await ask('deepseek-reasoner'); // probe fails
    expect(bad.requests).toHaveLength(3);
    expect(app.server.services.breakers.health(flaky).state).toBe('OPEN');
    await ask('deepseek-reasoner');
    expect(bad.requests).toHaveLength(3);
  });

  it('answers 503 when every channel for the model has an open breaker', async () => {
    await createChannel(app, { baseUrl: bad.openAIBaseUrl, models: ['glm-4-flash'] });
    bad.setDefault({ status: 500 });
    await expect(ask('glm-4-flash')).rejects.toMatchObject({ status: 502 });
    await expect(ask('glm-4-flash')).rejects.toMatchObject({ status: 502 });
    await expect(ask('glm-4-flash')).rejects.toMatchObject({ status: 503, code: 'no_available_channel' });
  });
});

describe('a key the upstream refuses', () => {
  it('disables the channel automatically with a reason and fails over', async () => {
    const refused = await createChannel(app, { baseUrl: bad.openAIBaseUrl, models: ['qwen-plus'], priority: 10 });
    await createChannel(app, { baseUrl: good.openAIBaseUrl, models: ['qwen-plus'], priority: 0 });
    bad.setDefault({ status: 401, errorBody: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } } });
    const completion = await ask('qwen-plus');
    expect(completion.model).toBe('qwen-plus');
    await eventually(async () => (await app.em().findOneOrFail(Channel, refused)).status === 'DISABLED_AUTO');
    const channel = await app.em().findOneOrFail(Channel, refused);
    expect(channel.statusReason).toMatch(/401/);
    await ask('qwen-plus');
    expect(bad.requests).toHaveLength(1);
  });
});

describe('weighted choice within a priority', () => {
  it('spreads requests by weight', async () => {
    const heavy = await createChannel(app, { baseUrl: good.openAIBaseUrl, models: ['qwen3-max'], weight: 3 });
    const light = await createChannel(app, { baseUrl: good.openAIBaseUrl, models: ['qwen3-max'], weight: 1 });
    await createChannel(app, { baseUrl: bad.openAIBaseUrl, models: ['qwen3-max'], priority: -1 });
    const userId = await createUser(app, { freeQuota: 100_000_000n });
    await createSubscription(app, userId);
    const { key: svipKey } = await createToken(app, userId);
    for (let i = 0; i < 60; i++) await ask('qwen3-max', svipKey);
    const rows = await usageLogs(app, { userId });
    const count = (id: number) => rows.filter((r) => r.channelId === id).length;
    expect(count(heavy) + count(light)).toBe(60);
    expect(count(light)).toBeGreaterThan(0);
    expect(count(heavy)).toBeGreaterThan(count(light));
    expect(bad.requests).toHaveLength(0); // a lower priority is never used while a higher one works
  });
});

describe('the auto group', () => {
  it('routes over the usable groups in auto_order and prices at the serving group', async () => {
    const em = app.em();
    em.create(Group, { name: 'premium', open: true, priceMultiplier: '2.5', autoOrder: 5 });
    await em.flush();
    em.create(Group, { name: 'members-only', open: false, autoOrder: 1 });
    await em.flush();
    await app.server.services.changeBus.publish({ topic: 'group' });
    await createChannel(app, { baseUrl: bad.openAIBaseUrl, models: ['gemini-2.5-flash'], groups: ['members-only'] });
    const premium = await createChannel(app, { baseUrl: good.openAIBaseUrl, models: ['gemini-2.5-flash'], groups: ['premium'] });
    const standard = await createChannel(app, { baseUrl: good.openAIBaseUrl, models: ['gemini-2.5-flash'], groups: ['default'] });

    const userId = await createUser(app, { freeQuota: 1_000_000n });
    const { key: autoKey } = await createToken(app, userId, { group: 'auto' });
    const prices = { input: 150_000n, output: 1_250_000n };
    good.next({ usage: { prompt_tokens: 1000, completion_tokens: 2000 } });
    await ask('gemini-2.5-flash', autoKey);
    const atPremium = (expectedCost(prices, 1000, 2000) * 25n + 9n) / 10n;
    expect((await freeBalance(app, userId)).quota).toBe(1_000_000n - atPremium);
    expect(bad.requests).toHaveLength(0); // members-only is not the user's

    // premium has nothing healthy: auto moves on to the next group, priced at its multiplier.
    await app.em().nativeUpdate(Channel, { id: premium }, { status: 'DISABLED_MANUAL' });
    await app.server.services.changeBus.publish({ topic: 'channel' });
    good.next({ usage: { prompt_tokens: 1000, completion_tokens: 2000 } });
    await ask('gemini-2.5-flash', autoKey);
    expect((await freeBalance(app, userId)).quota).toBe(1_000_000n - atPremium - expectedCost(prices, 1000, 2000));
    const rows = await usageLogs(app, { userId });
    expect(rows.map((r) => r.channelId)).toEqual([premium, standard]);
  });

  it('permits only what some group the user may use permits', async () => {
    const em = app.em();
    const def = await em.findOneOrFail(Group, { name: 'default' });
    const premium = await em.findOneOrFail(Group, { name: 'premium' });
    def.permitsAllModels = false;
    def.permittedVendors = ['openai'];
    premium.permitsAllModels = false;
    await em.flush();
    await app.server.services.changeBus.publish({ topic: 'group' });
    try {
      const userId = await createUser(app, { freeQuota: 1_000_000n });
      const { key: autoKey } = await createToken(app, userId, { group: 'auto' });
      await expect(ask('gemini-2.5-flash', autoKey)).rejects.toMatchObject({ status: 403, code: 'group_forbidden' });
    } finally {
      def.permitsAllModels = true;
      def.permittedVendors = [];
      premium.permitsAllModels = true;
      await em.flush();
      await app.server.services.changeBus.publish({ topic: 'group' });
    }
  });
});
