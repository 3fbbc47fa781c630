// Which IP addresses an image fetch may connect to. Image URLs come from user-supplied product lists, so a
// fetch must never reach our own network: anything that is not plainly public unicast is refused, including
// IPv6 forms that smuggle an IPv4 address (mapped, compatible, NAT64, 6to4).
import { BlockList, isIPv4, isIPv6 } from 'node:net';

export type BlockedKind =
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'shared'
  | 'metadata'
  | 'multicast'
  | 'unspecified'
  | 'broadcast'
  | 'reserved';

/** A node:net BlockList of these CIDR ranges ("10.0.0.0/8", "fc00::/7"). */
function ranges(family: 'ipv4' | 'ipv6', ...cidrs: string[]): BlockList {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [network = '', bits] = cidr.split('/');
    list.addSubnet(network, Number(bits), family);
  }
  return list;
}

// IANA IPv4 special-purpose registry, plus the cloud metadata endpoints. Checked in this order, so
// 169.254.169.254 reads as metadata rather than link-local, and 255.255.255.255 as broadcast, not reserved.
const V4_KINDS: [BlockedKind, BlockList][] = [
  // AWS, GCP, Azure, OpenStack, DigitalOcean; Alibaba Cloud (inside the shared range); Azure's wire server.
  ['metadata', ranges('ipv4', '169.254.169.254/32', '100.100.100.200/32', '168.63.129.16/32')],
  ['broadcast', ranges('ipv4', '255.255.255.255/32')],
  ['unspecified', ranges('ipv4', '0.0.0.0/8')], // "this network"; 0.0.0.0 connects to the local host on Linux
  ['private', ranges('ipv4', '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16')],
  ['shared', ranges('ipv4', '100.64.0.0/10')], // carrier-grade NAT
  ['loopback', ranges('ipv4', '127.0.0.0/8')],
  ['link-local', ranges('ipv4', '169.254.0.0/16')],
  ['multicast', ranges('ipv4', '224.0.0.0/4')],
  [
    'reserved',
    ranges(
      'ipv4',
      '192.0.0.0/24', // IETF protocol assignments
      '192.0.2.0/24', // TEST-NET-1
      '192.88.99.0/24', // deprecated 6to4 relay anycast
      '198.18.0.0/15', // benchmarking
      '198.51.100.0/24', // TEST-NET-2
      '203.0.113.0/24', // TEST-NET-3
      '240.0.0.0/4',
    ),
  ],
];

// IPv6 forms that carry an IPv4 address, which is the host reached: mapped, SIIT and NAT64 (the gateway
// connects to it for us) in the last 32 bits; 6to4 (the relay delivers to it) in bits 16–47.
const V6_MAPPED = ranges('ipv6', '::ffff:0:0/96', '::ffff:0:0:0/96', '64:ff9b::/96');
const V6_COMPATIBLE = ranges('ipv6', '::/96'); // deprecated
const V6_6TO4 = ranges('ipv6', '2002::/16');

const V6_KINDS: [BlockedKind, BlockList][] = [
  ['unspecified', ranges('ipv6', '::/128')],
  ['loopback', ranges('ipv6', '::1/128')],
  ['metadata', ranges('ipv6', 'fd00:ec2::254/128')], // AWS IMDS over IPv6
  // Unique local, deprecated site-local, local-use NAT64.
  ['private', ranges('ipv6', 'fc00::/7', 'fec0::/10', '64:ff9b:1::/48')],
  ['link-local', ranges('ipv6', 'fe80::/10')],
  ['multicast', ranges('ipv6', 'ff00::/8')],
  // Inside global unicast: IETF protocol assignments (Teredo among them), and the documentation blocks.
  ['reserved', ranges('ipv6', '2001::/23', '2001:db8::/32', '3fff::/20')],
];

/** Only global unicast is public IPv6; everything outside it is refused. */
const V6_GLOBAL_UNICAST = ranges('ipv6', '2000::/3');

/** The blocked range an IP address falls in, or null when it is public. A non-IP string counts as reserved. */
export function findBlockedRange(address: string): BlockedKind | null {
  if (isIPv4(address)) return classifyIPv4(address);
  const text = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const groups = parseIPv6(text);
  return groups ? classifyIPv6(text, groups) : 'reserved';
}

export function isPublicAddress(address: string): boolean {
  return findBlockedRange(address) === null;
}

function classifyIPv4(address: string): BlockedKind | null {
  return V4_KINDS.find(([, list]) => list.check(address, 'ipv4'))?.[0] ?? null;
}

function classifyIPv6(address: string, groups: number[]): BlockedKind | null {
  const [, g1 = 0, g2 = 0, , , , g6 = 0, g7 = 0] = groups;
  const first = V6_KINDS.slice(0, 2).find(([, list]) => list.check(address, 'ipv6'));
  if (first) return first[0];
  if (V6_MAPPED.check(address, 'ipv6')) return classifyIPv4(dotted(g6, g7));
  // A public address in the IPv4-compatible form has no legitimate use: refuse it.
  if (V6_COMPATIBLE.check(address, 'ipv6')) return classifyIPv4(dotted(g6, g7)) ?? 'reserved';
  if (V6_6TO4.check(address, 'ipv6')) return classifyIPv4(dotted(g1, g2));
  const kind = V6_KINDS.find(([, list]) => list.check(address, 'ipv6'))?.[0];
  if (kind) return kind;
  return V6_GLOBAL_UNICAST.check(address, 'ipv6') ? null : 'reserved';
}

/** Two 16-bit groups as a dotted IPv4 address. */
function dotted(high: number, low: number): string {
  return [high >>> 8, high & 0xff, low >>> 8, low & 0xff].join('.');
}

function ipv4ToNumber(address: string): number {
  const parts = address.split('.').map(Number);
  return (((parts[0] ?? 0) << 24) | ((parts[1] ?? 0) << 16) | ((parts[2] ?? 0) << 8) | (parts[3] ?? 0)) >>> 0;
}

/** Eight 16-bit groups, or null when the text is not an IPv6 address. Zone ids (%eth0) are ignored. */
export function parseIPv6(address: string): number[] | null {
  const text = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!isIPv6(text)) return null;
  let head = text;
  const tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  const last = text.slice(lastColon + 1);
  if (last.includes('.')) {
    const v4 = ipv4ToNumber(last);
    tail.push(v4 >>> 16, v4 & 0xffff);
    head = text.slice(0, lastColon + 1);
    // "::1.2.3.4" leaves "::", and "a::1.2.3.4" leaves "a::"; a single trailing colon belongs to the tail.
    if (head.endsWith(':') && !head.endsWith('::')) head = head.slice(0, -1);
  }
  const toGroups = (part: string) => (part ? part.split(':').map((h) => Number.parseInt(h, 16)) : []);
  const doubleColon = head.indexOf('::');
  let groups: number[];
  if (doubleColon === -1) {
    groups = [...toGroups(head), ...tail];
  } else {
    const left = toGroups(head.slice(0, doubleColon));
    const right = [...toGroups(head.slice(doubleColon + 2)), ...tail];
    groups = [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
  }
  return groups.length === 8 ? groups : null;
}
