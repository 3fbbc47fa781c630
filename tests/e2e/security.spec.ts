// What the browser shows of the security rules: weak passwords refused with a reason, the outbox warning.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import {
  createConfirmedUser,
  presentOwnClientAddress,
  screenshot,
  signInWithPassword,
  uniqueEmail,
} from './helpers';

test('sign-up refuses a common password and says why, then accepts a strong one', async ({ page }) => {
  await presentOwnClientAddress(page);
  await page.goto('/');
  await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  await expect(page.getByText('not a common or easily guessed password')).toBeVisible();
  await page.getByLabel('Email address').fill(uniqueEmail('weak'));
  for (const weak of ['password', '12345678', 'aaaaaaaa']) {
    // A new address per try: this is about the password rule, not the per-address rate limit.
    await presentOwnClientAddress(page);
    await page.getByLabel('Create a password').fill(weak);
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect(page.getByRole('alert', { name: 'There was a problem' })).toContainText(
      'This password is too easy to guess',
    );
  }
  await screenshot(page, 'sign-up-weak-password');
  await expectNoAxeViolations(page, 'sign-up-weak-password');
  await presentOwnClientAddress(page);
  await page.getByLabel('Create a password').fill('velvet harbour lantern mosaic');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page.getByText('Check your email for the confirmation link')).toBeVisible();
});

test('the dev outbox page warns that its links sign anyone in', async ({ page }) => {
  await page.goto('/dev/outbox');
  await expect(page.getByRole('heading', { name: 'Dev outbox' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Development only.');
  await expect(page.getByRole('alert')).toContainText('answers only on this machine');
  await screenshot(page, 'dev-outbox-warning');
  await expectNoAxeViolations(page, 'dev-outbox-warning');
});

test('five wrong passwords lock the account, and the form says how long to wait', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('lockout');
  await createConfirmedUser(request, email, await presentOwnClientAddress(page));
  await page.goto('/');
  for (let i = 0; i < 5; i++) {
    // Each guess from another address: the lock is per account, whatever the address.
    await presentOwnClientAddress(page);
    await signInWithPassword(page, email, `wrong guess number ${i}`);
    await expect(page.getByRole('alert', { name: 'There was a problem' })).toContainText(/invalid/i);
  }
  await presentOwnClientAddress(page);
  await signInWithPassword(page, email);
  await expect(page.getByRole('alert', { name: 'There was a problem' })).toContainText(
    /Too many wrong passwords for this account\. Try again in \d+ seconds/,
  );
  await expect(page.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
  await screenshot(page, 'sign-in-locked');
  await expectNoAxeViolations(page, 'sign-in-locked');
});
