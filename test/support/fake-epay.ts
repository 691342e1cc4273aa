import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeEpayOrder {
  outTradeNo: string;
  tradeNo: string;
  type: string;
  name: string;
  money: string;
  notifyUrl: string;
  returnUrl: string;
  paid: boolean;
}

/** The epay MD5 signature, written out here on its own so the gateway's version is checked, not reused. */
export function epayMd5(params: Record<string, string>, key: string): string {
  const pairs: string[] = [];
  for (const name of Object.keys(params).sort()) {
    if (name === 'sign' || name === 'sign_type' || params[name] === '') continue;
    pairs.push(`${name}=${params[name]}`);
  }
  return createHash('md5').update(`${pairs.join('&')}${key}`).digest('hex');
}

/**
 * An epay (易支付) merchant gateway: `submit.php` (the cashier page the user's browser opens,
 * which checks pid and signature), `api.php?act=order` (the merchant's order query, authenticated
 * by pid and key) and the signed notification it sends to notify_url.
 */
export class FakeEpay {
  readonly orders = new Map<string, FakeEpayOrder>();
  readonly submissions: Array<{ params: Record<string, string>; accepted: boolean }> = [];
  readonly queries: URLSearchParams[] = [];
  private counter = 0;

  private constructor(private readonly server: Server, readonly url: string, readonly pid: string, readonly key: string) {}

  static async start(pid = '1001', key = 'epay-merchant-key-0123456789'): Promise<FakeEpay> {
    let fake: FakeEpay | undefined;
    const server = createServer((req, res) => {
      const { status, type, body } = fake!.handle(req);
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fake = new FakeEpay(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`, pid, key);
    return fake;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: IncomingMessage): { status: number; type: string; body: string } {
    const url = new URL(req.url ?? '/', this.url);
    const params = Object.fromEntries(url.searchParams);
    if (url.pathname === '/submit.php') {
      const accepted = params.pid === this.pid && params.sign_type === 'MD5' && params.sign === epayMd5(params, this.key);
      this.submissions.push({ params, accepted });
      if (!accepted) return { status: 200, type: 'text/html; charset=utf-8', body: '<script>alert("签名校验失败！");</script>' };
      const order = this.orders.get(params.out_trade_no!) ?? {
        outTradeNo: params.out_trade_no!, tradeNo: `2026112500${String(++this.counter).padStart(6, '0')}`, type: params.type!,
        name: params.name!, money: params.money!, notifyUrl: params.notify_url!, returnUrl: params.return_url!, paid: false,
      };
      this.orders.set(order.outTradeNo, order);
      return { status: 200, type: 'text/html; charset=utf-8', body: `<html><body>cashier ${order.type} ${order.money}</body></html>` };
    }
    if (url.pathname === '/api.php' && params.act === 'order') {
      this.queries.push(url.searchParams);
      if (params.pid !== this.pid || params.key !== this.key) return json({ code: -3, msg: 'KEY校验失败' });
      const order = this.orders.get(params.out_trade_no ?? '');
      if (!order) return json({ code: -1, msg: '订单号不存在' });
      return json({
        code: 1, msg: '查询订单号成功！', trade_no: order.tradeNo, out_trade_no: order.outTradeNo, type: order.type, pid: this.pid,
        addtime: '2026-11-25 10:00:00', endtime: order.paid ? '2026-11-25 10:01:00' : null, name: order.name, money: order.money,
        status: order.paid ? 1 : 0,
      });
    }
    return { status: 404, type: 'text/plain', body: 'not found' };
  }

  /** The user pays on the cashier page; returns the notification epay then sends (signed). */
  pay(outTradeNo: string): Record<string, string> {
    const order = this.orders.get(outTradeNo)!;
    order.paid = true;
    return this.notification(order);
  }

  notification(order: FakeEpayOrder, overrides: Record<string, string> = {}, key = this.key): Record<string, string> {
    const params: Record<string, string> = {
      pid: this.pid, trade_no: order.tradeNo, out_trade_no: order.outTradeNo, type: order.type, name: order.name,
      money: order.money, trade_status: 'TRADE_SUCCESS', ...overrides,
    };
    return { ...params, sign: epayMd5(params, key), sign_type: 'MD5' };
  }
}

function json(body: unknown) {
  return { status: 200, type: 'application/json; charset=utf-8', body: JSON.stringify(body) };
}

/** Delivers a notification as epay does: GET with the fields in the query, or POST form-encoded. */
export async function deliverEpay(notifyUrl: string, params: Record<string, string>, method: 'GET' | 'POST' = 'GET') {
  const query = new URLSearchParams(params).toString();
  const res = method === 'GET'
    ? await fetch(`${notifyUrl}?${query}`)
    : await fetch(notifyUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: query });
  return { status: res.status, contentType: res.headers.get('content-type'), text: await res.text() };
}
