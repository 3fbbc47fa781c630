// When to try a failed AI call again, and how long to wait first (DESIGN "Provider failures").
import { ProviderError } from './copy-writer';

/** Attempts per product call, the first one included. */
export const MAX_PROVIDER_ATTEMPTS = 5;
/**
 * How long a call keeps trying while the provider itself says when to come back (Retry-After on a 429 or a
 * 503): a local server loading its model can take a minute or two, and every attempt it asks for is honoured
 * within this window, beyond MAX_PROVIDER_ATTEMPTS.
 */
export const PROVIDER_PATIENCE_MS = 180_000;
export const RETRY_BASE_DELAY_MS = 500;
// With five attempts the backoff tops out at 4 s; the cap only bites if MAX_PROVIDER_ATTEMPTS grows.
export const RETRY_MAX_DELAY_MS = 30_000;
// Spreads out clients that were all told the same retry-after, so they do not return in one burst.
const RETRY_AFTER_JITTER_MIN_MS = 100;
const RETRY_AFTER_JITTER_MAX_MS = 1_000;

/**
 * The wait before the next attempt, or null to give up: the failure is final (insufficient_quota, auth,
 * bad_request), or `attempt` (attempts made so far, 1-based) reached MAX_PROVIDER_ATTEMPTS and the provider
 * gave no wait that fits in what is left of PROVIDER_PATIENCE_MS after `elapsedMs`.
 * An advised wait (Retry-After on a 429 or 5xx) is honoured and never shortened; everything else backs off
 * exponentially with full jitter (a uniform wait between 0 and min(cap, base·2^(attempt-1))).
 */
export function nextRetryDelayMs(
  error: ProviderError,
  attempt: number,
  random: () => number = Math.random,
  elapsedMs = 0,
): number | null {
  if (!error.retryable) return null;
  if (error.retryAfterMs !== undefined) {
    if (elapsedMs + error.retryAfterMs > PROVIDER_PATIENCE_MS) return null;
    const advised = Math.max(0, error.retryAfterMs);
    const jitterRange = Math.min(
      RETRY_AFTER_JITTER_MAX_MS,
      Math.max(RETRY_AFTER_JITTER_MIN_MS, advised * 0.1),
    );
    return Math.ceil(advised + random() * jitterRange);
  }
  if (attempt >= MAX_PROVIDER_ATTEMPTS) return null;
  const ceiling = Math.min(RETRY_MAX_DELAY_MS, RETRY_BASE_DELAY_MS * 2 ** Math.max(0, attempt - 1));
  return Math.floor(random() * ceiling);
}

export type RetryNotice = {
  error: ProviderError;
  /** Attempts made so far, 1-based. */
  attempt: number;
  delayMs: number;
};

export type ProviderRetryOptions = {
  /** Aborting stops waiting at once and rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Called before each wait, e.g. to log the failure that is being retried. */
  onRetry?: (notice: RetryNotice) => void | Promise<void>;
  random?: () => number;
  /** The clock the patience window is measured on; tests inject one. */
  now?: () => number;
};

/**
 * Calls `fn` until it succeeds or the policy gives up, then rethrows the last ProviderError.
 * Any other error is a bug, not a provider failure, and is rethrown at once.
 */
export async function withProviderRetries<T>(
  fn: (attempt: number) => Promise<T>,
  options: ProviderRetryOptions = {},
): Promise<T> {
  const { signal, onRetry, random = Math.random, now = Date.now } = options;
  const started = now();
  for (let attempt = 1; ; attempt++) {
    signal?.throwIfAborted();
    try {
      return await fn(attempt);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      const delayMs = nextRetryDelayMs(error, attempt, random, now() - started);
      if (delayMs === null) throw error;
      await onRetry?.({ error, attempt, delayMs });
      await sleep(delayMs, signal);
    }
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
