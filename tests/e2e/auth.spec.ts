// Sign-in journeys through the real app, its dev outbox and Chromium.
import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { expectNoAxeViolations } from './axe';
import {
  createConfirmedUser,
  expectOnlySignInPanel,
  expectSignedInShell,
  linkFromOutbox,
  PASSWORD,
  presentOwnClientAddress,
  screenshot,
  signInWithPassword,
  uniqueEmail,
} from './helpers';

test('sign-up → confirmation link → sign-in → shell → sign-out', async ({ page, request }) => {
  await presentOwnClientAddress(page);
  const email = uniqueEmail('signup');
  await page.goto('/');
  await expectOnlySignInPanel(page);

  // The typed email and password carry over to the sign-up view.
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  await expect(page.getByLabel('Email address')).toHaveValue(email);
  await expect(page.getByRole('textbox', { name: 'Create a password', exact: true })).toHaveValue(PASSWORD);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page.getByText('Check your email for the confirmation link')).toBeVisible();
  await screenshot(page, 'auth-01-sign-up-confirm-email');
  await expectNoAxeViolations(page, 'auth-01-sign-up-confirm-email');

  const link = await linkFromOutbox(request, email, '/verify-email');
  await page.goto(link);
  await expect(page.getByText('Your email address is confirmed')).toBeVisible();
  await signInWithPassword(page, email);
  await expectSignedInShell(page);
  await expect(page.getByRole('heading', { name: 'Welcome to Copyloom' })).toBeVisible();
  await screenshot(page, 'auth-02-signed-in-shell');
  await expectNoAxeViolations(page, 'auth-02-signed-in-shell');

  // The session survives a reload.
  await page.reload();
  await expectSignedInShell(page);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expectOnlySignInPanel(page);
  await screenshot(page, 'auth-03-signed-out');
  await expectNoAxeViolations(page, 'auth-03-signed-out');
  // Signing out ended the session on the server too: a reload stays signed out.
  await page.reload();
  await expectOnlySignInPanel(page);
});

test('a wrong password shows the auth error in a danger box', async ({ page, request }) => {
  const address = await presentOwnClientAddress(page);
  const email = uniqueEmail('wrong');
  await createConfirmedUser(request, email, address);
  await page.goto('/');
  await signInWithPassword(page, email, 'not the password');
  await expect(page.getByRole('alert', { name: 'There was a problem' })).toContainText(
    'Invalid email or password',
  );
});

test('TOTP: enrol → sign out → sign-in asks for a code → wrong code refused → right code accepted', async ({
  page,
  request,
}) => {
  const address = await presentOwnClientAddress(page);
  const email = uniqueEmail('totp');
  await createConfirmedUser(request, email, address);
  await page.goto('/');
  await signInWithPassword(page, email);
  await expectSignedInShell(page);

  await page.getByRole('link', { name: 'Account' }).click();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expect(page.getByTestId('backup-codes').getByRole('listitem')).toHaveCount(10);
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await screenshot(page, 'totp-01-enrol');
  await expectNoAxeViolations(page, 'totp-01-enrol');
  const enrolCode = await generate({ secret });
  await page.getByLabel('3. Enter the 6-digit code from the app').fill(enrolCode);
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('On', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expectOnlySignInPanel(page);
  await signInWithPassword(page, email);
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  await screenshot(page, 'totp-02-challenge');
  await expectNoAxeViolations(page, 'totp-02-challenge');

  await page.getByLabel('Authentication code').fill(enrolCode === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByRole('alert', { name: 'There was a problem' })).toContainText(
    'That code is not right',
  );
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);

  // A code is accepted once: use the next time step's code, not the one spent on enrolment.
  const nextCode = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
  await page.getByLabel('Authentication code').fill(nextCode);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expectSignedInShell(page);
  await screenshot(page, 'totp-03-signed-in');
  await expectNoAxeViolations(page, 'totp-03-signed-in');
});

test('magic link signs in through the outbox', async ({ page, request }) => {
  const address = await presentOwnClientAddress(page);
  const email = uniqueEmail('magic');
  await createConfirmedUser(request, email, address);
  await page.goto('/');
  await page.getByRole('button', { name: 'Send a magic link email' }).click();
  await page.getByRole('button', { name: 'Send magic link' }).click();
  await expect(page.getByRole('alert', { name: 'There was a problem' })).toContainText(
    'Please enter your email address',
  );
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send magic link' }).click();
  await expect(page.getByText('Check your email for the magic link')).toBeVisible();
  await screenshot(page, 'magic-link-01-sent');
  await expectNoAxeViolations(page, 'magic-link-01-sent');

  const link = await linkFromOutbox(request, email, '/magic-link/verify');
  await page.goto(link);
  await expectSignedInShell(page);
  await screenshot(page, 'magic-link-02-signed-in');
  await expectNoAxeViolations(page, 'magic-link-02-signed-in');
});

test('password reset: link → update_password → sign in with the new password', async ({ page, request }) => {
  const address = await presentOwnClientAddress(page);
  const email = uniqueEmail('reset');
  await createConfirmedUser(request, email, address);
  await page.goto('/');
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send reset password instructions' }).click();
  await expect(page.getByText('Check your email for the password reset link')).toBeVisible();

  const link = await linkFromOutbox(request, email, '/reset-password/');
  await page.goto(link);
  await expect(page.getByText('Choose a new password')).toBeVisible();
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('my brand new password');
  await screenshot(page, 'reset-01-update-password');
  await expectNoAxeViolations(page, 'reset-01-update-password');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Your password has been updated')).toBeVisible();

  await signInWithPassword(page, email, 'my brand new password');
  await expectSignedInShell(page);
  await screenshot(page, 'reset-02-signed-in');
  await expectNoAxeViolations(page, 'reset-02-signed-in');
});

test('view-bundle routes with missing or invalid ids show the not-found message', async ({
  page,
  request,
}) => {
  const address = await presentOwnClientAddress(page);
  const email = uniqueEmail('routes');
  await createConfirmedUser(request, email, address);
  await page.goto('/');
  await signInWithPassword(page, email);
  await expectSignedInShell(page);
  for (const path of ['/view-bundle', '/view-bundle/abc', '/view-bundle/12', '/view-bundle/1.5/2']) {
    await page.goto(path);
    await expect(
      page.getByText('Oh no! Could not find that bundle. Please create a new one, or select another.'),
    ).toBeVisible();
  }
});
