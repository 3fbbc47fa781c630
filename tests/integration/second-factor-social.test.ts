// Social sign-in of a user with TOTP on ends in the challenge too. The provider is GitLab pointed at a fake
// GitLab on loopback (GitLab's `issuer` option is how a self-hosted GitLab is configured).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generate } from 'otplib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAuth } from '../../src/server/domain/auth/auth';
import { createMailQueue } from '../../src/server/leaves/queue/mail-jobs';
import { createApp } from '../../src/server/main/app';
import { socialSignInAnswer, totpSecretOf } from '../support/auth-answers';
import {
  authRequest,
  callFunction,
  cookiesOf,
  createTestUser,
  randomClientAddress,
  setupTestApp,
} from '../support/test-app';

const t = setupTestApp({ signedIn: false });
let socialApp: ReturnType<typeof createApp>;
let fakeGitLab: Server;
let signedInEmail = '';

beforeAll(async () => {
  fakeGitLab = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    if (request.url?.startsWith('/oauth/token')) {
      response.end(JSON.stringify({ access_token: 'gitlab-token', token_type: 'bearer', expires_in: 3600 }));
    } else if (request.url?.startsWith('/api/v4/user')) {
      response.end(
        JSON.stringify({
          id: 4242,
          email: signedInEmail,
          name: 'Social',
          state: 'active',
          email_verified: true,
        }),
      );
    } else {
      response.statusCode = 404;
      response.end('{}');
    }
  });
  await new Promise<void>((resolve) => fakeGitLab.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(fakeGitLab.address() as AddressInfo).port}`;

  const { db } = t.app.database;
  const auth = createAuth({
    db,
    secret: 'test-secret-that-is-long-enough-for-better-auth',
    appUrl: 'http://localhost:3000',
    trustedOrigins: ['http://localhost:3000'],
    mailQueue: createMailQueue(db),
    socialProviders: { gitlab: { clientId: 'copyloom', clientSecret: 'gitlab-secret', issuer } },
  });
  socialApp = createApp({ ...t.app.services, auth: auth as typeof t.app.services.auth });
});
afterAll(() => {
  fakeGitLab?.close();
});

it('a social sign-in of a user with TOTP gives no session, only the challenge, then the code does', async () => {
  const user = await createTestUser(t.app);
  signedInEmail = user.email;
  const bearer = { 'x-forwarded-for': user.address, authorization: `Bearer ${user.token}` };
  const enable = await authRequest(t.app, '/two-factor/enable', { password: user.password }, bearer);
  const secret = await totpSecretOf(enable);
  expect(
    (await authRequest(t.app, '/two-factor/verify-totp', { code: await generate({ secret }) }, bearer))
      .status,
  ).toBe(200);

  const headers = {
    'content-type': 'application/json',
    origin: 'http://localhost:3000',
    'x-forwarded-for': randomClientAddress(),
  };
  const start = await socialApp.request('/api/auth/sign-in/social', {
    method: 'POST',
    headers,
    body: JSON.stringify({ provider: 'gitlab', callbackURL: '/' }),
  });
  expect(start.status).toBe(200);
  const { url } = socialSignInAnswer.parse(await start.json());
  const state = new URL(url).searchParams.get('state')!;

  const callback = await socialApp.request(
    `/api/auth/callback/gitlab?code=any-code&state=${encodeURIComponent(state)}`,
    {
      headers: { cookie: cookiesOf(start), 'x-forwarded-for': headers['x-forwarded-for'] },
    },
  );
  expect(callback.status).toBe(302);
  expect(callback.headers.get('location')).toBe('http://localhost:3000/?view=two_factor');
  expect(cookiesOf(callback)).not.toMatch(/session_token=/);
  expect(cookiesOf(callback)).toMatch(/two_factor=/);
  const withCookies = await callFunction({ app: socialApp }, 'list-bundles', {}, undefined, {
    cookie: cookiesOf(callback),
    origin: 'http://localhost:3000',
  });
  expect(withCookies.status).toBe(401);

  const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
  const verified = await authRequest(
    { app: socialApp },
    '/two-factor/verify-totp',
    { code },
    {
      cookie: cookiesOf(callback),
      'x-forwarded-for': randomClientAddress(),
    },
  );
  expect(verified.status).toBe(200);
  const token = verified.headers.get('set-auth-token');
  expect((await callFunction({ app: socialApp }, 'list-bundles', {}, token!)).status).toBe(200);
});
