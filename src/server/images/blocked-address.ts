// Which IP addresses an image fetch may connect to. Image URLs come from user-supplied product lists, so a
// fetch must never reach our own network: anything that is not plainly public unicast is refused, including
// IPv6 forms that smuggle an IPv4 address (mapped, compatible, NAT64, 6to4).
import { isIPv4, isIPv6 } from 'node:net';

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

type V4Range = { base: number; bits: number; kind: BlockedKind };

// IANA IPv4 special-purpose registry, plus the cloud metadata endpoints. More specific ranges are checked
// first, so 169.254.169.254 reads as metadata rather than link-local.
const V4_RANGES: V4Range[] = (
  [
    ['169.254.169.254', 32, 'metadata'], // AWS, GCP, Azure, OpenStack, DigitalOcean
    ['100.100.100.200', 32, 'metadata'], // Alibaba Cloud (inside the shared range)
    ['168.63.129.16', 32, 'metadata'], // Azure wire server, reachable from every Azure VM
    ['255.255.255.255', 32, 'broadcast'],
    ['0.0.0.0', 8, 'unspecified'], // "this network"; 0.0.0.0 connects to the local host on Linux
    ['10.0.0.0', 8, 'private'],
    ['100.64.0.0', 10, 'shared'], // carrier-grade NAT
    ['127.0.0.0', 8, 'loopback'],
    ['169.254.0.0', 16, 'link-local'],
    ['172.16.0.0', 12, 'private'],
    ['192.0.0.0', 24, 'reserved'], // IETF protocol assignments
    ['192.0.2.0', 24, 'reserved'], // TEST-NET-1
    ['192.88.99.0', 24, 'reserved'], // deprecated 6to4 relay anycast
    ['192.168.0.0', 16, 'private'],
    ['198.18.0.0', 15, 'reserved'], // benchmarking
    ['198.51.100.0', 24, 'reserved'], // TEST-NET-2
    ['203.0.113.0', 24, 'reserved'], // TEST-NET-3
    ['224.0.0.0', 4, 'multicast'],
    ['240.0.0.0', 4, 'reserved'],
  ] as const
).map(([address, bits, kind]) => ({ base: ipv4ToNumber(address), bits, kind }));

/** The blocked range an IP address falls in, or null when it is public. A non-IP string counts as reserved. */
export function findBlockedRange(address: string): BlockedKind | null {
  if (isIPv4(address)) return classifyIPv4(ipv4ToNumber(address));
  const groups = parseIPv6(address);
  return groups ? classifyIPv6(groups) : 'reserved';
}

export function isPublicAddress(address: string): boolean {
  return findBlockedRange(address) === null;
}

function classifyIPv4(value: number): BlockedKind | null {
  for (const range of V4_RANGES) {
    if (range.bits === 0 || value >>> (32 - range.bits) === range.base >>> (32 - range.bits))
      return range.kind;
  }
  return null;
}

function classifyIPv6(g: number[]): BlockedKind | null {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const embedded = (g6 << 16) | g7;
  const firstFiveZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;

  if (firstFiveZero && g5 === 0 && g6 === 0) {
    if (g7 === 0) return 'unspecified';
    if (g7 === 1) return 'loopback';
  }
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible) are the IPv4 host itself; so is ::ffff:0:a.b.c.d (SIIT).
  if (firstFiveZero && (g5 === 0xffff || g5 === 0)) return classifyIPv4(embedded >>> 0) ?? compatibleKind(g5);
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0xffff && g5 === 0) {
    return classifyIPv4(embedded >>> 0);
  }
  // 64:ff9b::/96 is NAT64: the gateway connects to the embedded IPv4 address for us.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return classifyIPv4(embedded >>> 0);
  }
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return 'private'; // local-use NAT64, 64:ff9b:1::/48
  // 2002::/16 is 6to4: the relay delivers to the IPv4 address in bits 16–47.
  if (g0 === 0x2002) return classifyIPv4(((g1 << 16) | g2) >>> 0);
  if (g0 === 0xfd00 && g1 === 0x0ec2 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0 && g6 === 0) {
    if (g7 === 0x254) return 'metadata'; // AWS IMDS over IPv6, fd00:ec2::254
  }
  if ((g0 & 0xfe00) === 0xfc00) return 'private'; // unique local, fc00::/7
  if ((g0 & 0xffc0) === 0xfe80) return 'link-local'; // fe80::/10
  if ((g0 & 0xffc0) === 0xfec0) return 'private'; // deprecated site-local, fec0::/10
  if ((g0 & 0xff00) === 0xff00) return 'multicast';
  // Only global unicast (2000::/3) is public; inside it, carve out the special-purpose blocks.
  if ((g0 & 0xe000) !== 0x2000) return 'reserved';
  if (g0 === 0x2001 && g1 < 0x0200) return 'reserved'; // IETF protocol assignments incl. Teredo, 2001::/23
  if (g0 === 0x2001 && g1 === 0x0db8) return 'reserved'; // documentation
  if (g0 === 0x3fff && g1 < 0x1000) return 'reserved'; // documentation, 3fff::/20
  return null;
}

/** A public address written in the deprecated IPv4-compatible form has no legitimate use: refuse it. */
function compatibleKind(g5: number): BlockedKind | null {
  return g5 === 0 ? 'reserved' : null;
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
