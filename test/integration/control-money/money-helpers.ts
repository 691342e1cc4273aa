import { signWebhook } from '../../../src/payments/webhook-signature';
import type { TestApp } from '../../support/test-app';

export const WEBHOOK_SECRET = 'whsec-test-0123456789abcdef';

/**
 * The invariant the billing core relies on: free_quota = sum of the user's FREE ledger rows, and
 * for each subscription quota_total - quota_used = sum of its ledger rows. Returns the offenders.
 */
export async function balanceMismatches(app: TestApp, userId?: number): Promise<unknown[]> {
  const em = app.em();
  const free = await em.execute<{ id: number; balance: string; ledger: string }[]>(
    `select u.id, u.free_quota as balance,
            coalesce((select sum(amount) from ledger_entries l where l.user_id = u.id and l.bucket = 'FREE'), 0) as ledger
       from users u ${userId ? 'where u.id = ?' : ''}`,
    userId ? [userId] : [],
  );
  const subs = await em.execute<{ id: number; balance: string; ledger: string }[]>(
    `select s.id, s.quota_total - s.quota_used as balance,
            coalesce((select sum(amount) from ledger_entries l where l.subscription_id = s.id), 0) as ledger
       from subscriptions s ${userId ? 'where s.user_id = ?' : ''}`,
    userId ? [userId] : [],
  );
  // Every ledger row's balance_after must also agree with the running sum of its bucket.
  const running = await em.execute<{ id: string }[]>(
    `select id from (
       select id, balance_after,
              sum(amount) over (partition by user_id, bucket, subscription_id order by id) as running
         from ledger_entries ${userId ? 'where user_id = ?' : ''}
     ) x where balance_after <> running`,
    userId ? [userId] : [],
  );
  return [
    ...free.filter((r) => r.balance !== r.ledger).map((r) => ({ user: r.id, ...r })),
    ...subs.filter((r) => r.balance !== r.ledger).map((r) => ({ subscription: r.id, ...r })),
    ...running.map((r) => ({ ledgerEntryWithWrongBalanceAfter: r.id })),
  ];
}

export interface WebhookEventBody {
  id: string;
  type: 'payment.succeeded' | 'payment.refunded';
  data: { orderId: number | string; amountMinor: number; currency: string; providerRef: string };
}

export async function postWebhook(
  app: TestApp,
  body: WebhookEventBody | string,
  options: { provider?: string; secret?: string; timestamp?: number; signature?: string | null } = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const signature = options.signature === undefined ? signWebhook(options.secret ?? WEBHOOK_SECRET, raw, timestamp) : options.signature;
  const res = await fetch(`${app.url}/payments/webhook/${options.provider ?? 'acme'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'x-signature': signature }) },
    body: raw,
  });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = { raw: text };
  }
  return { status: res.status, json };
}
