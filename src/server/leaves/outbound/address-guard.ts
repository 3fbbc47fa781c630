// The SSRF checks of the image fetcher: which URLs may be fetched, and a socket `lookup` that refuses, at
// connect time, a host any of whose addresses is private, loopback, link-local or a metadata service.
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { type BlockedKind, findBlockedRange } from './blocked-address';
import { OutboundError } from './outbound-error';

export type ResolvedAddress = { address: string; family: number };
/** Resolves a host name to every address it has; injectable so tests need no DNS. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export function parseImageUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new OutboundError('invalid_url', 'The image address is not a valid URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundError(
      'unsupported_protocol',
      `Only http and https image addresses are allowed (got ${url.protocol.replace(/:$/, '')}).`,
    );
  }
  return url;
}

export function parseRedirect(location: string | undefined, from: URL): URL {
  if (!location) {
    throw new OutboundError('bad_redirect', 'The image server sent a redirect without a location.');
  }
  let target: URL;
  try {
    target = new URL(location, from);
  } catch {
    throw new OutboundError('bad_redirect', 'The image server redirected to an invalid address.');
  }
  return parseImageUrl(target.href);
}

/** "host:port" as ALLOW_PRIVATE_IMAGE_HOSTS spells it: lower case, IPv6 in brackets, default port filled in. */
export function hostPortOf(url: URL): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${url.hostname.toLowerCase()}:${port}`;
}

export function checkHostBeforeConnecting(url: URL): void {
  // The URL parser has already turned 2130706433, 0x7f.1 and 127.1 into 127.0.0.1.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // RFC 6761: these names are loopback whatever DNS says, so refuse them without asking it.
  const name = host.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) throw blockedAddressError(name, 'loopback');
  if (isIP(host)) {
    const kind = findBlockedRange(host);
    if (kind) throw blockedAddressError(host, kind);
  }
}

function blockedAddressError(address: string, kind: BlockedKind): OutboundError {
  const where =
    kind === 'metadata'
      ? 'a cloud metadata service'
      : kind === 'multicast' || kind === 'broadcast' || kind === 'reserved'
        ? 'a reserved address range'
        : 'a private network';
  return new OutboundError(
    'blocked_address',
    `The image address points to ${where} (${address}), which is not allowed.`,
  );
}

export async function resolveWithDns(hostname: string): Promise<ResolvedAddress[]> {
  return dnsLookup(hostname, { all: true, verbatim: true });
}

/** A socket `lookup` that, when checking, refuses the connection if any address of the host is blocked. */
export function connectTimeLookup(resolve: Resolver, isChecked: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const addresses = found.filter((a) => wanted === 0 || a.family === wanted);
        const blocked = isChecked && addresses.find((a) => findBlockedRange(a.address) !== null);
        if (blocked) {
          // One private answer is enough to refuse: a host that mixes them is probing us.
          const error = blockedAddressError(blocked.address, findBlockedRange(blocked.address)!);
          return callback(error as unknown as NodeJS.ErrnoException, '', 0);
        }
        const first = addresses[0];
        if (!first) {
          const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
          return callback(error, '', 0);
        }
        if (options.all) return callback(null, addresses as never);
        callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}
