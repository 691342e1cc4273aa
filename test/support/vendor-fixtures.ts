import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { Channel } from '../../src/db/entities';
import { STARTER_MODELS, starterPrices } from '../../src/domain/seed/starter-catalogue';
import { FakeUpstream } from '../../src/demo/fake-upstream/fake-upstream';
import type { PriceSheet } from '../../src/domain/billing/billing.types';
import { createToken, createUser, disableAllChannels, eventually, freeBalance, ledgerSum, usageCharges, usageLogs } from './data-plane-fixtures';
import { startTestApp, type TestApp } from './test-app';

// Helpers shared by the vendor-protocol tests (test/integration/vendors): prices as the seed
// writes them, and the checks that one request was charged exactly once.

export interface VendorTestbed {
  app: TestApp;
  /** The upstream that serves. */
  main: FakeUpstream;
  /** A second upstream, for the channel that fails first. */
  other: FakeUpstream;
}

/**
 * Registers the hooks of a vendor test file: the real app (breakers that do not trip unless
 * `env` says so), two fake upstreams, and before each test no channel but the ones it creates.
 */
export function vendorTestbed(env: Record<string, string> = { BREAKER_FAILURES: '1000' }): VendorTestbed {
  const bed = {} as VendorTestbed;
  beforeAll(async () => {
    bed.app = await startTestApp(env);
    bed.main = await FakeUpstream.start();
    bed.other = await FakeUpstream.start();
  });
  afterAll(async () => {
    await bed.app.close();
    await bed.main.close();
    await bed.other.close();
  });
  beforeEach(async () => {
    bed.main.reset();
    bed.other.reset();
    await disableAllChannels(bed.app);
  });
  return bed;
}

/** A new user with `freeQuota` and an API key in `group`. */
export async function newCaller(app: TestApp, freeQuota: bigint, group = 'default'): Promise<{ userId: number; key: string }> {
  const userId = await createUser(app, { freeQuota });
  const { key } = await createToken(app, userId, { group });
  return { userId, key };
}

export async function collect(stream: AsyncIterable<ChatCompletionChunk>): Promise<ChatCompletionChunk[]> {
  const chunks: ChatCompletionChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

export function streamedText(chunks: ChatCompletionChunk[]): string {
  return chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
}

/** The catalogue prices the seed gives a model (tests price against these, not against the database's copy). */
export function seedPrices(modelId: string): PriceSheet {
  const model = STARTER_MODELS.find((m) => m.modelId === modelId);
  if (!model) throw new Error(`no seed model ${modelId}`);
  return starterPrices(model);
}

/**
 * The user's free quota went down by exactly `cost`, nothing is still held, the ledger has one
 * USAGE_CHARGE row for the request, and the balance equals the ledger's sum.
 */
export async function expectChargedOnce(app: TestApp, userId: number, expected: { before: bigint; cost: bigint; requestId: string }): Promise<void> {
  expect(await freeBalance(app, userId)).toEqual({ quota: expected.before - expected.cost, reserved: 0n });
  const charges = await usageCharges(app, userId);
  expect(charges.map((c) => [c.amount, c.bucket, c.requestId])).toEqual([[-expected.cost, 'FREE', expected.requestId]]);
  expect(await ledgerSum(app, userId, 'FREE')).toBe(expected.before - expected.cost);
}

/** Nothing charged and nothing left held. */
export async function expectNothingCharged(app: TestApp, userId: number, before: bigint): Promise<void> {
  expect(await freeBalance(app, userId)).toEqual({ quota: before, reserved: 0n });
  expect(await usageCharges(app, userId)).toEqual([]);
}

export async function waitForUsageLog(app: TestApp, requestId: string): Promise<Awaited<ReturnType<typeof usageLogs>>[number]> {
  let rows: Awaited<ReturnType<typeof usageLogs>> = [];
  await eventually(async () => (rows = await usageLogs(app, { requestId })).length > 0);
  return rows[0]!;
}

export async function channelStatus(app: TestApp, channelId: number): Promise<string> {
  return (await app.em().findOneOrFail(Channel, channelId)).status;
}
