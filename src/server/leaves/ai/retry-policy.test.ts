import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProviderError } from './copy-writer';
import {
  MAX_PROVIDER_ATTEMPTS,
  nextRetryDelayMs,
  PROVIDER_PATIENCE_MS,
  RETRY_BASE_DELAY_MS,
  withProviderRetries,
} from './retry-policy';

const fail = (kind: ProviderError['kind'], retryAfterMs?: number) =>
  new ProviderError(kind, kind, retryAfterMs);
const top = () => 0.999_999;
const bottom = () => 0;

describe('nextRetryDelayMs', () => {
  it.each(['insufficient_quota', 'auth', 'bad_request'] as const)('never retries %s', (kind) => {
    expect(nextRetryDelayMs(fail(kind), 1, top)).toBeNull();
  });

  it('gives up once the attempts are used up', () => {
    expect(nextRetryDelayMs(fail('server'), MAX_PROVIDER_ATTEMPTS - 1, top)).not.toBeNull();
    expect(nextRetryDelayMs(fail('server'), MAX_PROVIDER_ATTEMPTS, top)).toBeNull();
  });

  it('keeps honouring an advised wait past the attempts, within the patience window', () => {
    // A local server loading its model: 503 with Retry-After, for longer than five attempts take.
    expect(nextRetryDelayMs(fail('server', 2_000), MAX_PROVIDER_ATTEMPTS + 3, bottom, 30_000)).toBe(2_000);
    expect(nextRetryDelayMs(fail('rate_limited', 1_000), MAX_PROVIDER_ATTEMPTS, bottom, 10_000)).toBe(1_000);
    // The wait would end past the window: give up.
    expect(nextRetryDelayMs(fail('server', 2_000), 3, top, PROVIDER_PATIENCE_MS - 1_000)).toBeNull();
    expect(
      nextRetryDelayMs(fail('rate_limited', 1_000), MAX_PROVIDER_ATTEMPTS, top, PROVIDER_PATIENCE_MS),
    ).toBeNull();
  });

  it('backs off exponentially with full jitter for server errors, timeouts and bad responses', () => {
    for (const kind of ['server', 'timeout', 'bad_response', 'rate_limited'] as const) {
      expect(nextRetryDelayMs(fail(kind), 1, bottom)).toBe(0);
      expect(nextRetryDelayMs(fail(kind), 1, top)).toBe(RETRY_BASE_DELAY_MS - 1);
      expect(nextRetryDelayMs(fail(kind), 3, top)).toBe(RETRY_BASE_DELAY_MS * 4 - 1);
      expect(nextRetryDelayMs(fail(kind), 2, () => 0.5)).toBe(RETRY_BASE_DELAY_MS);
    }
  });

  it('waits at least the advised retry-after, plus a little jitter', () => {
    expect(nextRetryDelayMs(fail('rate_limited', 2_000), 1, bottom)).toBe(2_000);
    const withJitter = nextRetryDelayMs(fail('rate_limited', 2_000), 1, top)!;
    expect(withJitter).toBeGreaterThan(2_000);
    expect(withJitter).toBeLessThanOrEqual(2_200);
    // Long advised waits get at most a second of jitter, and are honoured even beyond the backoff cap.
    const long = nextRetryDelayMs(fail('rate_limited', 60_000), 1, top)!;
    expect(long).toBeGreaterThanOrEqual(60_000);
    expect(long).toBeLessThanOrEqual(61_000);
    expect(nextRetryDelayMs(fail('rate_limited', 0), 1, top)).toBeLessThanOrEqual(100);
  });
});

describe('withProviderRetries', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('returns the first success without waiting', async () => {
    const fn = vi.fn(async (attempt: number) => `ok ${attempt}`);
    await expect(withProviderRetries(fn)).resolves.toBe('ok 1');
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('retries retryable failures after the policy delay and reports each retry', async () => {
    vi.useFakeTimers();
    const notices: Array<{ kind: string; attempt: number; delayMs: number }> = [];
    const fn = vi.fn(async (attempt: number) => {
      if (attempt === 1) throw fail('rate_limited', 1_000);
      if (attempt === 2) throw fail('server');
      return 'done';
    });
    const result = withProviderRetries(fn, {
      random: bottom,
      onRetry: ({ error, attempt, delayMs }) => {
        notices.push({ kind: error.kind, attempt, delayMs });
      },
    });

    await vi.advanceTimersByTimeAsync(999);
    expect(fn).toHaveBeenCalledTimes(1);
    // The second failure backs off for 0 ms with this `random`, which is still a timer to run.
    await vi.runAllTimersAsync();
    await expect(result).resolves.toBe('done');
    expect(fn).toHaveBeenCalledTimes(3);
    expect(notices).toEqual([
      { kind: 'rate_limited', attempt: 1, delayMs: 1_000 },
      { kind: 'server', attempt: 2, delayMs: 0 },
    ]);
  });

  it('rethrows a final failure at once', async () => {
    const quota = fail('insufficient_quota');
    const fn = vi.fn(async () => {
      throw quota;
    });
    await expect(withProviderRetries(fn)).rejects.toBe(quota);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('rethrows the last failure when the attempts run out', async () => {
    const errors = Array.from(
      { length: MAX_PROVIDER_ATTEMPTS },
      (_, i) => new ProviderError('timeout', `t${i}`),
    );
    const fn = vi.fn(async (attempt: number) => {
      throw errors[attempt - 1];
    });
    await expect(withProviderRetries(fn, { random: bottom })).rejects.toBe(errors.at(-1));
    expect(fn).toHaveBeenCalledTimes(MAX_PROVIDER_ATTEMPTS);
  });

  it('rethrows errors that are not provider failures without retrying', async () => {
    const fn = vi.fn(async () => {
      throw new TypeError('bug');
    });
    await expect(withProviderRetries(fn)).rejects.toThrow(TypeError);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('stops waiting when the signal aborts', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const fn = vi.fn(async () => {
      throw fail('rate_limited', 10_000);
    });
    const result = withProviderRetries(fn, { signal: controller.signal });
    const settled = expect(result).rejects.toThrow('cancelled');
    await vi.advanceTimersByTimeAsync(100);
    controller.abort(new Error('cancelled'));
    await settled;
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
