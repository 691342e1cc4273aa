import { APIError } from 'openai';
import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import { changeFreeQuota } from '../../../src/domain/quota/free-quota-ledger';
import {
  client, createChannel, createToken, createUser, disableAllChannels, eventually, freeBalance, ledgerSum, usageCharges, usageLogs,
} from '../../support/data-plane-fixtures';
import { AdjustUserQuotaDocument } from '../../generated/graphql';
import { expectTypename, gqlData, signIn } from '../../support/graphql-client';
import { startTestApp, TEST_ADMIN, type TestApp } from '../../support/test-app';

// OPTIMISTIC_ADMISSION: a request whose key last showed room to spare goes upstream while its
// reserve is on the wire. These tests spend a balance behind the gateway's back (as another
// instance would) so that the hint is wrong, and check what the caller, the upstream and the
// ledger see.

const PROMPT = [{ role: 'user' as const, content: 'hello' }];

interface Setup {
  app: TestApp;
  upstream: FakeUpstream;
}

async function setUp(env: Record<string, string>): Promise<Setup> {
  const app = await startTestApp(env);
  const upstream = await FakeUpstream.start();
  await disableAllChannels(app);
  await createChannel(app, { baseUrl: upstream.openAIBaseUrl, models: ['gpt-4o-mini'] });
  return { app, upstream };
}

async function spendEverything(app: TestApp, userId: number): Promise<void> {
  const { quota } = await freeBalance(app, userId);
  const drained = await changeFreeQuota(app.em(), { userId, amount: -quota, kind: 'ADMIN_ADJUSTMENT', memo: 'spent elsewhere' });
  if (!drained.ok) throw new Error(drained.reason);
}

async function expectRefused(call: Promise<unknown>): Promise<void> {
  const err = await call.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(APIError);
  expect((err as APIError).status).toBe(402);
  expect((err as APIError).code).toBe('insufficient_quota');
}

async function expectNothingHeldOrCharged(app: TestApp, userId: number): Promise<void> {
  const balance = await freeBalance(app, userId);
  expect(balance).toEqual({ quota: 0n, reserved: 0n });
  expect(await ledgerSum(app, userId, 'FREE')).toBe(0n);
}

describe('OPTIMISTIC_ADMISSION=true (the default)', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp({});
  });
  afterAll(async () => {
    await s.app.close();
    await s.upstream.close();
  });
  beforeEach(() => s.upstream.reset());

  it("gives a key's first request no head start: an empty balance never reaches the upstream", async () => {
    const userId = await createUser(s.app, { freeQuota: 0n });
    const { key } = await createToken(s.app, userId);
    await expectRefused(client(s.app, key).chat.completions.create({ model: 'gpt-4o-mini', messages: PROMPT, stream: true }));
    expect(s.upstream.requests).toHaveLength(0);
  });

  it.each([false, true])('cuts off a head start whose reserve is refused (stream: %s), answers 402, charges nothing', async (stream) => {
    const userId = await createUser(s.app, { freeQuota: 10_000_000n });
    const { key } = await createToken(s.app, userId);
    const sdk = client(s.app, key);
    await sdk.chat.completions.create({ model: 'gpt-4o-mini', messages: PROMPT }); // teaches the gateway this key's room to spare
    const charged = await usageCharges(s.app, userId);
    expect(charged).toHaveLength(1);
    await spendEverything(s.app, userId);
    s.upstream.reset().setDefault({ delayMs: 3_000 });

    const refused = sdk.chat.completions.create({ model: 'gpt-4o-mini', messages: PROMPT, stream });
    await expectRefused(refused);
    // Whatever reached the upstream was cut off, not left running for nobody.
    await eventually(() => s.upstream.requests.every((r) => r.aborted));
    expect(s.upstream.requests.length).toBeLessThanOrEqual(1);
    await expectNothingHeldOrCharged(s.app, userId);
    expect(await usageCharges(s.app, userId)).toHaveLength(1);

    // The refusal is remembered: the next request waits for its reserve and never goes upstream.
    s.upstream.reset();
    await expectRefused(sdk.chat.completions.create({ model: 'gpt-4o-mini', messages: PROMPT, stream }));
    expect(s.upstream.requests).toHaveLength(0);

    const logs = await usageLogs(s.app, { userId });
    expect(logs.map((l) => [l.outcome, l.httpStatus, l.attempts.length])).toEqual([
      ['SUCCESS', 200, 1],
      ['REJECTED', 402, 1], // the head start: one channel attempt, ended by the refusal
      ['REJECTED', 402, 0],
    ]);
    expect(logs[1]!.attempts[0]).toMatchObject({ status: 402 });
  });

  it('answers a refused head start with 402 even when no channel could have served it', async () => {
    const userId = await createUser(s.app, { freeQuota: 10_000_000n });
    const { key } = await createToken(s.app, userId);
    const sdk = client(s.app, key);
    await sdk.chat.completions.create({ model: 'gpt-4o-mini', messages: PROMPT });
    await spendEverything(s.app, userId);
    // deepseek-chat is a free-tier model with no channel in this app: 503 for a paying caller.
    await expectRefused(sdk.chat.completions.create({ model: 'deepseek-chat', messages: PROMPT, stream: true }));
    await expectNothingHeldOrCharged(s.app, userId);
  });

  it('drops the hint when an admin lowers the balance: the next request waits for its reserve', async () => {
    const userId = await createUser(s.app, { freeQuota: 10_000_000n });
    const { key } = await createToken(s.app, userId);
    const sdk = client(s.app, key);
    await sdk.chat.completions.create({ model: 'gpt-4o-mini', messages: PROMPT });
    const { quota } = await freeBalance(s.app, userId);
    const admin = await signIn(s.app, TEST_ADMIN.email, TEST_ADMIN.password);
    const { adjustUserQuota } = await gqlData(s.app, AdjustUserQuotaDocument, { userId: String(userId), amount: String(-quota), memo: 'chargeback' }, admin);
    expectTypename(adjustUserQuota, 'AdjustUserQuotaSuccess');
    s.upstream.reset();
    await expectRefused(sdk.chat.completions.create({ model: 'gpt-4o-mini', messages: PROMPT, stream: true }));
    expect(s.upstream.requests).toHaveLength(0);
    const logs = await usageLogs(s.app, { userId });
    expect(logs.map((l) => [l.outcome, l.attempts.length])).toEqual([
      ['SUCCESS', 1],
      ['REJECTED', 0],
    ]);
  });

  it('serves and charges a head-started request exactly like any other', async () => {
    const userId = await createUser(s.app, { freeQuota: 10_000_000n });
    const { key } = await createToken(s.app, userId);
    const sdk = client(s.app, key);
    for (let i = 0; i < 3; i++) {
      const chunks = await sdk.chat.completions.create({ model: 'gpt-4o-mini', messages: PROMPT, stream: true });
      for await (const _ of chunks) void _;
    }
    const balance = await freeBalance(s.app, userId);
    expect(balance.reserved).toBe(0n);
    expect(await usageCharges(s.app, userId)).toHaveLength(3);
    expect(await ledgerSum(s.app, userId, 'FREE')).toBe(balance.quota);
  });
});

describe('OPTIMISTIC_ADMISSION=false', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp({ OPTIMISTIC_ADMISSION: 'false' });
  });
  afterAll(async () => {
    await s.app.close();
    await s.upstream.close();
  });

  it('never calls the upstream before the reserve has succeeded', async () => {
    const userId = await createUser(s.app, { freeQuota: 10_000_000n });
    const { key } = await createToken(s.app, userId);
    const sdk = client(s.app, key);
    await sdk.chat.completions.create({ model: 'gpt-4o-mini', messages: PROMPT });
    await spendEverything(s.app, userId);
    s.upstream.reset();
    await expectRefused(sdk.chat.completions.create({ model: 'gpt-4o-mini', messages: PROMPT, stream: true }));
    expect(s.upstream.requests).toHaveLength(0);
    const logs = await usageLogs(s.app, { userId });
    expect(logs.map((l) => [l.outcome, l.httpStatus, l.attempts.length])).toEqual([
      ['SUCCESS', 200, 1],
      ['REJECTED', 402, 0],
    ]);
  });
});
