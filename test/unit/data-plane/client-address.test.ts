import type { IncomingMessage } from 'node:http';
import { ConfigError, loadConfig } from '../../../src/config';
import { clientAddressResolver } from '../../../src/gateway/client-address';

function request(peer: string, forwardedFor?: string | string[]): IncomingMessage {
  return { socket: { remoteAddress: peer }, headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } } as unknown as IncomingMessage;
}

describe('the caller address for IP allow-lists', () => {
  it('is the socket peer, X-Forwarded-For ignored, without trusted proxies', () => {
    const of = clientAddressResolver([]);
    expect(of(request('127.0.0.1', '203.0.113.7'))).toBe('127.0.0.1');
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', () => {
    const of = clientAddressResolver(['10.0.0.0/8']);
    expect(of(request('198.51.100.20', '203.0.113.7'))).toBe('198.51.100.20');
  });

  it('takes the nearest untrusted hop when the peer is a trusted proxy', () => {
    const of = clientAddressResolver(['127.0.0.1', '10.0.0.0/8']);
    expect(of(request('127.0.0.1', '203.0.113.7'))).toBe('203.0.113.7');
    expect(of(request('::ffff:127.0.0.1', '203.0.113.7, 10.1.2.3'))).toBe('203.0.113.7');
    expect(of(request('127.0.0.1', ['203.0.113.7', '10.1.2.3']))).toBe('203.0.113.7');
    expect(of(request('127.0.0.1'))).toBe('127.0.0.1');
  });

  it('is not fooled by addresses a caller prepends itself', () => {
    const of = clientAddressResolver(['127.0.0.1']);
    // The caller sent "X-Forwarded-For: 10.9.9.9"; our proxy appended the address it saw.
    expect(of(request('127.0.0.1', '10.9.9.9, 198.51.100.9'))).toBe('198.51.100.9');
  });

  it('fails closed on a hop that is not an address', () => {
    const of = clientAddressResolver(['127.0.0.1']);
    expect(of(request('127.0.0.1', '203.0.113.7, not-an-ip'))).toBe('not-an-ip');
  });

  it('is configured by TRUSTED_PROXIES, which refuses anything but addresses and CIDRs', () => {
    expect(loadConfig({}).gateway.trustedProxies).toEqual([]);
    expect(loadConfig({ TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8,::1' }).gateway.trustedProxies).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    expect(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUSTED_PROXIES: 'proxy.local' })).toThrow(/TRUSTED_PROXIES/);
  });
});
