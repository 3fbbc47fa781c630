// What a store's API answered that was not what we asked for, sorted so that connect-store can name it and a
// push can tell a product's own failure from the whole store's.
import type { z } from 'zod';

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
    /** For 'throttled': the wait the store asked for, in ms, when it named one. */
    readonly askedWaitMs?: number,
  ) {
    super(message);
  }
}

/**
 * A store's answer parsed with the schema of what we asked for: an answer of another shape is the store's
 * failure, named with the first thing that was wrong (`what` says which answer), never a crash further on.
 */
export function parseStoreAnswer<T extends z.ZodType>(schema: T, value: unknown, what: string): z.output<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : 'the answer';
  throw new StoreApiError(
    'api',
    `${what} was not of the expected shape (${where}: ${issue?.message ?? 'invalid'}).`,
  );
}

/**
 * The longest a single wait the store asks for (Retry-After, Shopify's bucket) is slept. Longer, the call fails
 * at once: a request would otherwise hang past any proxy's timeout, and a job would hold its worker slot.
 */
export const MAX_STORE_WAIT_MS = 60_000;

/**
 * Past this a throttled job is not retried either: a store asking for more than an hour is down for
 * maintenance or misconfigured, and the merchant is better told than kept waiting for the job's last attempt.
 */
export const MAX_RETRIED_STORE_WAIT_MS = 60 * 60_000;

/** Sleeps the wait the store asked for, or, over MAX_STORE_WAIT_MS, fails at once naming it. */
export async function waitAsAsked(askedMs: number, signal?: AbortSignal): Promise<void> {
  if (askedMs > MAX_STORE_WAIT_MS) {
    const asked = Math.ceil(askedMs / 1000);
    throw new StoreApiError(
      'throttled',
      `The store asked us to wait ${asked} s (over our ${MAX_STORE_WAIT_MS / 1000} s limit); try again later.`,
      askedMs,
    );
  }
  await sleep(askedMs, signal);
}

/**
 * Whether a job that failed with `error` should be left to the queue to retry later (its slot freed meanwhile):
 * a throttled store, while attempts remain and the store's asked-for wait is not absurd. Otherwise the job
 * ends failed with the error's message.
 */
export function isRetriedLater(error: StoreApiError, attempt: JobAttempt): boolean {
  return (
    error.kind === 'throttled' &&
    attempt.attempt < attempt.maxAttempts &&
    (error.askedWaitMs ?? 0) <= MAX_RETRIED_STORE_WAIT_MS
  );
}

/** graphile-worker's count for the running job: `attempts` includes this one. */
export type JobAttempt = { attempt: number; maxAttempts: number };

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
