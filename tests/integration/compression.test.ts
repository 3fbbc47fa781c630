// What a phone downloads is compressed: the SPA's assets from the .br/.gz files the build writes beside them,
// the API document on the fly; a client that accepts neither gets them plain. Read over real HTTP with
// node:http, which (unlike fetch) hands back the body as it came, so the encoding is seen and decoded here.

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding } from '../../src/server/http/compress-answers';
import { createApp } from '../../src/server/main/app';
import { createTestApp, type TestApp } from '../support/test-app';

const ASSET = '/assets/index-abc123.js';
// Big enough to be worth compressing, and different in every line so that a wrong body cannot pass.
const SCRIPT = Array.from({ length: 400 }, (_, i) => `export const line${i} = ${i * 7};`).join('\n');

let testApp: TestApp;
let webRoot: string;
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  testApp = await createTestApp();
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'copyloom-web-'));
  await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
  await mkdir(path.join(webRoot, 'assets'));
  const file = path.join(webRoot, ASSET);
  // As scripts/build.mjs writes them.
  await writeFile(file, SCRIPT);
  await writeFile(`${file}.br`, brotliCompressSync(SCRIPT));
  await writeFile(`${file}.gz`, gzipSync(SCRIPT));
  const app = createApp({ ...testApp.services, webRoot });
  server = await new Promise<Server>((resolve) => {
    const started = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () =>
      resolve(started as Server),
    );
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  await testApp?.close();
  if (webRoot) await rm(webRoot, { recursive: true, force: true });
});

type RawAnswer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

function get(pathname: string, acceptEncoding?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    const outgoing = request(`${baseUrl}${pathname}`, { headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () =>
        resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks) }),
      );
      incoming.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

function decoded(answer: RawAnswer): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(answer.body).toString('utf8');
  expect(encoding).toBeUndefined();
  return answer.body.toString('utf8');
}

describe.each([ASSET, '/api/openapi.json'])('%s', (pathname) => {
  it('is brotli when accepted, else gzip, else plain; the same text each way', async () => {
    const plain = await get(pathname);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body.length).toBeGreaterThan(4096);
    const text = plain.body.toString('utf8');
    if (pathname === ASSET) expect(text).toBe(SCRIPT);
    else expect(JSON.parse(text)).toHaveProperty('openapi');

    const cases = [
      ['br, gzip', 'br'],
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const;
    for (const [accept, expected] of cases) {
      const answer = await get(pathname, accept);
      expect(answer.status, accept).toBe(200);
      expect(answer.headers['content-encoding'], accept).toBe(expected);
      expect(answer.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(Number(answer.headers['content-length']), accept).toBe(answer.body.length);
      if (expected) expect(answer.body.length, accept).toBeLessThan(plain.body.length / 2);
      expect(decoded(answer), accept).toBe(text);
    }
  });
});

describe('the encoding chosen', () => {
  it('follows Accept-Encoding, a zero q refusing one', () => {
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('gzip;q=0.5, br;q=1.0')).toBe('br');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('deflate, identity')).toBeNull();
  });
});
