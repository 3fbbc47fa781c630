// An HTTP(S) fetcher for user-supplied image URLs that cannot be turned against our own network (SSRF).
// Every address a host name resolves to is checked inside the socket's own `lookup`, i.e. at connect time,
// so a DNS answer that changes between a check and the connection (rebinding) gains nothing. Literal IPs
// never reach `lookup`, so they are checked before connecting. Every redirect hop is checked again.
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { type BlockedKind, findBlockedRange } from './blocked-address';

export const IMAGE_FETCH_LIMITS = {
  /** Issue 5: caps of 25 MB of body, 20 s in all, and at most 3 redirects. */
  maxBytes: 25 * 1024 * 1024,
  timeoutMs: 20_000,
  maxRedirects: 3,
} as const;

export type ResolvedAddress = { address: string; family: number };
/** Resolves a host name to every address it has; injectable so tests need no DNS. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export type SafeFetchOptions = {
  /** Exact "host:port" pairs (ALLOW_PRIVATE_IMAGE_HOSTS) that may be private, e.g. a test server or intranet. */
  allowPrivateHosts?: readonly string[];
  maxBytes?: number;
  /** One deadline for the whole fetch: connecting, every redirect and the body. */
  timeoutMs?: number;
  maxRedirects?: number;
  resolve?: Resolver;
  /** Aborting it (e.g. worker shutdown) rejects with the signal's reason, not an ImageFetchError. */
  signal?: AbortSignal;
};

export type SafeFetchResult = { bytes: Buffer; url: string; contentType: string | undefined };

export type ImageFetchErrorCode =
  | 'invalid_url'
  | 'unsupported_protocol'
  | 'blocked_address'
  | 'host_not_found'
  | 'connection_failed'
  | 'http_status'
  | 'too_large'
  | 'timeout'
  | 'too_many_redirects'
  | 'bad_redirect';

/** An expected failure to fetch an image. `reason` is written for the user and shown in the UI. */
export class ImageFetchError extends Error {
  override name = 'ImageFetchError';
  constructor(
    readonly code: ImageFetchErrorCode,
    readonly reason: string,
  ) {
    super(reason);
  }
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export async function safeFetch(url: string, options: SafeFetchOptions = {}): Promise<SafeFetchResult> {
  const maxBytes = options.maxBytes ?? IMAGE_FETCH_LIMITS.maxBytes;
  const timeoutMs = options.timeoutMs ?? IMAGE_FETCH_LIMITS.timeoutMs;
  const maxRedirects = options.maxRedirects ?? IMAGE_FETCH_LIMITS.maxRedirects;
  const allowed = new Set((options.allowPrivateHosts ?? []).map((entry) => entry.trim().toLowerCase()));
  const resolve = options.resolve ?? resolveWithDns;

  const controller = new AbortController();
  const timer = setTimeout(
    () =>
      controller.abort(
        new ImageFetchError('timeout', `The image server did not answer within ${formatSeconds(timeoutMs)}.`),
      ),
    timeoutMs,
  );
  const onOuterAbort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) onOuterAbort();
  options.signal?.addEventListener('abort', onOuterAbort, { once: true });

  try {
    let current = parseImageUrl(url);
    for (let redirects = 0; ; redirects++) {
      const isAllowed = allowed.has(hostPortOf(current));
      if (!isAllowed) checkHostBeforeConnecting(current);
      const response = await requestOnce(current, {
        lookup: connectTimeLookup(resolve, !isAllowed),
        maxBytes,
        signal: controller.signal,
      });
      if (response.kind === 'body') {
        return { bytes: response.bytes, url: current.href, contentType: response.contentType };
      }
      if (redirects >= maxRedirects) {
        throw new ImageFetchError('too_many_redirects', `Too many redirects (more than ${maxRedirects}).`);
      }
      current = parseRedirect(response.location, current);
    }
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }
}

function parseImageUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ImageFetchError('invalid_url', 'The image address is not a valid URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ImageFetchError(
      'unsupported_protocol',
      `Only http and https image addresses are allowed (got ${url.protocol.replace(/:$/, '')}).`,
    );
  }
  return url;
}

function parseRedirect(location: string | undefined, from: URL): URL {
  if (!location) {
    throw new ImageFetchError('bad_redirect', 'The image server sent a redirect without a location.');
  }
  let target: URL;
  try {
    target = new URL(location, from);
  } catch {
    throw new ImageFetchError('bad_redirect', 'The image server redirected to an invalid address.');
  }
  return parseImageUrl(target.href);
}

/** "host:port" as ALLOW_PRIVATE_IMAGE_HOSTS spells it: lower case, IPv6 in brackets, default port filled in. */
export function hostPortOf(url: URL): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${url.hostname.toLowerCase()}:${port}`;
}

function checkHostBeforeConnecting(url: URL): void {
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

function blockedAddressError(address: string, kind: BlockedKind): ImageFetchError {
  const where =
    kind === 'metadata'
      ? 'a cloud metadata service'
      : kind === 'multicast' || kind === 'broadcast' || kind === 'reserved'
        ? 'a reserved address range'
        : 'a private network';
  return new ImageFetchError(
    'blocked_address',
    `The image address points to ${where} (${address}), which is not allowed.`,
  );
}

async function resolveWithDns(hostname: string): Promise<ResolvedAddress[]> {
  return dnsLookup(hostname, { all: true, verbatim: true });
}

/** A socket `lookup` that, when checking, refuses the connection if any address of the host is blocked. */
function connectTimeLookup(resolve: Resolver, isChecked: boolean): LookupFunction {
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

type OnceResult =
  | { kind: 'body'; bytes: Buffer; contentType: string | undefined }
  | { kind: 'redirect'; location: string | undefined };

function requestOnce(
  url: URL,
  { lookup, maxBytes, signal }: { lookup: LookupFunction | undefined; maxBytes: number; signal: AbortSignal },
): Promise<OnceResult> {
  return new Promise<OnceResult>((resolve, reject) => {
    let settled = false;
    const finish = (error: unknown, value?: OnceResult) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      if (error) {
        request.destroy();
        reject(error);
      } else resolve(value!);
    };
    const onAbort = () => finish(signal.reason);
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });

    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: 'GET',
      // A fresh agent per fetch: a pooled socket must never carry a request past the address check.
      agent: false,
      lookup,
      headers: {
        accept: 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8',
        // Compressed transfer would let a small body inflate past the cap unseen.
        'accept-encoding': 'identity',
        'user-agent': 'Copyloom-image-fetcher/1.0',
      },
    });
    request.on('error', (error) => finish(describeNetworkError(error, url)));
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      if (REDIRECT_STATUSES.has(status)) {
        response.resume();
        return finish(null, { kind: 'redirect', location: response.headers.location });
      }
      if (status < 200 || status > 299) {
        response.resume();
        return finish(new ImageFetchError('http_status', `The image server answered with status ${status}.`));
      }
      const tooLarge = () =>
        new ImageFetchError('too_large', `The image is larger than the ${formatSize(maxBytes)} limit.`);
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) return finish(tooLarge());

      const chunks: Buffer[] = [];
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > maxBytes) return finish(tooLarge());
        chunks.push(chunk);
      });
      response.on('end', () => {
        if (!response.complete) {
          return finish(
            new ImageFetchError('connection_failed', 'The image server closed the connection early.'),
          );
        }
        finish(null, {
          kind: 'body',
          bytes: Buffer.concat(chunks, received),
          contentType: response.headers['content-type'],
        });
      });
      response.on('error', (error) => finish(describeNetworkError(error, url)));
      response.on('aborted', () =>
        finish(new ImageFetchError('connection_failed', 'The image server closed the connection early.')),
      );
    });
    request.end();
  });
}

function describeNetworkError(error: unknown, url: URL): unknown {
  if (error instanceof ImageFetchError) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NODATA') {
    return new ImageFetchError('host_not_found', `The image host ${url.hostname} could not be found.`);
  }
  if (code === 'ECONNREFUSED') {
    return new ImageFetchError('connection_failed', 'The image server refused the connection.');
  }
  if (code === 'ECONNRESET' || code === 'EPIPE') {
    return new ImageFetchError('connection_failed', 'The image server closed the connection early.');
  }
  if (code === 'ETIMEDOUT' || code === 'ENETUNREACH' || code === 'EHOSTUNREACH') {
    return new ImageFetchError('connection_failed', `Could not reach the image server (${code}).`);
  }
  if (/CERT|SSL|TLS|SELF_SIGNED/.test(code)) {
    return new ImageFetchError('connection_failed', 'The image server’s HTTPS certificate is not valid.');
  }
  if (code === 'HPE_HEADER_OVERFLOW' || code.startsWith('HPE_')) {
    return new ImageFetchError('connection_failed', 'The image server sent an invalid HTTP response.');
  }
  // Any other system error is still the remote side's doing; an error without a code is a bug here.
  if (code) return new ImageFetchError('connection_failed', `Could not download the image (${code}).`);
  return error;
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} second${seconds === 1 ? '' : 's'}`;
}

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}
