// With TOTP on, every way of signing in ends in the two-factor challenge, never in a session.
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { totpSecretOf } from '../support/auth-answers';
import {
  authRequest,
  callFunction,
  cookiesOf,
  createTestUser,
  latestLink,
  randomClientAddress,
  requestSignInCode,
  setupTestApp,
  type TestUser,
} from '../support/test-app';

const t = setupTestApp({ signedIn: false });

const APP_ORIGIN = 'http://localhost:3000';
/** Turns TOTP on for the user and returns the secret. */
async function enableTotp(user: TestUser): Promise<string> {
  const headers = { 'x-forwarded-for': user.address, authorization: `Bearer ${user.token}` };
  const enable = await authRequest(t.app, '/two-factor/enable', { password: user.password }, headers);
  const secret = await totpSecretOf(enable);
  const confirm = await authRequest(
    t.app,
    '/two-factor/verify-totp',
    { code: await generate({ secret }) },
    headers,
  );
  expect(confirm.status).toBe(200);
  return secret;
}

/** Whatever the sign-in answered (a bearer token, cookies), functions must refuse it. */
async function expectNoSession(response: Response) {
  const token = response.headers.get('set-auth-token');
  expect(token).toBeNull();
  const withCookies = await callFunction(t.app, 'list-bundles', {}, undefined, {
    cookie: cookiesOf(response),
    origin: APP_ORIGIN,
  });
  expect(withCookies.status).toBe(401);
}

/** The challenge that follows: the next TOTP step's code gives a session that functions accept. */
async function expectChallengeThenSession(challenge: Response, secret: string) {
  expect(challenge.headers.getSetCookie().join()).toMatch(/two_factor=/);
  const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
  const verified = await authRequest(
    t.app,
    '/two-factor/verify-totp',
    { code },
    { cookie: cookiesOf(challenge), 'x-forwarded-for': randomClientAddress() },
  );
  expect(verified.status).toBe(200);
  const token = verified.headers.get('set-auth-token');
  expect(token).toBeTruthy();
  expect((await callFunction(t.app, 'list-bundles', {}, token!)).status).toBe(200);
}

describe('second factor on every sign-in path', () => {
  it('an email code gives no session, then the TOTP challenge does', async () => {
    const user = await createTestUser(t.app);
    const secret = await enableTotp(user);
    const headers = { 'x-forwarded-for': randomClientAddress() };
    const otp = await requestSignInCode(t.app, user.email, headers);
    const signIn = await authRequest(t.app, '/sign-in/email-otp', { email: user.email, otp }, headers);
    expect(signIn.status).toBe(200);
    expect(await signIn.clone().json()).toMatchObject({ twoFactorRedirect: true });
    await expectNoSession(signIn);
    await expectChallengeThenSession(signIn, secret);
  });

  it('a magic link gives no session, and leads to the challenge page', async () => {
    const user = await createTestUser(t.app);
    const secret = await enableTotp(user);
    const headers = { 'x-forwarded-for': randomClientAddress() };
    await authRequest(t.app, '/sign-in/magic-link', { email: user.email, callbackURL: '/' }, headers);
    const link = new URL(await latestLink(t.app, user.email, '/magic-link/verify'));
    const opened = await t.app.app.request(`${link.pathname}${link.search}`, { headers });
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe(`${APP_ORIGIN}/?view=two_factor`);
    await expectNoSession(opened);
    await expectChallengeThenSession(opened, secret);
  });

  it('a password still leads to the challenge', async () => {
    const user = await createTestUser(t.app);
    const secret = await enableTotp(user);
    const signIn = await authRequest(
      t.app,
      '/sign-in/email',
      { email: user.email, password: user.password },
      { 'x-forwarded-for': randomClientAddress() },
    );
    expect(await signIn.clone().json()).toMatchObject({ twoFactorRedirect: true });
    await expectNoSession(signIn);
    await expectChallengeThenSession(signIn, secret);
  });

  it('without TOTP, a magic link still signs in directly', async () => {
    const user = await createTestUser(t.app);
    const headers = { 'x-forwarded-for': randomClientAddress() };
    await authRequest(t.app, '/sign-in/magic-link', { email: user.email, callbackURL: '/' }, headers);
    const link = new URL(await latestLink(t.app, user.email, '/magic-link/verify'));
    const opened = await t.app.app.request(`${link.pathname}${link.search}`, { headers });
    expect(opened.headers.get('location')).toBe(`${APP_ORIGIN}/`);
    expect(cookiesOf(opened)).toMatch(/session_token=/);
  });
});
