import { describe, expect, it } from 'vitest';
import {
  isRetriedLater,
  MAX_RETRIED_STORE_WAIT_MS,
  MAX_STORE_WAIT_MS,
  StoreApiError,
  waitAsAsked,
} from './store-api-error';

describe('waitAsAsked', () => {
  it('sleeps a wait within the ceiling', async () => {
    const started = Date.now();
    await waitAsAsked(20);
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);
  });

  it('fails at once, naming the wait, past the ceiling', async () => {
    const started = Date.now();
    const error = await waitAsAsked(100_000_000).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(50);
    expect(error).toBeInstanceOf(StoreApiError);
    expect(error).toMatchObject({
      kind: 'throttled',
      askedWaitMs: 100_000_000,
      message: 'The store asked us to wait 100000 s (over our 60 s limit); try again later.',
    });
  });
});

describe('isRetriedLater', () => {
  const throttled = (askedWaitMs?: number) => new StoreApiError('throttled', 'busy', askedWaitMs);
  const first = { attempt: 1, maxAttempts: 10 };

  it('leaves a throttled job to the queue while attempts remain', () => {
    expect(isRetriedLater(throttled(), first)).toBe(true);
    expect(isRetriedLater(throttled(MAX_STORE_WAIT_MS * 2), first)).toBe(true);
    expect(isRetriedLater(throttled(MAX_RETRIED_STORE_WAIT_MS), first)).toBe(true);
  });

  it('ends it on the last attempt, for an absurd wait, or for any other failure', () => {
    expect(isRetriedLater(throttled(), { attempt: 10, maxAttempts: 10 })).toBe(false);
    expect(isRetriedLater(throttled(MAX_RETRIED_STORE_WAIT_MS + 1), first)).toBe(false);
    expect(isRetriedLater(new StoreApiError('auth', 'refused'), first)).toBe(false);
  });
});
