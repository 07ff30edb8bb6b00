// Which addresses a webhook may be delivered to (SSRF guard). Everything that is not a public
// unicast address is refused: loopback, private, carrier-grade NAT, link-local (169.254.0.0/16
// holds the cloud metadata service), multicast, reserved, documentation and unspecified ranges,
// in IPv4 and IPv6. WEBHOOK_ALLOWED_CIDRS opens chosen ranges (local development, tests).
// IPv4-mapped IPv6 addresses (::ffff:10.0.0.1) are judged as the IPv4 address they carry.
import { BlockList, isIP } from 'node:net';

const REFUSED_V4: Array<[string, number, string]> = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local (cloud metadata)'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, '6to4 relay'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

const REFUSED_V6: Array<[string, number, string]> = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['64:ff9b::', 96, 'NAT64'],
  ['64:ff9b:1::', 48, 'NAT64'],
  ['100::', 64, 'discard'],
  ['2001::', 23, 'IETF protocol assignments'],
  ['2001:db8::', 32, 'documentation'],
  ['2002::', 16, '6to4'],
  ['fc00::', 7, 'unique local (private; holds fd00:ec2::254, a metadata address)'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local'],
  ['ff00::', 8, 'multicast'],
];

export type AddressVerdict = { allowed: true } | { allowed: false; reason: string };

export interface AddressPolicy {
  check(address: string): AddressVerdict;
  /** True when WEBHOOK_ALLOWED_CIDRS lists the address (plain http is accepted only for those). */
  listed(address: string): boolean;
  /** The allow-list as configured, for messages. */
  readonly allowedCidrs: readonly string[];
}

/** Parses `10.0.0.0/8,::1/128`; throws RangeError naming the bad entry. */
export function parseCidrList(raw: string): Array<{ address: string; prefix: number; family: 'ipv4' | 'ipv6' }> {
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      const match = /^([^/]+)\/(\d{1,3})$/.exec(entry);
      const version = match ? isIP(match[1]) : 0;
      const prefix = match ? Number(match[2]) : Number.NaN;
      if (!match || version === 0 || prefix > (version === 4 ? 32 : 128)) {
        throw new RangeError(`"${entry}" is not a CIDR range such as 127.0.0.1/32 or ::1/128`);
      }
      return { address: match[1], prefix, family: version === 4 ? ('ipv4' as const) : ('ipv6' as const) };
    });
}

/** The IPv4 address an IPv4-mapped IPv6 address carries, else the address unchanged. */
function unmapped(address: string): string {
  const lower = address.toLowerCase();
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const high = parseInt(hex[1], 16);
    const low = parseInt(hex[2], 16);
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return address;
}

export function createAddressPolicy(allowedCidrs: string = ''): AddressPolicy {
  const allowed = new BlockList();
  const ranges = parseCidrList(allowedCidrs);
  for (const range of ranges) allowed.addSubnet(range.address, range.prefix, range.family);
  const refused = [...REFUSED_V4.map(([net, prefix, why]) => ({ net, prefix, why, family: 'ipv4' as const })), ...REFUSED_V6.map(([net, prefix, why]) => ({ net, prefix, why, family: 'ipv6' as const }))].map((range) => {
    const list = new BlockList();
    list.addSubnet(range.net, range.prefix, range.family);
    return { ...range, list };
  });

  return {
    allowedCidrs: ranges.map((range) => `${range.address}/${range.prefix}`),
    listed(raw) {
      const address = unmapped(raw.replace(/^\[|\]$/g, ''));
      const version = isIP(address);
      return version !== 0 && allowed.check(address, version === 4 ? 'ipv4' : 'ipv6');
    },
    check(raw) {
      const address = unmapped(raw.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
      const version = isIP(address);
      if (version === 0) return { allowed: false, reason: `"${raw}" is not an IP address` };
      const family = version === 4 ? 'ipv4' : 'ipv6';
      if (allowed.check(address, family)) return { allowed: true };
      const hit = refused.find((range) => range.family === family && range.list.check(address, family));
      if (hit) return { allowed: false, reason: `${address} is a ${hit.why} address (${hit.net}/${hit.prefix}), not listed in WEBHOOK_ALLOWED_CIDRS` };
      return { allowed: true };
    },
  };
}
