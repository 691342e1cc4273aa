import { epaySign, epaySignatureValid, yuanToFen } from '../../../src/payments/epay/epay-sign';
import { stripeHostConfig } from '../../../src/payments/stripe/stripe-provider';

describe('epay signature', () => {
  // Expected value computed outside this codebase (Python hashlib.md5 over the documented string).
  const params = {
    pid: '1001', type: 'alipay', out_trade_no: '42T1700000000', notify_url: 'https://gw.test/payments/epay/notify',
    return_url: 'https://gw.test/?order=42&checkout=success', name: 'SVIP Weekly', money: '19.98',
  };

  it('is the MD5 of the sorted k=v pairs followed directly by the key', () => {
    expect(epaySign(params, 'KEY123')).toBe('75b8278a861e2747b4fa1ac093b64a66');
  });

  it('leaves out empty values, sign and sign_type', () => {
    expect(epaySign({ ...params, param: '', sign: 'x', sign_type: 'MD5' }, 'KEY123')).toBe('75b8278a861e2747b4fa1ac093b64a66');
  });

  it('verifies in either letter case and refuses anything else', () => {
    const sign = epaySign(params, 'KEY123');
    expect(epaySignatureValid({ ...params, sign }, 'KEY123')).toBe(true);
    expect(epaySignatureValid({ ...params, sign: sign.toUpperCase() }, 'KEY123')).toBe(true);
    expect(epaySignatureValid({ ...params, sign }, 'KEY124')).toBe(false);
    expect(epaySignatureValid({ ...params, money: '19.99', sign }, 'KEY123')).toBe(false);
    expect(epaySignatureValid({ ...params, sign: 'not-hex' }, 'KEY123')).toBe(false);
    expect(epaySignatureValid(params, 'KEY123')).toBe(false);
  });
});

describe('yuanToFen', () => {
  it('reads yuan with up to two decimals exactly', () => {
    expect(yuanToFen('19.98')).toBe(1998);
    expect(yuanToFen('19.9')).toBe(1990);
    expect(yuanToFen('20')).toBe(2000);
    expect(yuanToFen('0.01')).toBe(1);
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['', '19.981', '-1', '1e3', '19,98', 'abc', '0x10']) expect(yuanToFen(bad)).toBeNull();
  });
});

describe('stripeHostConfig', () => {
  it('passes STRIPE_API_BASE to the SDK as protocol, host and port', () => {
    expect(stripeHostConfig('http://127.0.0.1:12111')).toEqual({ protocol: 'http', host: '127.0.0.1', port: '12111' });
    expect(stripeHostConfig('https://stripe.internal')).toEqual({ protocol: 'https', host: 'stripe.internal', port: 443 });
    expect(stripeHostConfig(undefined)).toEqual({});
  });
});
