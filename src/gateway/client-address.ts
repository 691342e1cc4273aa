import type { IncomingMessage } from 'node:http';
import { IpAllowList, normaliseIp } from '../domain/tokens/ip-allow-list';

/** Where a request came from, for IP allow-lists. */
export type ClientAddressOf = (req: IncomingMessage) => string | undefined;

/**
 * The caller's address. Without trusted proxies (TRUSTED_PROXIES) it is the socket's peer and
 * X-Forwarded-For is ignored: anyone can send that header. With them, and only when the peer is
 * one of them, X-Forwarded-For is read from the right (the hop nearest to us), skipping trusted
 * proxies; the first address that is not one is the caller. A hop that is not an address ends
 * the walk as the caller (it then matches no allow-list, so a mangled header fails closed).
 */
export function clientAddressResolver(trustedProxies: readonly string[]): ClientAddressOf {
  if (trustedProxies.length === 0) return (req) => req.socket.remoteAddress;
  const trusted = new IpAllowList(trustedProxies);
  return (req) => {
    const peer = req.socket.remoteAddress;
    if (!trusted.allows(peer)) return peer;
    const header = req.headers['x-forwarded-for'];
    if (!header) return peer;
    const hops = (Array.isArray(header) ? header.join(',') : header).split(',');
    let caller = peer;
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = normaliseIp(hops[i]!.trim());
      if (hop === '') continue;
      caller = hop;
      if (!trusted.allows(hop)) break;
    }
    return caller;
  };
}
