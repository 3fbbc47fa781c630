// HTTP to a connected store's API through the same address guard as image fetching (issue 24): every address
// a store's host resolves to is checked at connect time, https only in production, a private or local address
// only when ALLOW_PRIVATE_STORE_HOSTS names it. No redirects are followed: an API that redirects is answered
// as it is, so a store cannot send our credentials elsewhere. Answers are capped in size and time.
import http from 'node:http';
import https from 'node:https';
import {
  checkHostBeforeConnecting,
  connectTimeLookup,
  hostPortOf,
  type Resolver,
  resolveWithDns,
} from '../images/address-guard';
import { ImageFetchError } from '../images/image-fetch-error';

export type StoreNetwork = {
  /** Exact "host:port" pairs that may be private (ALLOW_PRIVATE_STORE_HOSTS). */
  allowPrivateHosts: readonly string[];
  /** Production: only https store addresses. */
  requireHttps: boolean;
  resolve?: Resolver;
  timeoutMs?: number;
};

export type StoreResponse = { status: number; headers: http.IncomingHttpHeaders; body: string };

export type StoreRequestErrorKind =
  | 'bad_address'
  | 'blocked_address'
  | 'unreachable'
  | 'timeout'
  | 'too_large';

/** A store that could not be asked: the message names why, for the user. */
export class StoreRequestError extends Error {
  override name = 'StoreRequestError';
  constructor(
    readonly kind: StoreRequestErrorKind,
    message: string,
  ) {
    super(message);
  }
}

const MAX_BODY_BYTES = 32 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 30_000;

/** The store's origin from what the user typed: scheme, host and port only; https only in production. */
export function parseStoreUrl(raw: string, network: Pick<StoreNetwork, 'requireHttps'>): URL {
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw.trim()) ? raw.trim() : `https://${raw.trim()}`);
  } catch {
    throw new StoreRequestError('bad_address', `store_url ${JSON.stringify(raw)} is not a web address.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new StoreRequestError('bad_address', 'store_url must be an https address.');
  }
  if (network.requireHttps && url.protocol !== 'https:') {
    throw new StoreRequestError(
      'bad_address',
      'store_url must be an https address: credentials never go over plain http.',
    );
  }
  if (url.username || url.password) {
    throw new StoreRequestError('bad_address', 'store_url must not carry a user name or password.');
  }
  return new URL(url.origin);
}

export async function storeRequest(
  network: StoreNetwork,
  url: URL,
  init: { method?: 'GET' | 'POST' | 'PUT'; headers?: Record<string, string>; body?: string } = {},
): Promise<StoreResponse> {
  const allowed = new Set(network.allowPrivateHosts.map((entry) => entry.trim().toLowerCase()));
  const isAllowed = allowed.has(hostPortOf(url));
  try {
    if (!isAllowed) checkHostBeforeConnecting(url);
  } catch (error) {
    throw asStoreError(error, url);
  }
  const timeoutMs = network.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return new Promise<StoreResponse>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: init.method ?? 'GET',
      // A fresh agent per request: a pooled socket must never carry a request past the address check.
      agent: false,
      lookup: connectTimeLookup(network.resolve ?? resolveWithDns, !isAllowed),
      timeout: timeoutMs,
      headers: {
        accept: 'application/json',
        'accept-encoding': 'identity',
        'user-agent': 'Copyloom/1.0',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
    });
    const timer = setTimeout(
      () =>
        request.destroy(
          new StoreRequestError('timeout', `The store did not answer within ${timeoutMs / 1000} s.`),
        ),
      timeoutMs,
    );
    request.on('timeout', () =>
      request.destroy(
        new StoreRequestError('timeout', `The store did not answer within ${timeoutMs / 1000} s.`),
      ),
    );
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(asStoreError(error, url));
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > MAX_BODY_BYTES) {
          request.destroy(new StoreRequestError('too_large', 'The store sent an answer larger than 32 MB.'));
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () => {
        clearTimeout(timer);
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks, received).toString('utf8'),
        });
      });
      response.on('error', (error) => {
        clearTimeout(timer);
        reject(asStoreError(error, url));
      });
    });
    request.end(init.body);
  });
}

function asStoreError(error: unknown, url: URL): unknown {
  if (error instanceof StoreRequestError) return error;
  if (error instanceof ImageFetchError && error.code === 'blocked_address') {
    return new StoreRequestError(
      'blocked_address',
      error.reason.replace('The image address', `The store address ${url.host}`),
    );
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  if (code)
    return new StoreRequestError('unreachable', `Could not reach the store at ${url.host} (${code}).`);
  return error;
}
