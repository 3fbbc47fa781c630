// An HTTP(S) fetcher for user-supplied image URLs that cannot be turned against our own network (SSRF).
// Every address a host name resolves to is checked inside the socket's own `lookup`, i.e. at connect time,
// so a DNS answer that changes between a check and the connection (rebinding) gains nothing. Literal IPs
// never reach `lookup`, so they are checked before connecting. Every redirect hop is checked again.
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  checkHostBeforeConnecting,
  connectTimeLookup,
  hostPortOf,
  parseImageUrl,
  parseRedirect,
  type Resolver,
  resolveWithDns,
} from '../../leaves/outbound/address-guard';
import { OutboundError } from '../../leaves/outbound/outbound-error';

export const IMAGE_FETCH_LIMITS = {
  /** Caps of 25 MB of body, 20 s in all, and at most 3 redirects. */
  maxBytes: 25 * 1024 * 1024,
  timeoutMs: 20_000,
  maxRedirects: 3,
} as const;

export type SafeFetchOptions = {
  /** Exact "host:port" pairs (ALLOW_PRIVATE_IMAGE_HOSTS) that may be private, e.g. a test server or intranet. */
  allowPrivateHosts?: readonly string[];
  maxBytes?: number;
  /** One deadline for the whole fetch: connecting, every redirect and the body. */
  timeoutMs?: number;
  maxRedirects?: number;
  resolve?: Resolver;
  /** Aborting it (e.g. worker shutdown) rejects with the signal's reason, not an OutboundError. */
  signal?: AbortSignal;
};

export type SafeFetchResult = { bytes: Buffer; url: string; contentType: string | undefined };

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
        new OutboundError('timeout', `The image server did not answer within ${formatSeconds(timeoutMs)}.`),
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
        throw new OutboundError('too_many_redirects', `Too many redirects (more than ${maxRedirects}).`);
      }
      current = parseRedirect(response.location, current);
    }
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }
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
        return finish(new OutboundError('http_status', `The image server answered with status ${status}.`));
      }
      const tooLarge = () =>
        new OutboundError('too_large', `The image is larger than the ${formatSize(maxBytes)} limit.`);
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
            new OutboundError('connection_failed', 'The image server closed the connection early.'),
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
        finish(new OutboundError('connection_failed', 'The image server closed the connection early.')),
      );
    });
    request.end();
  });
}

function describeNetworkError(error: unknown, url: URL): unknown {
  if (error instanceof OutboundError) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NODATA') {
    return new OutboundError('host_not_found', `The image host ${url.hostname} could not be found.`);
  }
  if (code === 'ECONNREFUSED') {
    return new OutboundError('connection_failed', 'The image server refused the connection.');
  }
  if (code === 'ECONNRESET' || code === 'EPIPE') {
    return new OutboundError('connection_failed', 'The image server closed the connection early.');
  }
  if (code === 'ETIMEDOUT' || code === 'ENETUNREACH' || code === 'EHOSTUNREACH') {
    return new OutboundError('connection_failed', `Could not reach the image server (${code}).`);
  }
  if (/CERT|SSL|TLS|SELF_SIGNED/.test(code)) {
    return new OutboundError('connection_failed', 'The image server’s HTTPS certificate is not valid.');
  }
  if (code === 'HPE_HEADER_OVERFLOW' || code.startsWith('HPE_')) {
    return new OutboundError('connection_failed', 'The image server sent an invalid HTTP response.');
  }
  // Any other system error is still the remote side's doing; an error without a code is a bug here.
  if (code) return new OutboundError('connection_failed', `Could not download the image (${code}).`);
  return error;
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} second${seconds === 1 ? '' : 's'}`;
}

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}
