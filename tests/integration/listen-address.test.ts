// A development server started with no HOST is reachable on loopback and on no other interface.
import net from 'node:net';
import os from 'node:os';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findFreePort } from '../../src/server/db/embedded';
import { type RunningServer, startServer } from '../../src/server/main/boot';
import { loadConfig } from '../../src/server/main/config';
import { captureLog } from '../support/capture-log';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let server: RunningServer;
let port: number;
const captured = captureLog();

beforeAll(async () => {
  port = await findFreePort();
  database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'development',
    PORT: String(port),
    DATABASE_URL: database.url,
    AUTH_SECRET: 'test-secret-that-is-long-enough-for-better-auth',
    WORKER_CONCURRENCY: '0',
  });
  server = await startServer(config, captured.log);
});
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

/** Whether a TCP connection to address:port is accepted. */
function connects(address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: address, port, timeout: 2_000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

it('listens on 127.0.0.1 only, and says how to listen wider', async () => {
  expect(await connects('127.0.0.1')).toBe(true);
  const external = Object.values(os.networkInterfaces())
    .flat()
    .filter((info) => info && !info.internal && info.family === 'IPv4')
    .map((info) => info!.address);
  // The test needs a non-loopback interface to knock on; every CI and dev machine has one.
  expect(external.length).toBeGreaterThan(0);
  for (const address of external) expect(await connects(address)).toBe(false);
  expect(captured.text()).toMatch(/Listening on 127\.0\.0\.1 only\. .*set HOST=0\.0\.0\.0/);
});
