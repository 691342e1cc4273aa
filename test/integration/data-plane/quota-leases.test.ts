import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import { AdjustUserQuotaDocument } from '../../generated/graphql';
import {
  client, createChannel, createToken, createUser, disableAllChannels, eventually, freeBalance, ledgerSum, usageCharges, usageLogs,
} from '../../support/data-plane-fixtures';
import { expectTypename, gqlData, signIn } from '../../support/graphql-client';
import { startTestApp, TEST_ADMIN, type TestApp } from '../../support/test-app';

// QUOTA_LEASES: a busy key is admitted out of quota this instance holds for it. What a caller and
// an operator must still see: every request charged once with its ledger row, the balance equal
// to its ledger, nothing left held once the key goes quiet, and an admin's change to the balance
// taking effect in every instance at once.

const PROMPT = [{ role: 'user' as const, content: 'hello' }];
const IDLE_MS = 300;

let first: TestApp;
let second: TestApp;
let upstream: FakeUpstream;

beforeAll(async () => {
  first = await startTestApp({ QUOTA_LEASE_IDLE_MS: String(IDLE_MS) });
  second = await startTestApp({ QUOTA_LEASE_IDLE_MS: String(IDLE_MS) }, { database: first.database });
  upstream = await FakeUpstream.start();
  await disableAllChannels(first);
  await createChannel(first, { baseUrl: upstream.openAIBaseUrl, models: ['gpt-4o-mini'] });
});
afterAll(async () => {
  await second.close();
  await first.close();
  await upstream.close();
});

async function leaseRows(app: TestApp, userId: number): Promise<string[]> {
  const rows = await app.em().getConnection().execute<Array<{ request_id: string }>>(
    `select request_id from quota_reservations where user_id = ? and request_id like 'lease\\_%'`,
    [userId],
  );
  return rows.map((r) => r.request_id);
}

async function busyKey(app: TestApp, key: string, requests: number): Promise<void> {
  const sdk = client(app, key);
  for (let i = 0; i < requests; i++) {
    if (i % 2 === 0) {
      await sdk.chat.completions.create({ model: 'gpt-4o-mini', messages: PROMPT });
    } else {
      const stream = await sdk.chat.completions.create({ model: 'gpt-4o-mini', messages: PROMPT, stream: true });
      for await (const chunk of stream) void chunk;
    }
  }
}

it("serves a busy key out of a lease, charges every request once, and holds nothing once the key goes quiet", async () => {
  const start = 10_000_000n;
  const userId = await createUser(first, { freeQuota: start });
  const { key } = await createToken(first, userId);
  await busyKey(first, key, 6);
  expect(await leaseRows(first, userId)).toHaveLength(1);
  await busyKey(first, key, 6);

  await eventually(async () => (await usageLogs(first, { userId })).length === 12);
  const logs = await usageLogs(first, { userId });
  const charges = await usageCharges(first, userId);
  expect(logs.every((l) => l.outcome === 'SUCCESS' && BigInt(l.cost) > 0n)).toBe(true);
  expect(charges.map((c) => c.requestId).sort()).toEqual(logs.map((l) => l.requestId).sort());
  const cost = logs.reduce((sum, l) => sum + BigInt(l.cost), 0n);
  expect(charges.reduce((sum, c) => sum - BigInt(c.amount), 0n)).toBe(cost);

  await eventually(async () => (await leaseRows(first, userId)).length === 0, IDLE_MS + 3_000);
  expect(await freeBalance(first, userId)).toEqual({ quota: start - cost, reserved: 0n });
  expect(await ledgerSum(first, userId, 'FREE')).toBe(start - cost);
});

it("gives a lease back at once when an admin changes the user's quota through another instance", async () => {
  const userId = await createUser(first, { freeQuota: 10_000_000n });
  const { key } = await createToken(first, userId);
  await busyKey(first, key, 5);
  const [lease] = await leaseRows(first, userId);
  expect(lease).toBeDefined();

  const admin = await signIn(second, TEST_ADMIN.email, TEST_ADMIN.password);
  const { quota } = await freeBalance(first, userId);
  const changedAt = Date.now();
  const { adjustUserQuota } = await gqlData(second, AdjustUserQuotaDocument, { userId: String(userId), amount: String(-quota), memo: 'chargeback' }, admin);
  expectTypename(adjustUserQuota, 'AdjustUserQuotaSuccess');
  await eventually(async () => !(await leaseRows(first, userId)).includes(lease!), 1_000);
  expect(Date.now() - changedAt).toBeLessThan(1_000);
  expect(await freeBalance(first, userId)).toEqual({ quota: 0n, reserved: 0n });

  // The next request is reserved in the database again, and refused.
  await expect(client(first, key).chat.completions.create({ model: 'gpt-4o-mini', messages: PROMPT })).rejects.toMatchObject({
    status: 402,
    code: 'insufficient_quota',
  });
  expect(await ledgerSum(first, userId, 'FREE')).toBe(0n);
});
