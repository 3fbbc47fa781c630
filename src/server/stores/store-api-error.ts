// What a store's API answered that was not what we asked for, sorted so that connect-store can name it and a
// push can tell a product's own failure from the whole store's.
export type StoreApiErrorKind =
  /** The credentials were refused. */
  | 'auth'
  /** The address answers, but not as this platform's API does. */
  | 'not_platform'
  /** The credentials work but lack a permission (Shopify scope, WooCommerce read-only key). */
  | 'scope'
  /** Throttled for longer than we wait. */
  | 'throttled'
  /** Anything else the API refused or broke on. */
  | 'api';

export class StoreApiError extends Error {
  override name = 'StoreApiError';
  constructor(
    readonly kind: StoreApiErrorKind,
    message: string,
  ) {
    super(message);
  }
}

/** How long to wait, in ms, from a Retry-After header (seconds or an HTTP date); `fallbackMs` when absent. */
export function retryAfterMs(header: string | string[] | undefined, fallbackMs: number): number {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return fallbackMs;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : fallbackMs;
}

export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
