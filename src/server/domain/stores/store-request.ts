// HTTP to a connected store's API through the same address guard as image fetching: every address
// a store's host resolves to is checked at connect time, https only in production, a private or local address
// only when ALLOW_PRIVATE_STORE_HOSTS names it. No redirects are followed: an API that redirects is answered
// as it is, so a store cannot send our credentials elsewhere. Answers are capped in size and time; one too big
// to hold (a Shopify bulk result) is streamed instead (storeStream), given up on once idle for the timeout.
import {
  type GuardedNetwork,
  GuardedRequestError,
  type GuardedRequestInit,
  type GuardedResponse,
  type GuardedStream,
  guardedRequest,
  guardedStream,
} from '../../leaves/outbound/guarded-request';

export type StoreNetwork = GuardedNetwork & {
  /** Production: only https store addresses. */
  requireHttps: boolean;
};

export type StoreResponse = GuardedResponse;

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

/** One request to a store's API, through the address guard (guarded-request.ts), failures named for a store. */
export async function storeRequest(
  network: StoreNetwork,
  url: URL,
  init: GuardedRequestInit = {},
): Promise<StoreResponse> {
  try {
    return await guardedRequest(network, url, init);
  } catch (error) {
    if (!(error instanceof GuardedRequestError)) throw error;
    throw new StoreRequestError(error.kind, error.message.replace(url.host, `the store at ${url.host}`));
  }
}

/** storeRequest for an answer read as it arrives (guardedStream); a failure mid-body is named the same way. */
export async function storeStream(
  network: StoreNetwork,
  url: URL,
  init: Omit<GuardedRequestInit, 'maxBytes'> = {},
): Promise<GuardedStream> {
  const named = (error: unknown) =>
    error instanceof GuardedRequestError
      ? new StoreRequestError(error.kind, error.message.replace(url.host, `the store at ${url.host}`))
      : error;
  let stream: GuardedStream;
  try {
    stream = await guardedStream(network, url, init);
  } catch (error) {
    throw named(error);
  }
  const body = stream.body;
  return {
    ...stream,
    body: (async function* () {
      try {
        yield* body;
      } catch (error) {
        throw named(error);
      }
    })(),
  };
}
