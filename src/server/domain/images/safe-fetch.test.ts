import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../../tests/support/wait-until';
import { hostPortOf, type Resolver } from '../../leaves/outbound/address-guard';
import { OutboundError } from '../../leaves/outbound/outbound-error';
import { type SafeFetchOptions, safeFetch } from './safe-fetch';

// A loopback server that counts requests, so each refusal can be shown to have sent nothing.
let server: Server;
let port: number;
let requests: string[] = [];
const sockets = new Set<Socket>();
const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push(path);
    res.on('error', () => {});
    const chain = /^\/chain\/(\d+)$/.exec(path);
    if (chain) {
      const left = Number(chain[1]);
      res.writeHead(302, { location: left > 0 ? `/chain/${left - 1}` : '/image.png' });
      return res.end();
    }
    if (path === '/image.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(PNG_HEAD);
    }
    if (path === '/declared-big') {
      res.writeHead(200, { 'content-length': 5_000 });
      return res.end(Buffer.alloc(5_000));
    }
    if (path === '/streamed-big') {
      res.writeHead(200);
      for (let i = 0; i < 10; i++) res.write(Buffer.alloc(1_000));
      return res.end();
    }
    if (path === '/to-other-port') {
      res.writeHead(307, { location: `http://127.0.0.1:${port + 1}/image.png` });
      return res.end();
    }
    if (path === '/to-localhost') {
      res.writeHead(302, { location: `http://localhost:${port}/image.png` });
      return res.end();
    }
    if (path === '/to-named-host') {
      res.writeHead(302, { location: `http://images.example:${port}/image.png` });
      return res.end();
    }
    if (path === '/no-location') {
      res.writeHead(302);
      return res.end();
    }
    if (path === '/hang') return;
    res.writeHead(404);
    res.end();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  requests = [];
});

const local = () => ({ allowPrivateHosts: [`127.0.0.1:${port}`] }) satisfies SafeFetchOptions;
/** A resolver for made-up names, so no test depends on DNS. */
const fakeDns =
  (table: Record<string, string[]>): Resolver =>
  async (hostname) => {
    const addresses = table[hostname];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

async function fetchError(url: string, options?: SafeFetchOptions): Promise<OutboundError> {
  const error = await safeFetch(url, options).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutboundError);
  return error as OutboundError;
}

describe('safeFetch: refused before any request', () => {
  it.each([
    ['http://127.0.0.1:PORT/image.png', 'a private network (127.0.0.1)'],
    ['http://localhost:PORT/image.png', 'a private network (localhost)'],
    ['http://LOCALHOST.:PORT/image.png', 'a private network (localhost)'],
    ['http://api.localhost:PORT/image.png', 'a private network (api.localhost)'],
    ['http://[::1]:PORT/image.png', 'a private network (::1)'],
    ['http://[::ffff:127.0.0.1]:PORT/image.png', 'a private network (::ffff:7f00:1)'],
    ['http://[::ffff:7f00:1]:PORT/image.png', 'a private network (::ffff:7f00:1)'],
    ['http://2130706433:PORT/image.png', 'a private network (127.0.0.1)'],
    ['http://0x7f.0.0.1:PORT/image.png', 'a private network (127.0.0.1)'],
    ['http://127.1:PORT/image.png', 'a private network (127.0.0.1)'],
    ['http://127.0.0.1.:PORT/image.png', 'a private network (127.0.0.1)'],
    ['http://0.0.0.0:PORT/image.png', 'a private network (0.0.0.0)'],
    ['http://10.0.0.1/x.png', 'a private network (10.0.0.1)'],
    ['http://192.168.0.10/x.png', 'a private network (192.168.0.10)'],
    ['http://169.254.169.254/latest/meta-data', 'a cloud metadata service (169.254.169.254)'],
    ['http://[fd00:ec2::254]/latest/meta-data', 'a cloud metadata service (fd00:ec2::254)'],
    ['http://[fe80::1]/x.png', 'a private network (fe80::1)'],
    ['http://[64:ff9b::7f00:1]:PORT/x.png', 'a private network (64:ff9b::7f00:1)'],
    ['http://[2002:7f00:1::]:PORT/x.png', 'a private network (2002:7f00:1::)'],
    ['http://224.0.0.1/x.png', 'a reserved address range (224.0.0.1)'],
  ])('%s', async (template, where) => {
    const error = await fetchError(template.replace('PORT', String(port)));
    expect(error.code).toBe('blocked_address');
    expect(error.reason).toBe(`The image address points to ${where}, which is not allowed.`);
    expect(requests).toEqual([]);
  });

  it('checks every address a name resolves to, at connect time', async () => {
    let lookups = 0;
    const resolve: Resolver = async (hostname) => {
      lookups++;
      return fakeDns({ 'images.example': ['127.0.0.1'] })(hostname);
    };
    const error = await fetchError(`http://images.example:${port}/image.png`, { resolve });
    expect(error.reason).toBe(
      'The image address points to a private network (127.0.0.1), which is not allowed.',
    );
    expect(lookups).toBe(1);
    expect(requests).toEqual([]);
  });

  it('refuses a name with one private answer among public ones', async () => {
    const resolve = fakeDns({ 'mixed.example': ['93.184.216.34', '2606:2800:220:1::1', '10.1.2.3'] });
    const error = await fetchError(`http://mixed.example:${port}/image.png`, { resolve });
    expect(error.reason).toContain('(10.1.2.3)');
    expect(requests).toEqual([]);
  });

  it('reports a name that does not resolve', async () => {
    const error = await fetchError('http://nowhere.example/x.png', { resolve: fakeDns({}) });
    expect(error).toMatchObject({
      code: 'host_not_found',
      reason: 'The image host nowhere.example could not be found.',
    });
  });

  it.each([
    ['ftp://example.com/x.png', 'Only http and https image addresses are allowed (got ftp).'],
    ['file:///etc/passwd', 'Only http and https image addresses are allowed (got file).'],
    ['gopher://127.0.0.1:70/', 'Only http and https image addresses are allowed (got gopher).'],
    ['not a url', 'The image address is not a valid URL.'],
  ])('refuses %s', async (url, reason) => {
    expect((await fetchError(url)).reason).toBe(reason);
  });
});

describe('safeFetch: the allow-list', () => {
  it('lets an exact host:port through and returns the body', async () => {
    const result = await safeFetch(`http://127.0.0.1:${port}/image.png`, local());
    expect(result.bytes.equals(PNG_HEAD)).toBe(true);
    expect(result.contentType).toBe('image/png');
  });

  it('lets an allowed name through, resolved by the same resolver', async () => {
    const result = await safeFetch(`http://images.example:${port}/image.png`, {
      allowPrivateHosts: [`images.example:${port}`],
      resolve: fakeDns({ 'images.example': ['127.0.0.1'] }),
    });
    expect(result.bytes.equals(PNG_HEAD)).toBe(true);
  });

  it('does not cover another port of the same host', async () => {
    const error = await fetchError(`http://127.0.0.1:${port}/image.png`, {
      allowPrivateHosts: [`127.0.0.1:${port + 1}`],
    });
    expect(error.code).toBe('blocked_address');
    expect(requests).toEqual([]);
  });

  it('re-checks a redirect from an allowed host to one that is not allowed', async () => {
    for (const path of ['/to-localhost', '/to-other-port']) {
      requests = [];
      const error = await fetchError(`http://127.0.0.1:${port}${path}`, local());
      expect(error.code).toBe('blocked_address');
      expect(requests).toEqual([path]);
    }
    requests = [];
    const error = await fetchError(`http://127.0.0.1:${port}/to-named-host`, {
      ...local(),
      resolve: fakeDns({ 'images.example': ['127.0.0.1'] }),
    });
    expect(error.reason).toContain('(127.0.0.1)');
    expect(requests).toEqual(['/to-named-host']);
  });
});

describe('safeFetch: limits', () => {
  it('follows up to three redirects', async () => {
    const result = await safeFetch(`http://127.0.0.1:${port}/chain/2`, local());
    expect(result.url).toBe(`http://127.0.0.1:${port}/image.png`);
    expect(requests).toEqual(['/chain/2', '/chain/1', '/chain/0', '/image.png']);
  });

  it('refuses a fourth redirect without following it', async () => {
    const error = await fetchError(`http://127.0.0.1:${port}/chain/3`, local());
    expect(error).toMatchObject({ code: 'too_many_redirects', reason: 'Too many redirects (more than 3).' });
    expect(requests).toEqual(['/chain/3', '/chain/2', '/chain/1', '/chain/0']);
  });

  it('refuses a redirect without a location', async () => {
    const error = await fetchError(`http://127.0.0.1:${port}/no-location`, local());
    expect(error.reason).toBe('The image server sent a redirect without a location.');
  });

  it('refuses a declared body over the cap before reading it', async () => {
    const error = await fetchError(`http://127.0.0.1:${port}/declared-big`, { ...local(), maxBytes: 4_096 });
    expect(error).toMatchObject({ code: 'too_large' });
  });

  it('aborts a streamed body as soon as it passes the cap', async () => {
    const error = await fetchError(`http://127.0.0.1:${port}/streamed-big`, { ...local(), maxBytes: 4_096 });
    expect(error.code).toBe('too_large');
    expect(error.reason).toBe('The image is larger than the 4 KB limit.');
    const ok = await safeFetch(`http://127.0.0.1:${port}/streamed-big`, { ...local(), maxBytes: 10_000 });
    expect(ok.bytes.length).toBe(10_000);
  });

  it('gives up at the deadline when the server never answers', async () => {
    const started = Date.now();
    const error = await fetchError(`http://127.0.0.1:${port}/hang`, { ...local(), timeoutMs: 300 });
    expect(error).toMatchObject({
      code: 'timeout',
      reason: 'The image server did not answer within 0.3 seconds.',
    });
    // Without the deadline the server would hold the request until the test itself timed out.
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('reports a non-2xx status', async () => {
    const error = await fetchError(`http://127.0.0.1:${port}/missing.png`, local());
    expect(error).toMatchObject({
      code: 'http_status',
      reason: 'The image server answered with status 404.',
    });
  });

  it('reports a refused connection', async () => {
    // A port that was just free: open a server on it, then close it.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const closedPort = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const error = await fetchError(`http://127.0.0.1:${closedPort}/x.png`, {
      allowPrivateHosts: [`127.0.0.1:${closedPort}`],
    });
    expect(error.code).toBe('connection_failed');
  });

  it('rejects with the caller’s reason when the caller aborts, not as an image failure', async () => {
    const controller = new AbortController();
    const pending = safeFetch(`http://127.0.0.1:${port}/hang`, { ...local(), signal: controller.signal });
    // Abort once the request is in flight at the server, not after a guessed delay.
    await waitUntil('the request reaches the server', () => requests.includes('/hang'));
    controller.abort(new Error('shutting down'));
    await expect(pending).rejects.toThrow('shutting down');
  });
});

describe('hostPortOf', () => {
  it.each([
    ['http://Example.com/x', 'example.com:80'],
    ['https://example.com/x', 'example.com:443'],
    ['http://example.com:8080/x', 'example.com:8080'],
    ['http://[::1]:9000/x', '[::1]:9000'],
    ['http://127.0.0.1:3000/x', '127.0.0.1:3000'],
  ])('%s → %s', (url, expected) => {
    expect(hostPortOf(new URL(url))).toBe(expected);
  });
});
