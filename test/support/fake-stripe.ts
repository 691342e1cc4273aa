import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeStripeRequest {
  method: string;
  path: string;
  contentType: string | undefined;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  /** The form-encoded body as Stripe's API reads it (`line_items[0][price_data][currency]` keys). */
  form: URLSearchParams;
}

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  expires_at: number;
  success_url: string;
  cancel_url: string;
}

export interface SignedDelivery {
  body: string;
  signature: string;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * Stripe's REST API as the official SDK calls it (form-encoded POSTs, JSON answers, Stripe's
 * error envelope), for the three calls checkout makes, plus Stripe's signed webhook deliveries
 * (`Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<payload>")>`).
 */
export class FakeStripe {
  readonly requests: FakeStripeRequest[] = [];
  readonly sessions = new Map<string, FakeSession>();
  readonly refunds: Array<{ id: string; payment_intent: string; amount: number }> = [];
  /** The next create/retrieve answers this HTTP status with Stripe's error body. */
  failNext: { status: number; code: string; message: string } | null = null;
  private readonly byIdempotencyKey = new Map<string, string>();
  private counter = 0;

  private constructor(private readonly server: Server, readonly url: string, readonly webhookSecret: string) {}

  static async start(webhookSecret = 'whsec_fake_0123456789'): Promise<FakeStripe> {
    let fake: FakeStripe | undefined;
    const server = createServer((req, res) => {
      void fake!.handle(req).then(({ status, body }) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${fake!.counter}` });
        res.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    fake = new FakeStripe(server, `http://127.0.0.1:${port}`, webhookSecret);
    return fake;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const raw = await readBody(req);
    const path = (req.url ?? '').split('?')[0]!;
    const request: FakeStripeRequest = {
      method: req.method ?? '',
      path,
      contentType: req.headers['content-type'],
      authorization: req.headers.authorization,
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      form: new URLSearchParams(raw),
    };
    this.requests.push(request);
    if (this.failNext) {
      const { status, code, message } = this.failNext;
      this.failNext = null;
      return { status, body: { error: { type: 'invalid_request_error', code, message } } };
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') return this.createSession(request);
    const session = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(path);
    if (req.method === 'GET' && session) {
      const found = this.sessions.get(session[1]!);
      return found ? { status: 200, body: found } : this.notFound(session[1]!);
    }
    const expire = /^\/v1\/checkout\/sessions\/([\w-]+)\/expire$/.exec(path);
    if (req.method === 'POST' && expire) {
      const found = this.sessions.get(expire[1]!);
      if (!found) return this.notFound(expire[1]!);
      if (found.status !== 'open') {
        return { status: 400, body: { error: { type: 'invalid_request_error', message: `Only Checkout Sessions with a status in [\"open\"] can be expired. This Checkout Session has a status of \"${found.status}\".` } } };
      }
      found.status = 'expired';
      return { status: 200, body: found };
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      const refund = { id: `re_fake_${++this.counter}`, object: 'refund', payment_intent: request.form.get('payment_intent')!, amount: 0, status: 'succeeded' };
      this.refunds.push(refund);
      return { status: 200, body: refund };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } } };
  }

  private notFound(id: string) {
    return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such checkout.session: '${id}'` } } };
  }

  private createSession(request: FakeStripeRequest): { status: number; body: unknown } {
    const replay = request.idempotencyKey ? this.byIdempotencyKey.get(request.idempotencyKey) : undefined;
    if (replay) return { status: 200, body: this.sessions.get(replay) };
    const f = request.form;
    const id = `cs_test_fake_${++this.counter}`;
    const session: FakeSession = {
      id,
      object: 'checkout.session',
      url: `https://checkout.stripe.test/c/pay/${id}`,
      mode: f.get('mode') ?? '',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: Number(f.get('line_items[0][price_data][unit_amount]')) * Number(f.get('line_items[0][quantity]') ?? 1),
      currency: f.get('line_items[0][price_data][currency]') ?? '',
      client_reference_id: f.get('client_reference_id'),
      metadata: { order_id: f.get('metadata[order_id]') ?? '' },
      payment_intent: null,
      expires_at: Number(f.get('expires_at')),
      success_url: f.get('success_url') ?? '',
      cancel_url: f.get('cancel_url') ?? '',
    };
    this.sessions.set(id, session);
    if (request.idempotencyKey) this.byIdempotencyKey.set(request.idempotencyKey, id);
    return { status: 200, body: session };
  }

  /** The customer pays at Stripe: the session completes with a PaymentIntent. */
  pay(sessionId: string): FakeSession {
    const session = this.sessions.get(sessionId)!;
    session.status = 'complete';
    session.payment_status = 'paid';
    session.payment_intent = `pi_fake_${sessionId.split('_').pop()}`;
    return session;
  }

  expire(sessionId: string): FakeSession {
    const session = this.sessions.get(sessionId)!;
    session.status = 'expired';
    return session;
  }

  /** A Stripe event envelope around `object`. */
  event(type: string, object: unknown, id = `evt_fake_${++this.counter}`): Record<string, unknown> {
    return {
      id, object: 'event', api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), livemode: false,
      pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object },
    };
  }

  chargeRefunded(session: FakeSession, amountRefunded = session.amount_total): Record<string, unknown> {
    return {
      id: `ch_fake_${session.id}`, object: 'charge', amount: session.amount_total, amount_refunded: amountRefunded,
      currency: session.currency, payment_intent: session.payment_intent, metadata: { order_id: session.metadata.order_id },
      refunded: amountRefunded === session.amount_total,
    };
  }

  /** Signs a delivery the way Stripe does; pass `secret`/`timestamp` to forge or age one. */
  sign(event: Record<string, unknown> | string, options: { secret?: string; timestamp?: number } = {}): SignedDelivery {
    const body = typeof event === 'string' ? event : JSON.stringify(event, null, 2);
    const t = options.timestamp ?? Math.floor(Date.now() / 1000);
    const v1 = createHmac('sha256', options.secret ?? this.webhookSecret).update(`${t}.${body}`).digest('hex');
    return { body, signature: `t=${t},v1=${v1}` };
  }
}

/** Delivers a signed event to the gateway's Stripe webhook as Stripe would. */
export async function deliverStripe(appUrl: string, delivery: SignedDelivery | { body: string; signature: string | null }) {
  const res = await fetch(`${appUrl}/payments/stripe/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      ...(delivery.signature === null ? {} : { 'stripe-signature': delivery.signature }),
    },
    body: delivery.body,
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}
