// With TOTP on, a magic link and an email code both end in the two-factor challenge, not in the app.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';
import { totpSecretOf } from '../support/auth-answers';
import { outboxEntries } from '../support/dev-outbox';
import { expectNoAxeViolations } from './axe';
import {
  createConfirmedUser,
  expectSignedInShell,
  linkFromOutbox,
  PASSWORD,
  presentOwnClientAddress,
  screenshot,
  uniqueEmail,
} from './helpers';

/** A confirmed account with TOTP turned on through the auth routes; returns the TOTP secret. */
async function userWithTotp(request: APIRequestContext, email: string, address: string): Promise<string> {
  await createConfirmedUser(request, email, address);
  const headers = { origin: `http://localhost:${process.env.E2E_PORT ?? 3100}`, 'x-forwarded-for': address };
  const signIn = await request.post('/api/auth/sign-in/email', {
    data: { email, password: PASSWORD },
    headers,
  });
  const bearer = { ...headers, authorization: `Bearer ${signIn.headers()['set-auth-token']}` };
  const enable = await request.post('/api/auth/two-factor/enable', {
    data: { password: PASSWORD },
    headers: bearer,
  });
  const secret = await totpSecretOf(enable);
  const confirm = await request.post('/api/auth/two-factor/verify-totp', {
    data: { code: await generate({ secret }) },
    headers: bearer,
  });
  expect(confirm.ok()).toBe(true);
  // Sign the API client out so only the browser's session matters from here.
  await request.post('/api/auth/sign-out', { headers: bearer });
  return secret;
}

/** The challenge page is shown and the app is not; the next time step's code lets the user in. */
async function passChallenge(page: Page, secret: string, name: string) {
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
  await screenshot(page, `${name}-challenge`);
  await expectNoAxeViolations(page, `${name}-challenge`);
  const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expectSignedInShell(page);
}

test('TOTP on: a magic link leads to the two-factor challenge, then the app', async ({ page, request }) => {
  const address = await presentOwnClientAddress(page);
  const email = uniqueEmail('magic-2fa');
  const secret = await userWithTotp(request, email, address);
  await page.goto('/');
  await page.getByRole('button', { name: 'Send a magic link email' }).click();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send magic link' }).click();
  await expect(page.getByText('Check your email for the magic link')).toBeVisible();
  await page.goto(await linkFromOutbox(request, email, '/magic-link/verify'));
  await passChallenge(page, secret, 'magic-link-2fa');
});

test('TOTP on: an email code leads to the two-factor challenge, then the app', async ({ page, request }) => {
  const address = await presentOwnClientAddress(page);
  const email = uniqueEmail('otp-2fa');
  const secret = await userWithTotp(request, email, address);
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in with a one-time code' }).click();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  let code: string | undefined;
  await expect
    .poll(async () => {
      const entries = outboxEntries.parse(await (await request.get('/dev/outbox.json')).json());
      code = entries.find((e) => e.to === email && /code/.test(e.subject))?.subject.match(/(\d{6})/)?.[1];
      return code;
    })
    .toBeTruthy();
  await page.getByLabel('One-time code').fill(code!);
  await page.getByRole('button', { name: 'Verify code' }).click();
  await passChallenge(page, secret, 'email-code-2fa');
});
