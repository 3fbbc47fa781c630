// Abuse cases for the auth routes: rate limits, account enumeration, and one-use links and codes.
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { totpSecretOf } from '../support/auth-answers';
import {
  authRequest,
  createTestUser,
  deliverMail,
  latestLink,
  randomClientAddress,
  requestSignInCode,
  setupTestApp,
} from '../support/test-app';

const t = setupTestApp({ signedIn: false });

const get = (url: string, headers: Record<string, string> = {}) => {
  const { pathname, search } = new URL(url);
  return t.app.app.request(`${pathname}${search}`, { headers });
};
/** An auth route, as the app's own origin calls it. */
const post = (path: string, body: unknown, headers: Record<string, string>) =>
  authRequest(t.app, path, body, headers);
const hasSessionCookie = (response: Response) =>
  response.headers.getSetCookie().some((c) => /session_token=[^;]+/.test(c) && !/Max-Age=0/i.test(c));

describe('auth abuse', () => {
  it('rate-limits repeated wrong passwords with 429', async () => {
    const user = await createTestUser(t.app);
    const headers = { 'x-forwarded-for': randomClientAddress() };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await post(
        '/sign-in/email',
        { email: user.email, password: 'wrong-password' },
        headers,
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });

  it('answers sign-up with an existing email exactly as for a new one', async () => {
    const existing = await createTestUser(t.app);
    const headers = { 'x-forwarded-for': randomClientAddress() };
    const fresh = await post(
      '/sign-up/email',
      { email: 'fresh@example.com', password: 'a-new-password', name: 'A' },
      headers,
    );
    const taken = await post(
      '/sign-up/email',
      { email: existing.email, password: 'another-password', name: 'B' },
      headers,
    );
    expect(taken.status).toBe(fresh.status);
    const [freshBody, takenBody] = (await Promise.all([fresh.json(), taken.json()])) as Record<
      string,
      unknown
    >[];
    expect(Object.keys(takenBody!).sort()).toEqual(Object.keys(freshBody!).sort());
    expect(takenBody!.token).toBeNull();
    expect(JSON.stringify(takenBody)).not.toMatch(/exist/i);
    // The owner of the address hears about it by mail instead.
    await deliverMail(t.app);
    expect(t.app.services.outbox?.list()[0]).toMatchObject({
      to: existing.email,
      subject: expect.stringMatching(/tried to sign up/),
    });
  });

  it('refuses sign-in before the email address is confirmed', async () => {
    const headers = { 'x-forwarded-for': randomClientAddress() };
    await post(
      '/sign-up/email',
      { email: 'unconfirmed@example.com', password: 'a-new-password', name: 'U' },
      headers,
    );
    const response = await post(
      '/sign-in/email',
      { email: 'unconfirmed@example.com', password: 'a-new-password' },
      headers,
    );
    expect(response.status).toBe(403);
    expect(response.headers.get('set-auth-token')).toBeNull();
  });

  it('refuses a used magic link the second time', async () => {
    const user = await createTestUser(t.app);
    const headers = { 'x-forwarded-for': user.address };
    const sent = await post('/sign-in/magic-link', { email: user.email, callbackURL: '/' }, headers);
    expect(sent.status).toBe(200);
    const link = await latestLink(t.app, user.email, '/magic-link/verify');
    const first = await get(link, headers);
    expect(hasSessionCookie(first)).toBe(true);
    const second = await get(link, headers);
    expect(hasSessionCookie(second)).toBe(false);
    expect(second.headers.get('location') ?? '').toMatch(/error=/);
  });

  it('refuses a used password reset link the second time', async () => {
    const user = await createTestUser(t.app);
    const headers = { 'x-forwarded-for': user.address };
    await post(
      '/request-password-reset',
      { email: user.email, redirectTo: '/?view=update_password' },
      headers,
    );
    const link = await latestLink(t.app, user.email, '/reset-password/');
    const token = new URL(
      (await get(link, headers)).headers.get('location')!,
      'http://localhost',
    ).searchParams.get('token');
    expect(token).toBeTruthy();
    const first = await post('/reset-password', { token, newPassword: 'brand-new-password-1' }, headers);
    expect(first.status).toBe(200);
    const second = await post('/reset-password', { token, newPassword: 'brand-new-password-2' }, headers);
    expect(second.status).toBe(400);
    const signIn = await post(
      '/sign-in/email',
      { email: user.email, password: 'brand-new-password-1' },
      headers,
    );
    expect(signIn.status).toBe(200);
  });

  it('refuses a used one-time code the second time', async () => {
    const user = await createTestUser(t.app);
    const headers = { 'x-forwarded-for': user.address };
    const otp = await requestSignInCode(t.app, user.email, headers);
    expect(otp).toMatch(/^\d{6}$/);
    const first = await post('/sign-in/email-otp', { email: user.email, otp }, headers);
    expect(first.status).toBe(200);
    expect(first.headers.get('set-auth-token')).toBeTruthy();
    const second = await post('/sign-in/email-otp', { email: user.email, otp }, headers);
    expect(second.status).toBe(400);
    expect(second.headers.get('set-auth-token')).toBeNull();
  });

  it('refuses a TOTP code the second time, and a wrong one', async () => {
    const user = await createTestUser(t.app);
    const headers = { 'x-forwarded-for': user.address };
    const bearer = (token: string) => ({ ...headers, authorization: `Bearer ${token}` });

    const enable = await post('/two-factor/enable', { password: user.password }, bearer(user.token));
    expect(enable.status).toBe(200);
    const secret = await totpSecretOf(enable);
    const enrolCode = await generate({ secret });
    const confirm = await post('/two-factor/verify-totp', { code: enrolCode }, bearer(user.token));
    expect(confirm.status).toBe(200);

    // Each step comes from its own address: this test is about replay, not the per-address rate limits.
    const fresh = () => ({ 'x-forwarded-for': randomClientAddress() });
    const startSignIn = async () => {
      const response = await post('/sign-in/email', { email: user.email, password: user.password }, fresh());
      expect(await response.json()).toMatchObject({ twoFactorRedirect: true });
      expect(response.headers.get('set-auth-token')).toBeNull();
      expect(response.headers.getSetCookie().join()).toMatch(/two_factor=/);
      return response.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    };

    // The enrolment code was used once already: it cannot sign in.
    const replayCookie = await startSignIn();
    const replay = await post(
      '/two-factor/verify-totp',
      { code: enrolCode },
      { ...fresh(), cookie: replayCookie },
    );
    expect(replay.status).toBe(401);
    expect(replay.headers.get('set-auth-token')).toBeNull();

    const wrong = await post(
      '/two-factor/verify-totp',
      { code: '000000' === enrolCode ? '111111' : '000000' },
      { ...fresh(), cookie: replayCookie },
    );
    expect(wrong.status).toBe(401);

    // A fresh code (the next time step) works once.
    const nextCode = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const cookie = await startSignIn();
    const accepted = await post('/two-factor/verify-totp', { code: nextCode }, { ...fresh(), cookie });
    expect(accepted.status).toBe(200);
    expect(accepted.headers.get('set-auth-token')).toBeTruthy();

    const againCookie = await startSignIn();
    const again = await post(
      '/two-factor/verify-totp',
      { code: nextCode },
      { ...fresh(), cookie: againCookie },
    );
    expect(again.status).toBe(401);
  });
});
