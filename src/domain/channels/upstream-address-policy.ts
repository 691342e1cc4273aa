import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { IpAllowList } from '../tokens/ip-allow-list';
import { invalid, type InvalidInput } from '../domain-result';

/**
 * Where a channel may point. The gateway sends the channel's secret and callers' prompts to its
 * base URL, so an admin account (or whoever took one over) must not aim it at the gateway's own
 * network: loopback, private ranges, link-local (cloud metadata at 169.254.169.254 and
 * fd00:ec2::254), carrier-grade NAT, multicast and reserved ranges are refused unless
 * CHANNEL_ALLOW_PRIVATE=true (self-hosted models on the operator's own network).
 */
const INTERNAL = new IpAllowList([
  '0.0.0.0/8', '10.0.0.0/8', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16', '172.16.0.0/12', '192.0.0.0/24',
  '192.168.0.0/16', '198.18.0.0/15', '224.0.0.0/4', '240.0.0.0/4',
  '::/128', '::1/128', 'fc00::/7', 'fe80::/10', 'ff00::/8', '64:ff9b::/96', '2001:db8::/32',
]);

export function isInternalAddress(address: string): boolean {
  return INTERNAL.allows(address);
}

/**
 * Checks the host of an already normalised base URL. Names are resolved and every address they
 * resolve to must be public. This is a check at configuration time: a name whose DNS later
 * changes to an internal address (rebinding) is not caught here.
 */
export async function checkUpstreamHost(baseUrl: string, allowPrivate: boolean): Promise<InvalidInput | null> {
  if (allowPrivate) return null;
  const host = new URL(baseUrl).hostname.replace(/^\[|\]$/g, '');
  const refused = invalid('baseUrl', 'This address is on a loopback, private or link-local network; set CHANNEL_ALLOW_PRIVATE=true to allow self-hosted upstreams.');
  if (host === 'localhost' || host.endsWith('.localhost')) return refused;
  if (isIP(host)) return isInternalAddress(host) ? refused : null;
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host, { all: true });
  } catch {
    return invalid('baseUrl', `The host ${host} does not resolve.`);
  }
  return addresses.some((a) => isInternalAddress(a.address)) ? refused : null;
}

/** Scheme, host and port: a different one is a different party to trust with the secret. */
export function upstreamOrigin(baseUrl: string): string {
  return new URL(baseUrl).origin;
}
