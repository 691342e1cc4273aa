import { BlockList, isIP } from 'node:net';

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) is the IPv4 address it wraps. */
export function normaliseIp(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/**
 * A token's IP allow-list: addresses and CIDRs of both families, compiled once into a
 * net.BlockList (used here as an allow list). Entries that do not parse are ignored and
 * reported, so one typo does not lock a key out entirely nor open it to everyone.
 */
export class IpAllowList {
  private readonly list = new BlockList();
  readonly invalid: string[] = [];

  constructor(entries: readonly string[]) {
    for (const raw of entries) {
      const entry = raw.trim();
      const [addr, prefix] = entry.split('/');
      const ip = normaliseIp(addr ?? '');
      const family = isIP(ip);
      if (!family) {
        this.invalid.push(entry);
        continue;
      }
      const type = family === 4 ? 'ipv4' : 'ipv6';
      if (prefix === undefined) {
        this.list.addAddress(ip, type);
        continue;
      }
      const bits = Number(prefix);
      if (!/^\d+$/.test(prefix) || bits > (family === 4 ? 32 : 128)) {
        this.invalid.push(entry);
        continue;
      }
      this.list.addSubnet(ip, bits, type);
    }
  }

  allows(address: string | undefined): boolean {
    if (!address) return false;
    const ip = normaliseIp(address);
    const family = isIP(ip);
    if (!family) return false;
    return this.list.check(ip, family === 4 ? 'ipv4' : 'ipv6');
  }
}
