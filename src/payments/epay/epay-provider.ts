import { z } from 'zod';
import { formatMinorUnits } from '../../domain/subscriptions/money';
import {
  PaymentProviderError,
  type Checkout, type CheckoutRequest, type IncomingNotification, type NotificationResult, type PaymentMethodInfo,
  type PaymentProvider, type ProviderOrder, type ProviderOrderStatus,
} from '../../domain/subscriptions/payment-provider';
import { checkoutReturnUrl, epayNotifyUrl } from '../return-urls';
import { epaySign, epaySignatureValid, yuanToFen } from './epay-sign';

export interface EpaySettings {
  /** e.g. https://pay.example.com (submit.php and api.php live under it). */
  url: string;
  pid: string;
  key: string;
  publicUrl: string;
}

// What api.php?act=order answers; only what reconciliation reads. `status` 1 = paid.
const EpayOrderSchema = z.object({
  code: z.coerce.number(),
  status: z.coerce.number().optional(),
  money: z.coerce.string().optional(),
  trade_no: z.coerce.string().optional(),
  out_trade_no: z.coerce.string().optional(),
});

export class EpayProvider implements PaymentProvider {
  readonly name = 'epay' as const;
  readonly methods: readonly PaymentMethodInfo[] = [
    { provider: 'epay', method: 'alipay', displayName: 'Alipay' },
    { provider: 'epay', method: 'wxpay', displayName: 'WeChat Pay' },
  ];

  constructor(private readonly settings: EpaySettings) {}

  unsupportedCurrency(currency: string): string | null {
    return currency === 'CNY' ? null : 'epay takes CNY only';
  }

  /** The user's browser opens submit.php with these signed parameters; epay has no server-side create call. */
  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    // Unique beyond this database's order ids, so a reset database never reuses a merchant order number.
    const outTradeNo = `${request.orderId}T${Math.floor(request.now.getTime() / 1000)}`;
    const params: Record<string, string> = {
      pid: this.settings.pid,
      type: request.method,
      out_trade_no: outTradeNo,
      notify_url: epayNotifyUrl(this.settings.publicUrl),
      return_url: checkoutReturnUrl(this.settings.publicUrl, request.orderId, 'success'),
      name: request.title,
      money: formatMinorUnits(request.amountMinor, 'CNY'),
    };
    const query = new URLSearchParams({ ...params, sign: epaySign(params, this.settings.key), sign_type: 'MD5' });
    return { checkoutUrl: `${this.settings.url}/submit.php?${query.toString()}`, qrCode: null, providerRef: outTradeNo };
  }

  verifyNotification(notification: IncomingNotification): NotificationResult {
    const params = Object.fromEntries(notification.params);
    if (!epaySignatureValid(params, this.settings.key) || params.pid !== this.settings.pid) return { ok: false };
    if (params.trade_status !== 'TRADE_SUCCESS') return { ok: true, event: null, note: `trade_status ${params.trade_status ?? '(none)'}` };
    const amountMinor = yuanToFen(params.money ?? '');
    const outTradeNo = params.out_trade_no ?? '';
    const tradeNo = params.trade_no ?? '';
    // Both end up in varchar(255) columns; anything longer is not an epay number.
    const reference = /^[\w.-]{1,128}$/;
    if (amountMinor === null || !reference.test(outTradeNo) || !reference.test(tradeNo)) {
      return { ok: true, event: null, note: 'money, out_trade_no or trade_no missing or malformed' };
    }
    return {
      ok: true,
      event: {
        provider: 'epay',
        // One payment = one trade_no: a repeated notification is recognised and answered `success`.
        eventId: tradeNo,
        kind: 'PAID',
        order: { providerRef: outTradeNo },
        amountMinor,
        currency: 'CNY',
        paymentRef: tradeNo,
      },
    };
  }

  async queryOrder(order: ProviderOrder): Promise<ProviderOrderStatus> {
    if (!order.providerRef) return { status: 'UNKNOWN' };
    const query = new URLSearchParams({ act: 'order', pid: this.settings.pid, key: this.settings.key, out_trade_no: order.providerRef });
    let body: unknown;
    try {
      const res = await fetch(`${this.settings.url}/api.php?${query.toString()}`, { signal: AbortSignal.timeout(15_000) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      body = await res.json();
    } catch (err) {
      // Never the URL: it carries the merchant key.
      throw new PaymentProviderError('epay', `could not query the epay order (${err instanceof Error ? err.message : 'error'})`);
    }
    const parsed = EpayOrderSchema.safeParse(body);
    if (!parsed.success) throw new PaymentProviderError('epay', 'epay answered the order query with an unexpected body');
    const answer = parsed.data;
    // code != 1: epay has no such order yet (the user never opened the checkout).
    if (answer.code !== 1 || answer.status !== 1) return { status: 'PENDING' };
    if (answer.out_trade_no !== undefined && answer.out_trade_no !== order.providerRef) {
      throw new PaymentProviderError('epay', 'epay answered about another order');
    }
    const amountMinor = yuanToFen(answer.money ?? '');
    if (amountMinor === null) throw new PaymentProviderError('epay', 'epay reported a paid order without a readable amount');
    return { status: 'PAID', amountMinor, currency: 'CNY', paymentRef: answer.trade_no ?? null };
  }
}
