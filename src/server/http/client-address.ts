// Which address a request comes from, for rate limits and lockouts. X-Forwarded-For is a list that each proxy
// appends to, so only its right-hand end, written by proxies we run, can be believed; anything to the left
// of them was written by the client. TRUST_PROXY says how far from the right to look.
import { BlockList, isIP } from 'node:net';

export type TrustProxy =
  | { kind: 'none' }
  /** This many proxies in front of the app, each appending the address it saw. */
  | { kind: 'hops'; hops: number }
  /** The proxies' own addresses or CIDR ranges: the client is the first address from the right not among them. */
  | { kind: 'addresses'; addresses: string[] };

/** Parses TRUST_PROXY: false/0/empty, true (one proxy), a hop count, or a comma-separated list of addresses/CIDRs. */
export function parseTrustProxy(value: string | undefined): TrustProxy | string {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === 'false' || text === '0') return { kind: 'none' };
  if (text === 'true') return { kind: 'hops', hops: 1 };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 32 ? { kind: 'hops', hops } : 'must be a hop count from 0 to 32';
  }
  const addresses = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of addresses) {
    if (!toBlockList([entry])) return `"${entry}" is not an IP address or CIDR range`;
  }
  return { kind: 'addresses', addresses };
}

/**
 * The client's address. `chain` is X-Forwarded-For's entries, left to right, followed by the socket's
 * address (the nearest hop). Without trust, only the socket counts.
 */
export function resolveClientAddress(chain: string[], trust: TrustProxy): string | undefined {
  const hops = chain.map(normalise).filter(Boolean);
  if (hops.length === 0) return undefined;
  switch (trust.kind) {
    case 'none':
      return hops.at(-1);
    case 'hops':
      // Express's rule: the socket is hop 0, so n trusted proxies put the client n places to its left.
      return hops[Math.max(0, hops.length - 1 - trust.hops)];
    case 'addresses': {
      const proxies = toBlockList(trust.addresses)!;
      for (let i = hops.length - 1; i > 0; i--) {
        if (!isTrusted(proxies, hops[i]!)) return hops[i];
      }
      return hops[0];
    }
  }
}

export function forwardedChain(forwardedFor: string | null, socketAddress: string | undefined): string[] {
  const entries = (forwardedFor ?? '').split(',').map((s) => s.trim());
  return socketAddress ? [...entries, socketAddress] : entries;
}

function normalise(address: string): string {
  const bare = address.trim().replace(/^\[(.*)\](:\d+)?$/, '$1');
  return bare.startsWith('::ffff:') && isIP(bare.slice(7)) === 4 ? bare.slice(7) : bare;
}

function isTrusted(proxies: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && proxies.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

function toBlockList(entries: string[]): BlockList | undefined {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/');
    const family = isIP(address ?? '');
    if (family === 0) return undefined;
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) {
      list.addAddress(address!, type);
      continue;
    }
    const bits = Number(prefix);
    if (!/^\d+$/.test(prefix) || bits > (family === 6 ? 128 : 32)) return undefined;
    list.addSubnet(address!, bits, type);
  }
  return list;
}
