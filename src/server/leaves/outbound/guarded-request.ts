// One HTTP request to an address a user gave (a connected store's API, a webhook receiver), through the image
// fetcher's address guard: the host's every address is checked at connect time (address-guard.ts), a literal IP
// before connecting, a private or local one only when its exact host:port is allowed. No redirect is followed
// (the answer comes back as it is), the answer is capped in size and the whole request in time. guardedStream
// answers the body as it arrives instead, for an answer too big to hold: its deadline covers the head, then the
// socket may not stay idle past the timeout.
import http from 'node:http';
import https from 'node:https';
import {
  checkHostBeforeConnecting,
  connectTimeLookup,
  hostPortOf,
  type Resolver,
  resolveWithDns,
} from './address-guard';
import { OutboundError } from './outbound-error';

export type GuardedNetwork = {
  /** Exact "host:port" pairs that may be private or local (ALLOW_PRIVATE_*_HOSTS). */
  allowPrivateHosts: readonly string[];
  resolve?: Resolver;
  /** The whole request, from the lookup to the answer's last byte. */
  timeoutMs?: number;
  /** The lookup and TCP connect alone; unset, only the whole request's deadline applies. */
  connectTimeoutMs?: number;
};

export type GuardedResponse = { status: number; headers: http.IncomingHttpHeaders; body: string };

export type GuardedRequestErrorKind = 'blocked_address' | 'unreachable' | 'timeout' | 'too_large';

/** The request could not be made or finished; `message` says why in words for the user. */
export class GuardedRequestError extends Error {
  override name = 'GuardedRequestError';
  constructor(
    readonly kind: GuardedRequestErrorKind,
    message: string,
  ) {
    super(message);
  }
}

const MAX_BODY_BYTES = 32 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 30_000;

export function isAllowedPrivate(network: Pick<GuardedNetwork, 'allowPrivateHosts'>, url: URL): boolean {
  return network.allowPrivateHosts.some((entry) => entry.trim().toLowerCase() === hostPortOf(url));
}

/** What a guarded request sends. */
export type GuardedRequestInit = {
  method?: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  body?: string;
  /** A bigger cap than 32 MB for one answer known to be big (a Shopify bulk operation's JSONL). */
  maxBytes?: number;
};

export function guardedRequest(
  network: GuardedNetwork,
  url: URL,
  init: GuardedRequestInit = {},
): Promise<GuardedResponse> {
  const maxBytes = init.maxBytes ?? MAX_BODY_BYTES;
  return openGuarded(network, url, init).then(
    (opened) =>
      new Promise<GuardedResponse>((resolve, reject) => {
        const { request, response, done } = opened;
        // Past the head, a failure (the cap below, the deadline) destroys the request with its reason.
        request.on('error', (error) => {
          done();
          reject(asGuardedError(error, url));
        });
        const chunks: Buffer[] = [];
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > maxBytes) {
            request.destroy(
              new GuardedRequestError(
                'too_large',
                `${url.host} sent an answer larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`,
              ),
            );
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => {
          done();
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks, received).toString('utf8'),
          });
        });
        response.on('error', (error) => {
          done();
          reject(asGuardedError(error, url));
        });
      }),
  );
}

/** An answer whose body is read as it arrives: for one too big to hold (a Shopify bulk operation's JSONL). */
export type GuardedStream = {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body's bytes as they arrive; an error (the socket idle past the timeout, a reset) ends it. */
  body: AsyncIterable<Buffer>;
  /** Stops reading (the rest is not downloaded). */
  close: () => void;
};

/**
 * guardedRequest without holding the answer: resolves once the headers are in. The whole-request deadline
 * covers the wait for them; the body may then take as long as it needs while bytes keep coming, and the socket
 * is given up on once idle for the timeout.
 */
export async function guardedStream(
  network: GuardedNetwork,
  url: URL,
  init: Omit<GuardedRequestInit, 'maxBytes'> = {},
): Promise<GuardedStream> {
  const { request, response, done } = await openGuarded(network, url, init);
  done();
  // The reason the request was destroyed (the idle timeout), which the body's own error only calls "aborted".
  let failure: unknown = null;
  request.on('error', (error) => {
    failure ??= error;
  });
  const wrapped = async function* (): AsyncGenerator<Buffer> {
    try {
      for await (const chunk of response) yield chunk as Buffer;
      if (failure) throw failure;
    } catch (error) {
      throw asGuardedError(failure ?? error, url);
    } finally {
      request.destroy();
    }
  };
  return {
    status: response.statusCode ?? 0,
    headers: response.headers,
    body: wrapped(),
    close: () => request.destroy(),
  };
}

type Opened = {
  request: http.ClientRequest;
  response: http.IncomingMessage;
  /** Ends the whole-request and connect deadlines (the socket's idle timeout stays). */
  done: () => void;
};

/** Sends the request through the guard and resolves with the answer's head. */
function openGuarded(network: GuardedNetwork, url: URL, init: GuardedRequestInit): Promise<Opened> {
  const isAllowed = isAllowedPrivate(network, url);
  try {
    if (!isAllowed) checkHostBeforeConnecting(url);
  } catch (error) {
    return Promise.reject(asGuardedError(error, url));
  }
  const timeoutMs = network.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const timedOut = () =>
    new GuardedRequestError('timeout', `${url.host} did not answer within ${timeoutMs / 1000} s.`);
  return new Promise<Opened>((resolve, reject) => {
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
        ...(init.body === undefined
          ? {}
          : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(init.body)) }),
        ...init.headers,
      },
    });
    const timer = setTimeout(() => request.destroy(timedOut()), timeoutMs);
    const stopConnectTimer = network.connectTimeoutMs
      ? limitConnectTime(request, network.connectTimeoutMs, url)
      : () => {};
    const done = () => {
      clearTimeout(timer);
      stopConnectTimer();
    };
    request.on('timeout', () => request.destroy(timedOut()));
    request.on('error', (error) => {
      done();
      reject(asGuardedError(error, url));
    });
    request.on('response', (response) => resolve({ request, response, done }));
    request.end(init.body);
  });
}

/**
 * A host that takes no connection (a dropped SYN, a dead DNS server) is given up on after `ms`, well before
 * the whole request's deadline. Answers the function that stops the timer.
 */
function limitConnectTime(request: http.ClientRequest, ms: number, url: URL): () => void {
  let timer: NodeJS.Timeout | undefined;
  const stop = () => clearTimeout(timer);
  request.once('socket', (socket) => {
    if (!socket.connecting) return;
    timer = setTimeout(
      () =>
        request.destroy(
          new GuardedRequestError(
            'timeout',
            `${url.host} did not accept a connection within ${ms / 1000} s.`,
          ),
        ),
      ms,
    );
    socket.once('connect', stop);
  });
  return stop;
}

function asGuardedError(error: unknown, url: URL): unknown {
  if (error instanceof GuardedRequestError) return error;
  if (error instanceof OutboundError && error.code === 'blocked_address') {
    return new GuardedRequestError(
      'blocked_address',
      error.reason.replace('The image address', `The address ${url.host}`),
    );
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  if (code) return new GuardedRequestError('unreachable', `Could not reach ${url.host} (${code}).`);
  return error;
}
