// Both loopback names work: with APP_URL left at its default, a browser at http://localhost:PORT
// and one at http://127.0.0.1:PORT can both sign in and call functions. Any other origin is configured, never
// guessed: an explicit APP_URL trusts only itself and TRUSTED_ORIGINS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authRequest,
  callFunction,
  createTestApp,
  createTestUser,
  randomClientAddress,
  type TestApp,
  type TestUser,
} from '../support/test-app';

let byDefault: TestApp;
let explicit: TestApp;
let user: TestUser;

beforeAll(async () => {
  // PORT 3000 and no APP_URL: the default, http://localhost:3000.
  // Development, as `npm start` runs: under NODE_ENV=test better-auth skips its origin check altogether.
  byDefault = await createTestApp({ NODE_ENV: 'development', APP_URL: '' });
  explicit = await createTestApp({
    NODE_ENV: 'development',
    APP_URL: 'http://localhost:3000',
    TRUSTED_ORIGINS: 'https://shop-admin.example.com',
  });
  user = await createTestUser(byDefault);
});
afterAll(async () => {
  await byDefault?.close();
  await explicit?.close();
});

const signIn = (app: TestApp, origin: string, email: string) =>
  authRequest(
    app,
    '/sign-in/email',
    { email, password: 'correct horse battery staple' },
    { origin, 'x-forwarded-for': randomClientAddress() },
  );

describe('the default APP_URL', () => {
  it('lets a browser sign in from localhost and from 127.0.0.1 alike', async () => {
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000']) {
      const response = await signIn(byDefault, origin, user.email);
      expect(response.status, `${origin}: ${await response.clone().text()}`).toBe(200);
    }
  });

  it('takes a cookie-signed function call from either name, and from nowhere else', async () => {
    const response = await signIn(byDefault, 'http://127.0.0.1:3000', user.email);
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000']) {
      const listed = await callFunction(byDefault, 'list-bundles', {}, undefined, { cookie, origin });
      expect(listed.status, origin).toBe(200);
    }
    const foreign = await callFunction(byDefault, 'list-bundles', {}, undefined, {
      cookie,
      origin: 'http://127.0.0.1:4000',
    });
    expect(foreign.status).toBe(403);
  });

  it('refuses sign-in from another origin', async () => {
    const response = await signIn(byDefault, 'http://attacker.example', user.email);
    expect(response.status).toBe(403);
  });
});

describe('an explicit APP_URL', () => {
  it('trusts itself and TRUSTED_ORIGINS, and does not guess the other loopback name', async () => {
    const other = await createTestUser(explicit);
    expect((await signIn(explicit, 'http://localhost:3000', other.email)).status).toBe(200);
    expect((await signIn(explicit, 'https://shop-admin.example.com', other.email)).status).toBe(200);
    expect((await signIn(explicit, 'http://127.0.0.1:3000', other.email)).status).toBe(403);
  });
});
