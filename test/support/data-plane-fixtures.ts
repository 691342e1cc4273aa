import OpenAI from 'openai';
import {
  Channel, Group, LedgerEntry, Package, Subscription, Token, UsageLog, User, type ChannelProtocol, type ILedgerEntry, type IUsageLog,
} from '../../src/db/entities';
import { addSealedKeys } from '../../src/domain/channels/channel-keys';
import { changeFreeQuota } from '../../src/domain/quota/free-quota-ledger';
import { generateApiKey } from '../../src/lib/key-material';
import type { TestApp } from './test-app';

// Fixtures for the data-plane tests: rows are created directly (the control plane is another
// suite's subject) and every cache that holds them is told through the change bus, exactly as
// the control plane does.

let seq = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${++seq}`;

export function client(app: TestApp, apiKey: string, options: { timeoutMs?: number } = {}): OpenAI {
  return new OpenAI({ apiKey, baseURL: app.v1Url, maxRetries: 0, timeout: options.timeoutMs ?? 20_000 });
}

export async function createUser(app: TestApp, options: { freeQuota?: bigint; status?: 'ACTIVE' | 'DISABLED' } = {}): Promise<number> {
  const em = app.em();
  const user = em.create(User, { email: `${unique('user')}@test.local`, passwordHash: 'x', status: options.status ?? 'ACTIVE' });
  await em.flush();
  if (options.freeQuota && options.freeQuota > 0n) {
    const granted = await changeFreeQuota(app.em(), { userId: user.id, amount: options.freeQuota, kind: 'ADMIN_ADJUSTMENT', memo: 'test grant' });
    if (!granted.ok) throw new Error(`grant failed: ${granted.reason}`);
  }
  return user.id;
}

export interface TokenOptions {
  group?: string;
  status?: 'ACTIVE' | 'DISABLED' | 'REVOKED';
  expiresAt?: Date | null;
  quotaCap?: bigint | null;
  allowedModels?: string[] | null;
  allowedIps?: string[] | null;
  maxConcurrent?: number | null;
}

export async function createToken(app: TestApp, userId: number, options: TokenOptions = {}): Promise<{ key: string; tokenId: number; keyHash: string }> {
  const em = app.em();
  const group = await em.findOneOrFail(Group, { name: options.group ?? 'default' });
  const generated = generateApiKey();
  const token = em.create(Token, {
    user: userId,
    group,
    name: unique('key'),
    keyHash: generated.hash,
    displayPrefix: generated.displayPrefix,
    status: options.status ?? 'ACTIVE',
    expiresAt: options.expiresAt ?? null,
    quotaCap: options.quotaCap ?? null,
    allowedModels: options.allowedModels ?? null,
    allowedIps: options.allowedIps ?? null,
    maxConcurrent: options.maxConcurrent ?? null,
  });
  await em.flush();
  return { key: generated.plaintext, tokenId: token.id, keyHash: generated.hash };
}

export interface ChannelOptions {
  baseUrl: string;
  models?: string[];
  groups?: string[];
  priority?: number;
  weight?: number;
  apiKey?: string;
  /** Several upstream keys (instead of apiKey). */
  apiKeys?: string[];
  protocol?: ChannelProtocol;
  modelMapping?: Record<string, string>;
  firstByteTimeoutMs?: number;
  totalTimeoutMs?: number;
  status?: 'ENABLED' | 'DISABLED_MANUAL' | 'DISABLED_AUTO';
}

export async function createChannel(app: TestApp, options: ChannelOptions): Promise<number> {
  const em = app.em();
  const apiKey = options.apiKey ?? 'upstream-secret-key';
  const channel = em.create(Channel, {
    name: unique('channel'),
    protocol: options.protocol ?? 'OPENAI',
    baseUrl: options.baseUrl,
    models: options.models ?? ['gpt-4o-mini', 'gpt-4o'],
    modelMapping: options.modelMapping ?? {},
    groups: options.groups ?? ['default'],
    priority: options.priority ?? 0,
    weight: options.weight ?? 1,
    status: options.status ?? 'ENABLED',
    firstByteTimeoutMs: options.firstByteTimeoutMs ?? 5_000,
    totalTimeoutMs: options.totalTimeoutMs ?? 20_000,
  });
  await addSealedKeys(em, app.server.services.secretBox, channel, options.apiKeys ?? [apiKey]);
  await em.flush();
  await app.server.services.changeBus.publish({ topic: 'channel', id: String(channel.id) });
  return channel.id;
}

/** Turns every existing channel off so a test controls exactly which ones serve. */
export async function disableAllChannels(app: TestApp): Promise<void> {
  await app.em().getConnection().execute(`update channels set status = 'DISABLED_MANUAL' where status = 'ENABLED'`);
  await app.server.services.changeBus.publish({ topic: 'channel' });
}

/** An active SVIP subscription with its grant on the ledger (balance = sum of ledger holds for it too). */
export async function createSubscription(app: TestApp, userId: number, options: { quota?: bigint; endsAt?: Date } = {}): Promise<number> {
  const em = app.em();
  const pkg = await em.findOneOrFail(Package, { name: 'SVIP Weekly' });
  const quota = options.quota ?? 10_000_000n;
  const now = new Date();
  const sub = em.create(Subscription, {
    user: userId,
    package: pkg,
    startsAt: now,
    endsAt: options.endsAt ?? new Date(now.getTime() + 7 * 86_400_000),
    quotaTotal: quota,
    unlocksTiers: ['SVIP'],
  });
  await em.flush();
  em.create(LedgerEntry, { user: userId, bucket: 'SUBSCRIPTION', subscription: sub.id, amount: quota, balanceAfter: quota, kind: 'PURCHASE', reference: unique('sub') });
  await em.flush();
  await app.server.services.changeBus.publish({ topic: 'subscription', id: String(userId) });
  return sub.id;
}

export async function freeBalance(app: TestApp, userId: number): Promise<{ quota: bigint; reserved: bigint }> {
  const rows = await app.em().getConnection().execute<Array<{ free_quota: string; free_reserved: string }>>(
    'select free_quota, free_reserved from users where id = ?',
    [userId],
  );
  return { quota: BigInt(rows[0]!.free_quota), reserved: BigInt(rows[0]!.free_reserved) };
}

export async function subscriptionBalance(app: TestApp, subscriptionId: number): Promise<{ total: bigint; used: bigint; reserved: bigint }> {
  const rows = await app.em().getConnection().execute<Array<{ quota_total: string; quota_used: string; quota_reserved: string }>>(
    'select quota_total, quota_used, quota_reserved from subscriptions where id = ?',
    [subscriptionId],
  );
  return { total: BigInt(rows[0]!.quota_total), used: BigInt(rows[0]!.quota_used), reserved: BigInt(rows[0]!.quota_reserved) };
}

export async function ledgerRows(app: TestApp, userId: number, bucket?: 'FREE' | 'SUBSCRIPTION'): Promise<ILedgerEntry[]> {
  return app.em().find(LedgerEntry, bucket ? { user: userId, bucket } : { user: userId }, { orderBy: { id: 'asc' } });
}

export async function usageCharges(app: TestApp, userId: number): Promise<ILedgerEntry[]> {
  return (await ledgerRows(app, userId)).filter((e) => e.kind === 'USAGE_CHARGE');
}

export async function ledgerSum(app: TestApp, userId: number, bucket: 'FREE' | 'SUBSCRIPTION'): Promise<bigint> {
  return (await ledgerRows(app, userId, bucket)).reduce((sum, e) => sum + e.amount, 0n);
}

/** Usage rows are batched off the response path: flush the writer, then read. */
export async function usageLogs(app: TestApp, where: { userId?: number; requestId?: string }): Promise<IUsageLog[]> {
  await app.server.services.usageLog.flush();
  return app.em().find(UsageLog, where, { orderBy: { id: 'asc' } });
}

/** Raw POST for assertions on the wire (headers, SSE framing) that the SDK hides. */
export async function rawChat(app: TestApp, key: string | undefined, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${app.v1Url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Cost by DESIGN §2 for a model's per-1M prices, ceil, at multiplier 1. */
export function expectedCost(prices: { input: bigint; output: bigint }, promptTokens: number, completionTokens: number): bigint {
  const micros = BigInt(promptTokens) * prices.input + BigInt(completionTokens) * prices.output;
  return (micros + 999_999n) / 1_000_000n;
}

export const GPT_4O_MINI = { input: 75_000n, output: 300_000n };
export const GPT_4O = { input: 1_250_000n, output: 5_000_000n };

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls until `check` holds (for effects that happen off the response path). */
export async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
}
