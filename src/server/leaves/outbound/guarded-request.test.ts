import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { GuardedRequestError, guardedRequest, guardedStream } from './guarded-request';

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

describe('guardedStream', () => {
  const serve = async (gapsMs: number[]) => {
    const server = http.createServer(async (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/jsonl' });
      for (const [index, gap] of gapsMs.entries()) {
        await new Promise((resolve) => setTimeout(resolve, gap));
        if (response.destroyed) return;
        response.write(`{"n":${index}}\n`);
      }
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { server, url: new URL(`http://127.0.0.1:${port}/result.jsonl`), hostPort: `127.0.0.1:${port}` };
  };
  const read = async (body: AsyncIterable<Buffer>) => {
    let text = '';
    for await (const chunk of body) text += chunk.toString();
    return text;
  };

  it('reads a body that takes longer than the deadline while its bytes keep coming', async () => {
    const { server, url, hostPort } = await serve([0, 150, 150, 150]);
    try {
      const network = { allowPrivateHosts: [hostPort], timeoutMs: 300 };
      const stream = await guardedStream(network, url);
      expect(stream.status).toBe(200);
      expect(await read(stream.body)).toBe('{"n":0}\n{"n":1}\n{"n":2}\n{"n":3}\n');
    } finally {
      server.close();
    }
  });

  it('gives up on a body idle for the timeout, and refuses a private address not allowed', async () => {
    const { server, url, hostPort } = await serve([0, 1_000]);
    try {
      const stream = await guardedStream({ allowPrivateHosts: [hostPort], timeoutMs: 200 }, url);
      const error = await read(stream.body).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(GuardedRequestError);
      expect(error).toMatchObject({ kind: 'timeout' });
      await expect(guardedStream({ allowPrivateHosts: [] }, url)).rejects.toMatchObject({
        kind: 'blocked_address',
      });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
