import { BlockList, isIP } from 'node:net';

/**
 * Which IP addresses outbound requests to caller-chosen URLs (webhooks, image URLs) may reach:
 * only public unicast ones. Everything a caller could use to reach this host, its network or
 * the cloud's metadata service is refused.
 */

interface Range {
  network: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
  name: string;
}

const RANGES: readonly Range[] = [
  { network: '0.0.0.0', prefix: 8, family: 'ipv4', name: 'unspecified ("this network")' },
  { network: '10.0.0.0', prefix: 8, family: 'ipv4', name: 'private' },
  { network: '100.64.0.0', prefix: 10, family: 'ipv4', name: 'carrier-grade NAT' },
  { network: '127.0.0.0', prefix: 8, family: 'ipv4', name: 'loopback' },
  // Holds 169.254.169.254, the metadata service of AWS, GCP and Azure.
  { network: '169.254.0.0', prefix: 16, family: 'ipv4', name: 'link-local (cloud metadata)' },
  { network: '172.16.0.0', prefix: 12, family: 'ipv4', name: 'private' },
  { network: '192.0.0.0', prefix: 24, family: 'ipv4', name: 'IETF protocol assignments' },
  { network: '192.0.2.0', prefix: 24, family: 'ipv4', name: 'documentation' },
  { network: '192.168.0.0', prefix: 16, family: 'ipv4', name: 'private' },
  { network: '198.18.0.0', prefix: 15, family: 'ipv4', name: 'benchmarking' },
  { network: '198.51.100.0', prefix: 24, family: 'ipv4', name: 'documentation' },
  { network: '203.0.113.0', prefix: 24, family: 'ipv4', name: 'documentation' },
  { network: '224.0.0.0', prefix: 4, family: 'ipv4', name: 'multicast' },
  { network: '240.0.0.0', prefix: 4, family: 'ipv4', name: 'reserved and broadcast' },
  { network: '::', prefix: 128, family: 'ipv6', name: 'unspecified' },
  { network: '::1', prefix: 128, family: 'ipv6', name: 'loopback' },
  { network: '100::', prefix: 64, family: 'ipv6', name: 'discard' },
  { network: '2001:db8::', prefix: 32, family: 'ipv6', name: 'documentation' },
  // Unique local addresses; holds fd00:ec2::254, the AWS metadata service over IPv6.
  { network: 'fc00::', prefix: 7, family: 'ipv6', name: 'unique local (cloud metadata)' },
  { network: 'fe80::', prefix: 10, family: 'ipv6', name: 'link-local' },
  { network: 'fec0::', prefix: 10, family: 'ipv6', name: 'site-local (deprecated)' },
  { network: 'ff00::', prefix: 8, family: 'ipv6', name: 'multicast' },
];

const blockList = new BlockList();
for (const range of RANGES) blockList.addSubnet(range.network, range.prefix, range.family);

/** IPv6 forms that carry an IPv4 address inside: the embedded address is the one that matters. */
const EMBEDDED_V4 = [
  /^::ffff:(?:0:)?(\d+\.\d+\.\d+\.\d+)$/i, // IPv4-mapped (and the SIIT-translated form)
  /^64:ff9b::(\d+\.\d+\.\d+\.\d+)$/i, // NAT64 well-known prefix
  /^::(\d+\.\d+\.\d+\.\d+)$/i, // IPv4-compatible (deprecated)
];
const HEX_EMBEDDED_V4 = [
  /^::ffff:(?:0:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i,
  /^64:ff9b::([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i,
  /^::([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i,
];

export type AddressVerdict = { allowed: true; address: string } | { allowed: false; address: string; reason: string };

/**
 * Classifies one IP address (v4 or v6, with or without brackets or a zone id). Anything that is
 * not a valid IP address is refused: only addresses this function allowed are ever dialled.
 */
export function classifyAddress(input: string): AddressVerdict {
  const address = input.replace(/^\[|\]$/g, '');
  // A zone id (fe80::1%eth0) names an interface: only link-local addresses carry one.
  if (address.includes('%')) return { allowed: false, address: input, reason: 'link-local (zone id)' };
  const embedded = embeddedIpv4(address);
  if (embedded !== null) {
    const inner = classifyAddress(embedded);
    return inner.allowed
      ? { allowed: true, address: input }
      : { allowed: false, address: input, reason: `${inner.reason}, embedded in IPv6` };
  }
  const version = isIP(address);
  if (version === 0) return { allowed: false, address: input, reason: 'not an IP address' };
  const family = version === 4 ? 'ipv4' : 'ipv6';
  if (!blockList.check(address, family)) return { allowed: true, address: input };
  return { allowed: false, address: input, reason: RANGES.find((range) => inRange(address, family, range))?.name ?? 'not public' };
}

/** True when the address is public unicast. */
export const isPublicAddress = (address: string): boolean => classifyAddress(address).allowed;

function embeddedIpv4(address: string): string | null {
  if (isIP(address) !== 6) return null;
  for (const pattern of EMBEDDED_V4) {
    const match = pattern.exec(address);
    if (match) return match[1]!;
  }
  for (const pattern of HEX_EMBEDDED_V4) {
    const match = pattern.exec(address);
    if (match) {
      const high = Number.parseInt(match[1]!, 16);
      const low = Number.parseInt(match[2]!, 16);
      return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
    }
  }
  return null;
}

function inRange(address: string, family: 'ipv4' | 'ipv6', range: Range): boolean {
  if (range.family !== family) return false;
  const single = new BlockList();
  single.addSubnet(range.network, range.prefix, range.family);
  return single.check(address, family);
}
