// Every screen names its tab, an unknown address gets a not-found page rather than the welcome page, and a
// missing file under the app (a sample CSV) is a 404.
import { expect, test } from '@playwright/test';
import { outboxEntries } from '../support/dev-outbox';
import { expectNoAxeViolations } from './axe';
import {
  chooseWorkflow,
  expectOnlySignInPanel,
  linkFromOutbox,
  OFFLINE_WRITER,
  PASSWORD,
  presentOwnClientAddress,
  signInNewUser,
  signInWithPassword,
  uniqueEmail,
} from './helpers';

test('tab titles per screen, and a not-found page for unknown addresses', async ({ page, request }) => {
  await presentOwnClientAddress(page);
  await page.goto('/');
  await expectOnlySignInPanel(page);
  await expect(page).toHaveTitle('Sign in to your account · Copyloom');
  await expectNoAxeViolations(page, 'sign-in');

  await signInNewUser(page, request, 'titles');
  await expect(page).toHaveTitle('Copyloom');
  await expectNoAxeViolations(page, 'welcome');
  await page.getByRole('link', { name: 'New', exact: true }).click();
  await expect(page).toHaveTitle('New bundle · Copyloom');
  await expectNoAxeViolations(page, 'new bundle');
  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await expect(page).toHaveTitle('Account · Copyloom');
  await expectNoAxeViolations(page, 'account');
  await page.getByRole('link', { name: 'Workspace', exact: true }).click();
  await expect(page).toHaveTitle('Workspace · Copyloom');
  await expectNoAxeViolations(page, 'workspace');

  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('Welcome to Copyloom')).toHaveCount(0);
  await expect(page).toHaveTitle('Page not found · Copyloom');
  await expectNoAxeViolations(page, 'page not found');
  await page.getByRole('link', { name: 'Go to the start page' }).click();
  await expect(page.getByText('Welcome to Copyloom')).toBeVisible();
});

test('a missing sample file is a 404, not the app page', async ({ request }) => {
  const missing = await request.get('/samples/no-such-store.csv');
  expect(missing.status()).toBe(404);
  expect(await missing.text()).not.toContain('<div id="root">');
});

test('a bundle name past 200 characters is refused at the field, naming the limit', async ({
  page,
  request,
}) => {
  await presentOwnClientAddress(page);
  await signInNewUser(page, request, 'long-name');
  await page.getByRole('link', { name: 'New', exact: true }).click();
  await page.getByLabel('Bundle Name').fill('A'.repeat(500));
  await page.getByText('Manual', { exact: true }).click();
  await page.getByLabel('Product List').fill('Linen Cushion,Hemma,,,,Sand,A soft linen cushion cover.,');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('At most 200 characters (this name has 500).')).toBeVisible();
  await expectNoAxeViolations(page, 'new bundle: a field refused');
  await expect(page).toHaveURL(/\/new-bundle$/);
});

test('an unconfirmed address gets a plain message and can have the confirmation sent again', async ({
  page,
  request,
}) => {
  await presentOwnClientAddress(page);
  const email = uniqueEmail('unconfirmed');
  await page.goto('/');
  await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('textbox', { name: 'Create a password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page.getByText('Check your email for the confirmation link')).toBeVisible();
  await linkFromOutbox(request, email, '/verify-email');

  await page.getByRole('button', { name: 'Already have an account? Sign in' }).click();
  await signInWithPassword(page, email);
  const problem = page.getByRole('alert', { name: 'There was a problem' });
  await expect(problem).toContainText('Confirm your email address first');
  await expect(problem).not.toContainText('Email not verified');
  await expectNoAxeViolations(page, 'sign-in: unconfirmed address');
  await page.getByRole('button', { name: 'Resend confirmation' }).click();
  await expect(page.getByText(`We sent the confirmation link to ${email} again.`)).toBeVisible();
  await expect
    .poll(async () => {
      const outbox = outboxEntries.parse(await (await request.get('/dev/outbox.json')).json());
      return outbox.filter(
        (entry) => entry.to === email && entry.links.some((l) => l.includes('/verify-email')),
      ).length;
    })
    .toBe(2);
});

test('a long unbroken string wraps inside its cell', async ({ page, request }) => {
  await presentOwnClientAddress(page);
  await signInNewUser(page, request, 'long-string');
  await page.getByRole('link', { name: 'New', exact: true }).click();
  await page.getByLabel('Bundle Name').fill('Long strings');
  await page.getByText('Manual', { exact: true }).click();
  // A name with no space in it, as a SKU-like title or a pasted URL slug would be.
  const unbroken = `LinenCushion${'Sand'.repeat(40)}`;
  await page.getByLabel('Product List').fill(`${unbroken},Hemma,,,,Sand,A soft linen cushion cover.,`);
  await chooseWorkflow(page, OFFLINE_WRITER);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByLabel('1 of 1 products done')).toBeVisible({ timeout: 60_000 });
  const spilling = await page
    .locator('table td')
    .evaluateAll((cells) =>
      cells
        .filter((cell) => cell.scrollWidth > cell.clientWidth + 1)
        .map((cell) => cell.textContent?.slice(0, 40)),
    );
  expect(spilling).toEqual([]);
});
