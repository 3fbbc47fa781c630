// Guesses sent all at once count one by one. 120 wrong-then-right passwords for one account, each
// from its own address behind a trusted proxy, lock it after at most five failures and give no session; the
// same holds for second-factor codes and emailed sign-in codes.
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { lockoutKey } from '../../src/server/domain/auth/account-lockout';
import { authErrorAnswer, lockoutRecord, lockoutRowQuery, totpSecretOf } from '../support/auth-answers';
import {
  authRequest,
  cookiesOf,
  createTestUser,
  randomClientAddress,
  requestSignInCode,
  setupTestApp,
  type TestUser,
} from '../support/test-app';

const t = setupTestApp({ env: { TRUST_PROXY: 'true' }, signedIn: false });

const from = (extra: Record<string, string> = {}) => ({ 'x-forwarded-for': randomClientAddress(), ...extra });

/** Sends every body at once, the right one last, each from its own address; the answers in the same order. */
async function burst(path: string, bodies: unknown[], headers: Record<string, string> = {}) {
  return Promise.all(bodies.map((body) => authRequest(t.app, path, body, from(headers))));
}

function tally(responses: Response[]) {
  const count = (status: number) => responses.filter((r) => r.status === status).length;
  return { ok: count(200), wrong: count(401), wrongCode: count(400), locked: count(429) };
}

async function sessionsOf(user: TestUser): Promise<number> {
  const { rows } = await t.app.database.pool.query<{ n: number }>(
    'select count(*)::int as n from session where user_id = $1',
    [user.userId],
  );
  return rows[0]!.n;
}

describe('lockout under concurrency', () => {
  it('120 passwords at once from 120 addresses: at most 5 checked, the right one last gets no session', async () => {
    const user = await createTestUser(t.app);
    const before = await sessionsOf(user);
    const bodies = [
      ...Array.from({ length: 119 }, (_, i) => ({ email: user.email, password: `wrong guess ${i}` })),
      { email: user.email, password: user.password },
    ];
    const responses = await burst('/sign-in/email', bodies);
    const counts = tally(responses);
    expect(counts.wrong).toBeLessThanOrEqual(5);
    expect(counts.wrong + counts.locked).toBe(120);
    expect(responses.at(-1)!.status).toBe(429);
    expect(responses.every((r) => r.headers.get('set-auth-token') === null)).toBe(true);
    expect(await sessionsOf(user)).toBe(before);
    const { rows } = await t.app.database.pool.query(lockoutRowQuery, [lockoutKey(user.email)]);
    const state = lockoutRecord.parse(rows[0]);
    expect(state.failures).toBe(counts.wrong);
    expect(state.lockedUntil.getTime()).toBeGreaterThan(Date.now());
    // Still locked for the right password afterwards.
    expect((await authRequest(t.app, '/sign-in/email', bodies.at(-1), from())).status).toBe(429);
  });

  it('60 second-factor codes at once: at most 5 checked, then the right code is refused too', async () => {
    const user = await createTestUser(t.app);
    const auth = { 'x-forwarded-for': user.address, authorization: `Bearer ${user.token}` };
    const enable = await authRequest(t.app, '/two-factor/enable', { password: user.password }, auth);
    const secret = await totpSecretOf(enable);
    const token = enable.headers.get('set-auth-token') ?? user.token;
    const on = await authRequest(
      t.app,
      '/two-factor/verify-totp',
      { code: await generate({ secret }) },
      {
        ...auth,
        authorization: `Bearer ${token}`,
      },
    );
    expect(on.status).toBe(200);

    const challenge = await authRequest(
      t.app,
      '/sign-in/email',
      { email: user.email, password: user.password },
      from(),
    );
    expect(challenge.status).toBe(200);
    const cookie = cookiesOf(challenge);
    const right = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const wrongCode = right === '000000' ? '111111' : '000000';
    const checked = async (response: Response) =>
      response.status === 401 && authErrorAnswer.parse(await response.clone().json()).code === 'INVALID_CODE';
    const responses = await burst(
      '/two-factor/verify-totp',
      Array.from({ length: 60 }, () => ({ code: wrongCode })),
      { cookie },
    );
    expect(tally(responses).ok).toBe(0);
    // better-auth lets one racer at a time compare a code; the rest are sent back unchecked, and give back
    // their attempt. Checked or not, no more than five wrong codes are ever compared.
    let wrongChecked = (await Promise.all(responses.map(checked))).filter(Boolean).length;
    expect(wrongChecked).toBeLessThanOrEqual(5);
    for (let i = 0; i < 10 && wrongChecked < 5; i++) {
      const next = await authRequest(t.app, '/two-factor/verify-totp', { code: wrongCode }, from({ cookie }));
      if (await checked(next)) wrongChecked += 1;
    }
    expect(wrongChecked).toBe(5);
    const last = await authRequest(t.app, '/two-factor/verify-totp', { code: right }, from({ cookie }));
    expect(last.status).toBe(429);
    expect(last.headers.get('set-auth-token')).toBeNull();
  });

  it('60 emailed sign-in codes at once: at most 5 checked, then the right code is refused too', async () => {
    const user = await createTestUser(t.app);
    const otp = await requestSignInCode(t.app, user.email, from());
    expect(otp).toMatch(/^\d{6}$/);
    const wrong = otp === '000000' ? '111111' : '000000';
    const responses = await burst(
      '/sign-in/email-otp',
      Array.from({ length: 60 }, () => ({ email: user.email, otp: wrong })),
    );
    const counts = tally(responses);
    expect(counts.ok).toBe(0);
    expect(60 - counts.locked).toBeLessThanOrEqual(5);
    const last = await authRequest(t.app, '/sign-in/email-otp', { email: user.email, otp }, from());
    expect(last.status).toBe(429);
    expect(last.headers.get('set-auth-token')).toBeNull();
  });
});
