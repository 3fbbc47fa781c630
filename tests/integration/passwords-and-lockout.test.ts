// Weak passwords are refused with a reason; wrong passwords lock the account with a growing wait.
import { describe, expect, it } from 'vitest';
import { lockoutKey } from '../../src/server/domain/auth/account-lockout';
import { authErrorAnswer, lockoutRecord, lockoutRowQuery } from '../support/auth-answers';
import { authRequest, createTestUser, randomClientAddress, setupTestApp } from '../support/test-app';

const t = setupTestApp({ signedIn: false });

// Each request from its own address: this is about the account, not the per-address limit.
const fresh = () => ({ 'x-forwarded-for': randomClientAddress() });

describe('password strength', () => {
  it.each(['password', '12345678', 'aaaaaaaa'])(
    'sign-up refuses "%s" with a message about the password',
    async (password) => {
      const email = `weak-${password}-${Date.now()}@example.com`;
      const response = await authRequest(t.app, '/sign-up/email', { email, password, name: 'W' }, fresh());
      expect(response.status).toBe(400);
      const body = authErrorAnswer.parse(await response.json());
      expect(body.code).toBe('PASSWORD_TOO_WEAK');
      expect(body.message).toMatch(/^This password is too easy to guess: it /);
      const { rows } = await t.app.database.pool.query('select 1 from "user" where email = $1', [email]);
      expect(rows).toHaveLength(0);
    },
  );

  it('refuses a weak new password on reset too', async () => {
    const response = await authRequest(
      t.app,
      '/reset-password',
      { newPassword: 'password', token: 'x' },
      fresh(),
    );
    expect(response.status).toBe(400);
    expect(authErrorAnswer.parse(await response.json()).code).toBe('PASSWORD_TOO_WEAK');
  });
});

describe('per-account lockout', () => {
  const signIn = (email: string, password: string) =>
    authRequest(t.app, '/sign-in/email', { email, password }, fresh());
  /** Ends the current wait, as if its time had passed. */
  const endWait = (email: string) =>
    t.app.database.pool.query('update sign_in_attempts set locked_until = now() where key = $1', [
      lockoutKey(email),
    ]);
  const lockedSeconds = async (email: string) => {
    const { rows } = await t.app.database.pool.query(lockoutRowQuery, [lockoutKey(email)]);
    const { lockedUntil } = lockoutRecord.parse(rows[0]);
    return Math.round((lockedUntil.getTime() - Date.now()) / 1000);
  };

  it('locks after five wrong passwords from different addresses, even the right one, with a growing wait', async () => {
    const user = await createTestUser(t.app);
    for (let i = 0; i < 4; i++) expect((await signIn(user.email, `wrong guess ${i}`)).status).toBe(401);
    expect(await lockedSeconds(user.email)).toBeLessThanOrEqual(0);
    expect((await signIn(user.email, 'wrong guess 5')).status).toBe(401);
    expect(await lockedSeconds(user.email)).toBeGreaterThanOrEqual(29);

    const locked = await signIn(user.email, user.password);
    expect(locked.status).toBe(429);
    expect(locked.headers.get('set-auth-token')).toBeNull();
    expect(authErrorAnswer.parse(await locked.json()).message).toMatch(
      /Too many wrong passwords for this account\. Try again in \d+ seconds/,
    );

    // The next failure after the wait doubles it.
    await endWait(user.email);
    expect((await signIn(user.email, 'wrong guess 6')).status).toBe(401);
    expect(await lockedSeconds(user.email)).toBeGreaterThanOrEqual(59);
    expect((await signIn(user.email, user.password)).status).toBe(429);

    // After the wait the right password works and the count starts again.
    await endWait(user.email);
    const accepted = await signIn(user.email, user.password);
    expect(accepted.status).toBe(200);
    const { rows } = await t.app.database.pool.query(lockoutRowQuery, [lockoutKey(user.email)]);
    expect(rows).toHaveLength(0);
  });

  it('locks an address with no account the same way, so the lock reveals nothing', async () => {
    const email = `nobody-${Date.now()}@example.com`;
    for (let i = 0; i < 5; i++) expect((await signIn(email, `wrong guess ${i}`)).status).toBe(401);
    expect((await signIn(email, 'anything at all')).status).toBe(429);
  });
});
