// The low items of the hostile re-tests: an out-of-range cursor is a 400; JSON nested past the depth limit is
// a 400 naming it; changing how an account signs in ends its other sessions; the job loop's lock is per user;
// a provider's bad answer is a warning with its kind.
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../src/server/leaves/ai/copy-writer';
import { workerLogger } from '../../src/server/runner/worker-logger';
import { totpSecretOf } from '../support/auth-answers';
import { captureLog } from '../support/capture-log';
import { authRequest, callFunction, createTestUser, setupTestApp, type TestUser } from '../support/test-app';

const t = setupTestApp();
const OFFLINE = 4;

describe('view-bundle-workflow since cursor', () => {
  it('answers 400 naming since for a version past bigint, not 500', async () => {
    const created = await t.call('new-bundle', {
      bundle_name: 'Cursor',
      columns: ['title'],
      raw_csv: 'Oak table',
      workflow_id: OFFLINE,
    });
    expect(created.status).toBe(200);
    const view = await t.call('view-bundle-workflow', {
      bundle_id: created.data.bundle_id,
      workflow_id: OFFLINE,
      since: '99999999999999999999999.1',
    });
    expect(view.status).toBe(400);
    expect(view.error?.type).toBe('bad_input');
    expect(view.error?.message).toMatch(/since/);
  });
});

describe('JSON nested past the depth limit', () => {
  const post = (name: string, text: string) =>
    t.app.app.request(`/functions/v1/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${t.user.token}` },
      body: text,
    });
  const deepValue = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
  const refusesNamingTheLimit = async (response: Response) => {
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { type: string; message: string } };
    expect(error.type).toBe('bad_input');
    expect(error.message).toMatch(/nested more than 64 levels/);
  };

  it.each([10_000, 200_000])(
    'answers 400 naming the limit at %i levels, for a function and a list function',
    async (depth) => {
      await refusesNamingTheLimit(await post('list-bundles', deepValue(depth)));
      await refusesNamingTheLimit(
        await post(
          'new-bundle',
          `{"bundle_name":"Deep","columns":["title"],"raw_csv":"Oak table","workflow_id":${OFFLINE},"custom_fields":${deepValue(depth)}}`,
        ),
      );
      await refusesNamingTheLimit(
        await post('estimate-cost', `{"raw_csv":"Oak table","x":${deepValue(depth)}}`),
      );
    },
  );

  it('answers a deep sign-in body without a server error', async () => {
    const response = await t.app.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      body: `{"email":${deepValue(200_000)},"password":"x"}`,
    });
    expect(response.status).toBeLessThan(500);
  });
});

describe('other sessions end when the sign-in changes', () => {
  const as = (user: TestUser, token: string) => ({
    'x-forwarded-for': user.address,
    authorization: `Bearer ${token}`,
  });
  const signInAgain = async (user: TestUser, password = user.password) => {
    const response = await authRequest(
      t.app,
      '/sign-in/email',
      { email: user.email, password },
      {
        'x-forwarded-for': user.address,
      },
    );
    expect(response.status).toBe(200);
    return response.headers.get('set-auth-token')!;
  };
  const works = async (token: string) => (await callFunction(t.app, 'list-bundles', {}, token)).status;

  it('changing the password signs out the other sessions and keeps this one', async () => {
    const user = await createTestUser(t.app);
    const other = await signInAgain(user);
    expect(await works(other)).toBe(200);
    const changed = await authRequest(
      t.app,
      '/change-password',
      { currentPassword: user.password, newPassword: 'a different horse battery staple' },
      as(user, user.token),
    );
    expect(changed.status).toBe(200);
    const current = changed.headers.get('set-auth-token') ?? user.token;
    expect(await works(other)).toBe(401);
    expect(await works(current)).toBe(200);
  });

  it('starting TOTP set-up and cancelling it leaves the other sessions signed in', async () => {
    const user = await createTestUser(t.app);
    const other = await signInAgain(user);
    const enable = await authRequest(
      t.app,
      '/two-factor/enable',
      { password: user.password },
      as(user, user.token),
    );
    expect(enable.status).toBe(200);
    // The user closes the set-up without confirming a code: nothing about the sign-in changed.
    expect(await works(other)).toBe(200);
    expect(await works(enable.headers.get('set-auth-token') ?? user.token)).toBe(200);
  });

  it('turning TOTP on, and off again, signs out the other sessions', async () => {
    const user = await createTestUser(t.app);
    const other = await signInAgain(user);
    const enable = await authRequest(
      t.app,
      '/two-factor/enable',
      { password: user.password },
      as(user, user.token),
    );
    expect(enable.status).toBe(200);
    const current = enable.headers.get('set-auth-token') ?? user.token;
    const secret = await totpSecretOf(enable);
    // Still off until the first code is confirmed; confirming turns it on.
    const confirm = await authRequest(
      t.app,
      '/two-factor/verify-totp',
      { code: await generate({ secret }) },
      as(user, current),
    );
    expect(confirm.status).toBe(200);
    const afterOn = confirm.headers.get('set-auth-token') ?? current;
    expect(await works(other)).toBe(401);
    expect(await works(afterOn)).toBe(200);

    // A second session, through the challenge, then TOTP off from the first one.
    const challenge = await authRequest(
      t.app,
      '/sign-in/email',
      { email: user.email, password: user.password },
      {
        'x-forwarded-for': user.address,
      },
    );
    const cookie = challenge.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const verified = await authRequest(
      t.app,
      '/two-factor/verify-totp',
      { code },
      { cookie, 'x-forwarded-for': user.address },
    );
    expect(verified.status).toBe(200);
    const second = verified.headers.get('set-auth-token')!;
    expect(await works(second)).toBe(200);
    const disable = await authRequest(
      t.app,
      '/two-factor/disable',
      { password: user.password },
      as(user, afterOn),
    );
    expect(disable.status).toBe(200);
    expect(await works(second)).toBe(401);
    expect(await works(disable.headers.get('set-auth-token') ?? afterOn)).toBe(200);
  });
});

describe('job-queue-event-loop lock', () => {
  it('is per user: one user holding a loop does not refuse another user', async () => {
    const other = await createTestUser(t.app);
    const [first, second] = await Promise.all([
      t.call('job-queue-event-loop', { exit_after_seconds: 3 }),
      new Promise((resolve) => setTimeout(resolve, 1_000)).then(() =>
        callFunction(t.app, 'job-queue-event-loop', { exit_after_seconds: 1 }, other.token),
      ),
    ]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
  });
});

describe("a provider's broken JSON in the worker log", () => {
  it('is one warning with its kind, not an error with a stack', () => {
    const captured = captureLog();
    const error = new ProviderError(
      'bad_response',
      "The AI provider's answer could not be used: it was not valid JSON.",
    );
    workerLogger(captured.log)
      .scope({ jobId: '7', taskIdentifier: 'generate-product' })
      .error(`Failed task 7 (generate-product) with error ${error.message}:\n${error.stack}`, { error });
    const lines = captured.entries();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, provider_error: 'bad_response', job_id: '7' });
    expect(captured.text()).not.toMatch(/stack|at .*\.ts:\d+/);
  });
});
