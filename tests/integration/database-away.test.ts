// While the database is away the app answers 503 unavailable with a clear message, from functions
// and auth routes alike; /api/health still answers, /api/ready says why it is not ready. Here the app's pool
// points at a port where nothing listens, as after a database server went down.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { findFreePort } from '../../src/server/db/embedded';
import { createApp } from '../../src/server/main/app';
import { buildServices } from '../../src/server/main/boot';
import { loadConfig } from '../../src/server/main/config';
import { errorOf } from '../support/answers';

let database: DatabaseHandle;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  const port = await findFreePort();
  database = connectDatabase(`postgres://copyloom@127.0.0.1:${port}/copyloom`, 2);
  const config = loadConfig({
    NODE_ENV: 'test',
    AUTH_SECRET: 'test-secret-that-is-long-enough-for-better-auth',
    APP_URL: 'http://localhost:3000',
    WORKER_CONCURRENCY: '0',
  });
  app = createApp(buildServices(config, database));
});
afterAll(async () => {
  await database?.close();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', ...headers },
    body: JSON.stringify(body),
  });

describe('with the database away', () => {
  it('answers a function call with 503 unavailable saying the database is not reachable', async () => {
    const response = await post(
      '/functions/v1/list-bundles',
      {},
      { authorization: 'Bearer some-session-token' },
    );
    expect(response.status).toBe(503);
    const error = await errorOf(response);
    expect(error.type).toBe('unavailable');
    expect(error.message).toMatch(/database is not reachable/);
  });

  it('answers sign-in with 503 too', async () => {
    const response = await post('/api/auth/sign-in/email', {
      email: 'a@example.com',
      password: 'Correct-horse-9',
    });
    expect(response.status).toBe(503);
  });

  it('is healthy but not ready', async () => {
    expect((await app.request('/api/health')).status).toBe(200);
    const ready = await app.request('/api/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ ok: false, reason: 'the database is not reachable' });
  });
});
