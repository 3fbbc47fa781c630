import { describe, expect, it } from 'vitest';
import { GuardedRequestError, guardedRequest } from './guarded-request';

describe('guardedRequest', () => {
  it('gives up on a host that takes no connection after the connect timeout, long before the whole deadline', async () => {
    // A lookup that never answers keeps the socket connecting, as a dropped SYN would.
    const network = {
      allowPrivateHosts: [],
      resolve: () => new Promise<never>(() => {}),
      timeoutMs: 10_000,
      connectTimeoutMs: 200,
    };
    const started = Date.now();
    const error = await guardedRequest(network, new URL('http://receiver.example/hook'), {
      method: 'POST',
      body: '{}',
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GuardedRequestError);
    expect(error).toMatchObject({
      kind: 'timeout',
      message: 'receiver.example did not accept a connection within 0.2 s.',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
